// The periodic analytics housekeeping of a server process: roll usage events up and prune the
// raw ones past their retention. Several processes may run it: the watermark row serialises
// their rollups (rollup.ts), and pruning only deletes what is rolled up.
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';
import { pruneUsageEvents, rollUpUsage } from './rollup.ts';

export interface RollupRunnerOptions {
  db: Kysely<DatabaseSchema>;
  intervalMinutes: number;
  retentionDays: number;
  log: FastifyBaseLogger;
}

export interface RollupRunner {
  start(): void;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

export function createRollupRunner(options: RollupRunnerOptions): RollupRunner {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  async function runOnce(): Promise<void> {
    try {
      const { batches } = await rollUpUsage(options.db);
      // The embedded database has no autovacuum: without fresh statistics the planner keeps
      // the row counts of an empty table and scans the aggregates instead of using indexes.
      if (batches > 0) {
        await sql`analyze usage_events, usage_rollups_hourly, usage_rollups_daily`.execute(
          options.db,
        );
      }
      const pruned = await pruneUsageEvents(options.db, options.retentionDays);
      if (pruned > 0) options.log.info({ pruned }, 'pruned usage events past their retention');
    } catch (error) {
      options.log.error({ err: error }, 'usage rollup failed');
    }
  }

  return {
    start() {
      if (options.intervalMinutes <= 0 || timer !== null) return;
      timer = setInterval(() => {
        // A run longer than the interval is not stacked on.
        running ??= runOnce().finally(() => {
          running = null;
        });
      }, options.intervalMinutes * 60_000);
      timer.unref();
    },
    async stop() {
      if (timer !== null) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
