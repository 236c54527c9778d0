// One app's metrics (README, "Metrics"), in a prom-client Registry of the app's own: tests build
// many apps in one process, and prom-client's global registry takes each name once. It holds the
// counts the request paths keep (server-counters.ts), copied into prom-client when Prometheus
// scrapes; gauges read at scrape time (the usage meter's backlog, the job queue, the PostgreSQL
// pool); and the process's default metrics (process-registry.ts). Names follow Prometheus's naming
// conventions (prometheus.io/docs/practices/naming): one `darkroom_` prefix, base units
// (seconds), `_total` on counters, and every label set of a counter present from the start, at 0
// ("Avoid missing metrics", prometheus.io/docs/practices/instrumentation), so rate() sees the
// first increment.
import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, Registry } from 'prom-client';
import type { Database, PoolStats } from '../db/database.ts';
import {
  AI_RENDER_JOB,
  ASSET_ANALYSIS_JOB,
  ASSET_INDEX_JOB,
  BILLING_PERIOD_CLOSE_JOB,
  SOURCE_DEPLOY_JOB,
  VIDEO_GENERATION_JOB,
  VIDEO_RENDER_JOB,
} from '../jobs/kinds.ts';
import { JobQueueStats, type JobKindStats } from './job-queue-stats.ts';
import { processRegistry } from './process-registry.ts';
import {
  CACHE_RESULTS,
  REQUEST_KINDS,
  STATUS_CLASSES,
  type ServerCounters,
} from './server-counters.ts';

/** Every job kind, reported at 0 while none of it waits. */
const JOB_KINDS: readonly string[] = [
  SOURCE_DEPLOY_JOB,
  ASSET_INDEX_JOB,
  ASSET_ANALYSIS_JOB,
  BILLING_PERIOD_CLOSE_JOB,
  VIDEO_GENERATION_JOB,
  AI_RENDER_JOB,
  VIDEO_RENDER_JOB,
].map((kind) => kind.name);

/**
 * Longest a scrape waits for the job queue query. Prometheus's default scrape_timeout is 10 s; the
 * embedded database runs one query at a time, so the query may wait behind a transaction.
 */
const JOB_QUERY_TIMEOUT_MS = 2_000;

export interface MetricsSources {
  counters: ServerCounters;
  database: Database;
  /** Usage rows recorded and not yet written (Delivery.usageBacklog). */
  usageBacklog: () => number;
  log: FastifyBaseLogger;
}

/** The registry `/metrics` exposes for one app. */
export function createMetricsRegistry(sources: MetricsSources): Registry {
  const registry = new Registry();
  registerCounts(registry, sources.counters);
  registerMeteringBacklog(registry, sources.usageBacklog);
  registerJobQueue(
    registry,
    new JobQueueStats(sources.database.db, {
      timeoutMs: JOB_QUERY_TIMEOUT_MS,
      reuseMs: 1_000,
      log: sources.log,
    }),
  );
  if (sources.database.poolStats() !== null) registerPool(registry, sources.database);
  return Registry.merge([registry, processRegistry()]);
}

function registerCounts(registry: Registry, counters: ServerCounters): void {
  const registers = [registry];
  const requestSlots = REQUEST_KINDS.flatMap((kind) =>
    STATUS_CLASSES.map((statusClass, classIndex) => ({
      labels: { kind, status_class: statusClass },
      kind,
      classIndex,
    })),
  );
  new Counter({
    name: 'darkroom_http_requests_total',
    help: 'HTTP requests answered, by kind (delivery, api, dashboard, other: /healthz, /readyz and /metrics) and status class.',
    labelNames: ['kind', 'status_class'],
    registers,
    collect() {
      this.reset();
      for (const { labels, kind, classIndex } of requestSlots) {
        this.inc(labels, counters.requests(kind, classIndex));
      }
    },
  });
  new Counter({
    name: 'darkroom_delivery_cache_total',
    help: "Delivery answers for a source's URLs by render cache result: hit, miss (rendered now), or none (no render: a refusal, an error, a render left to its job).",
    labelNames: ['result'],
    registers,
    collect() {
      this.reset();
      CACHE_RESULTS.forEach((result, index) => this.inc({ result }, counters.cacheResults(index)));
    },
  });
  registry.registerMetric(counters.renderSeconds);
  new Counter({
    name: 'darkroom_usage_events_dropped_total',
    help: 'Usage events (metered delivery requests) given up unwritten: past the rows the meter keeps or the hour it retries while the database is away, refused by it, or left at shutdown.',
    registers,
    collect() {
      this.reset();
      this.inc(counters.droppedUsageEvents);
    },
  });
  new Counter({
    name: 'darkroom_cdn_purge_failures_total',
    help: 'Purge requests to the CDN (CDN_PURGE_PROVIDER) that failed for good, their retries used up: the CDN may serve the purged images until their TTL ends.',
    registers,
    collect() {
      this.reset();
      this.inc(counters.cdnPurgeFailures);
    },
  });
}

function registerMeteringBacklog(registry: Registry, usageBacklog: () => number): void {
  new Gauge({
    name: 'darkroom_metering_backlog_rows',
    help: 'Usage rows recorded and not yet written to the database, those waiting to be written again included.',
    registers: [registry],
    collect() {
      this.set(usageBacklog());
    },
  });
}

function registerJobQueue(registry: Registry, stats: JobQueueStats): void {
  const gauge = (name: string, help: string, value: (kind: JobKindStats) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['kind'],
      registers: [registry],
      async collect() {
        const byKind = await stats.read();
        this.reset();
        // No sample at all when the database did not answer: an absent series, not a false 0.
        if (byKind === null) return;
        for (const kind of new Set([...JOB_KINDS, ...byKind.keys()])) {
          const kindStats = byKind.get(kind);
          this.set({ kind }, kindStats === undefined ? 0 : value(kindStats));
        }
      },
    });
  gauge(
    'darkroom_jobs_queued',
    'Jobs due and waiting for a runner, by kind.',
    (kind) => kind.queued,
  );
  gauge('darkroom_jobs_running', "Jobs in a runner's hands, by kind.", (kind) => kind.running);
  gauge(
    'darkroom_job_lag_seconds',
    'Seconds since the oldest waiting job of the kind was due; 0 when none waits.',
    (kind) => kind.lagSeconds,
  );
}

function registerPool(registry: Registry, database: Database): void {
  const gauge = (name: string, help: string, value: (stats: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const stats = database.poolStats();
        if (stats !== null) this.set(value(stats));
      },
    });
  gauge(
    'darkroom_db_pool_connections',
    'PostgreSQL connections the pool holds open, idle or in use.',
    (stats) => stats.total,
  );
  gauge(
    'darkroom_db_pool_idle_connections',
    'PostgreSQL connections open and idle.',
    (stats) => stats.idle,
  );
  gauge(
    'darkroom_db_pool_waiting_requests',
    'Queries and transactions waiting for a free PostgreSQL connection.',
    (stats) => stats.waiting,
  );
  gauge(
    'darkroom_db_pool_max_connections',
    'The most PostgreSQL connections the pool opens.',
    (stats) => stats.max,
  );
}
