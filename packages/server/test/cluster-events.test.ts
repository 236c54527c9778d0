// Cluster events (src/cluster-events/): what one process writes, every other process sharing the
// database applies, in order, after a NOTIFY; after a lost connection it catches up from the last
// id it read. Each ClusterEvents below stands for one process, on the real database engines.
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ClusterEvents,
  type ClusterEventsOptions,
  type ClusterEventSubscriber,
  type StartOptions,
} from '../src/cluster-events/cluster-events.ts';
import {
  THIS_PROCESS,
  readEvent,
  type ClusterEvent,
  type ReceivedEvent,
} from '../src/cluster-events/events.ts';
import { recordClusterEvent } from '../src/cluster-events/record.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { internalAccount } from '../src/store/accounts.ts';
import {
  insertSource,
  onSourceChange,
  remoteSourceChanges,
  updateSource,
} from '../src/store/sources.ts';
import { BACKENDS, postgresUrl, type Backend } from './databases.ts';

/** A real pino logger (Fastify's) whose lines are kept, to read what was logged. */
function capturedLog(): { log: FastifyBaseLogger; lines: { level: number; msg: string }[] } {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() !== '') lines.push(JSON.parse(line) as { level: number; msg: string });
      }
      done();
    },
  });
  return { log: Fastify({ logger: { level: 'info', stream } }).log, lines };
}

/** What one process applied, in order, and how often it was told events were missed. */
class Recorder implements ClusterEventSubscriber {
  readonly applied: ReceivedEvent[] = [];
  missedCount = 0;
  /** The ids `caughtUp` was told, in order. */
  readonly caughtUpTo: number[] = [];
  caughtUp(lastId: number): void {
    this.caughtUpTo.push(lastId);
  }
  apply(event: ReceivedEvent): void {
    this.applied.push(event);
  }
  missed(): void {
    this.missedCount += 1;
  }
  paths(): (string | null)[] {
    return this.applied.map((event) => ('path' in event ? event.path : null));
  }
}

/**
 * Waits for `done` to hold. Nothing here polls the database: only a NOTIFY (or a reconnection)
 * makes a process read, so a broken LISTEN leaves `done` false and the wait fails.
 */
async function until(done: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function purge(sourceId: string, path: string | null): ClusterEvent {
  return { kind: 'purge', sourceId, path };
}

const SOURCE = 'a1a1a1a1a1a1a1a1a1a1a1a1';
/** The sender of events written as if by another process. */
const ELSEWHERE = 'another-process';

function useDatabase(backend: Backend): () => Database {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await backend.open();
    await migrate(database);
  });
  afterAll(async () => {
    await database?.close();
  });
  return () => {
    if (database === undefined) throw new Error('database not open yet');
    return database;
  };
}

describe.each(BACKENDS)('cluster events on $name', (backend) => {
  const database = useDatabase(backend);
  const opened: ClusterEvents[] = [];

  /** A started ClusterEvents (one process) with a recorder subscribed. */
  async function process(
    options: Partial<ClusterEventsOptions> = {},
    start: StartOptions = {},
  ): Promise<{ events: ClusterEvents; recorder: Recorder }> {
    const { db, notifications } = database();
    const events = new ClusterEvents({
      db,
      notifications,
      log: capturedLog().log,
      ...options,
    });
    const recorder = new Recorder();
    events.subscribe(recorder);
    await events.start(start);
    opened.push(events);
    return { events, recorder };
  }

  afterEach(async () => {
    for (const events of opened.splice(0)) await events.close();
  });

  it("applies another process's events in order, and skips its own", async () => {
    const sender = await process();
    const listener = await process();
    await sender.events.publish(purge(SOURCE, 'a.png'));
    await sender.events.publish({ kind: 'asset-refresh', sourceId: SOURCE, path: 'b.png' });
    await sender.events.publish(purge(SOURCE, null));
    await until(() => listener.recorder.applied.length === 3, 'the listener applied three');
    expect(listener.recorder.applied.map(({ kind, sourceId }) => ({ kind, sourceId }))).toEqual([
      { kind: 'purge', sourceId: SOURCE },
      { kind: 'asset-refresh', sourceId: SOURCE },
      { kind: 'purge', sourceId: SOURCE },
    ]);
    expect(listener.recorder.paths()).toEqual(['a.png', 'b.png', null]);
    expect(listener.recorder.applied.every((event) => event.sender === sender.events.sender)).toBe(
      true,
    );
    // The sender has applied its purges already; it is not handed them again.
    expect(sender.recorder.applied).toEqual([]);
  });

  it('begins at the newest event when it starts', async () => {
    const sender = await process();
    await sender.events.publish(purge(SOURCE, 'before.png'));
    const late = await process();
    await sender.events.publish(purge(SOURCE, 'after.png'));
    await until(() => late.recorder.applied.length > 0, 'the late process applied one');
    expect(late.recorder.paths()).toEqual(['after.png']);
  });

  it('starts after the id its kept state reflects, while every event since is kept', async () => {
    const { db } = database();
    const kept = await recordClusterEvent(db, purge(SOURCE, 'applied-before.png'), ELSEWHERE);
    // Written while the process was down (by itself before it stopped, too: a sender of old).
    await recordClusterEvent(db, purge(SOURCE, 'while-down-1.png'), ELSEWHERE);
    const newest = await recordClusterEvent(db, purge(SOURCE, 'while-down-2.png'), 'its-old-self');
    const restarted = await process({}, { resumeAfter: kept });
    // Applied during start, before it returned.
    expect(restarted.recorder.paths()).toEqual(['while-down-1.png', 'while-down-2.png']);
    expect(restarted.recorder.missedCount).toBe(0);
    expect(restarted.recorder.caughtUpTo.at(-1)).toBe(newest);
  });

  it('drops what it kept when the events since may be gone, or its id is unknown', async () => {
    const { db } = database();
    const newest = await recordClusterEvent(db, purge(SOURCE, 'x.png'), ELSEWHERE);
    // Kept without an id (an older version's cache), or an id this database never reached.
    for (const resumeAfter of [null, newest + 1_000]) {
      const started = await process({}, { resumeAfter });
      expect(started.recorder.missedCount, String(resumeAfter)).toBe(1);
      expect(started.recorder.applied).toEqual([]);
      expect(started.recorder.caughtUpTo).toEqual([newest]);
    }
    // Events after the id were deleted by the sweep (which deletes the oldest first).
    await sql`delete from cluster_events where id <= ${newest}`.execute(db);
    const later = await recordClusterEvent(db, purge(SOURCE, 'y.png'), ELSEWHERE);
    const behind = await process({}, { resumeAfter: newest - 1 });
    expect(behind.recorder.missedCount).toBe(1);
    expect(behind.recorder.caughtUpTo).toEqual([later]);
    // Nothing kept: nothing to recover.
    const fresh = await process();
    expect(fresh.recorder.missedCount).toBe(0);
  });

  it('reads every row on one notification: a notification lost or folded costs nothing', async () => {
    const listener = await process();
    const { db } = database();
    // Rows written without a NOTIFY, as if their notifications were lost.
    await sql`insert into cluster_events (kind, payload)
      values ('purge', ${JSON.stringify({ sourceId: SOURCE, path: 'quiet-1.png' })}::jsonb),
             ('purge', ${JSON.stringify({ sourceId: SOURCE, path: 'quiet-2.png' })}::jsonb)`.execute(
      db,
    );
    await recordClusterEvent(db, purge(SOURCE, 'loud.png'), ELSEWHERE);
    await until(() => listener.recorder.applied.length === 3, 'all three rows were applied');
    expect(listener.recorder.paths()).toEqual(['quiet-1.png', 'quiet-2.png', 'loud.png']);
  });

  it('records a source change in the transaction of the change, for the other processes', async () => {
    const listener = await process();
    const { db } = database();
    const toldInProcess: string[] = [];
    const stopListening = onSourceChange((sourceId) => toldInProcess.push(sourceId));
    const source = await insertSource(db, {
      accountId: (await internalAccount(db)).id,
      name: 'cluster-events',
      type: 'darkroom_storage',
      storageProvider: null,
      settings: {
        cache_ttl_behavior: 'default',
        cache_ttl_value: 3600,
        cache_ttl_error: 300,
        crossdomain_cors_enabled: false,
        crossdomain_xml_enabled: false,
        custom_domains: [],
        default_params: {},
        darkroom_subdomains: [`cluster-events-${randomBytes(4).toString('hex')}`],
      },
      credentials: {},
      secureUrlEnabled: false,
      secureUrlToken: 'x',
      imageError: null,
      imageMissing: null,
    });
    await updateSource(db, source.id, { name: 'renamed' });
    // A change whose transaction rolls back announces nothing.
    await expect(
      updateSource(db, source.id, { name: 'never' }, async () => {
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await recordClusterEvent(db, purge(SOURCE, 'marker.png'), ELSEWHERE);
    await until(() => listener.recorder.paths().includes('marker.png'), 'the marker arrived');
    stopListening();
    const recorded = await db
      .selectFrom('cluster_events')
      .select(['id', 'kind', 'payload'])
      .where('kind', '=', 'source-change')
      .execute();
    const events = recorded.map((row) => readEvent({ ...row, id: Number(row.id) }));
    expect(events.filter((event) => event?.sourceId === source.id)).toEqual([
      expect.objectContaining({ kind: 'source-change', sender: THIS_PROCESS }),
      expect.objectContaining({ kind: 'source-change', sender: THIS_PROCESS }),
    ]);
    // This process's listeners were told at once, in process; its apps do not apply them again.
    expect(toldInProcess.filter((id) => id === source.id)).toHaveLength(2);
    expect(listener.recorder.applied.some((event) => event.kind === 'source-change')).toBe(false);
  });

  it("passes another process's source change on to this process's listeners", async () => {
    const { events } = await process();
    events.subscribe(remoteSourceChanges);
    const { db } = database();
    const told: string[] = [];
    const stopListening = onSourceChange((sourceId) => told.push(sourceId));
    try {
      const changed = 'b2b2b2b2b2b2b2b2b2b2b2b2';
      await recordClusterEvent(db, { kind: 'source-change', sourceId: changed }, ELSEWHERE);
      await until(() => told.includes(changed), 'the change was passed on');
    } finally {
      stopListening();
    }
  });

  it('deletes the events older than the retention, in batches, and keeps the others', async () => {
    const { events } = await process({ retentionMs: 60 * 60_000 });
    const { db } = database();
    await sql`insert into cluster_events (kind, payload, created_at)
      select 'purge', ${JSON.stringify({ sourceId: SOURCE, path: 'old.png' })}::jsonb,
             now() - interval '2 hours'
      from generate_series(1, 1500)`.execute(db);
    const fresh = await recordClusterEvent(db, purge(SOURCE, 'fresh.png'));
    expect(await events.sweep()).toBeGreaterThanOrEqual(1500);
    const left = await db
      .selectFrom('cluster_events')
      .select('id')
      .where('created_at', '<', new Date(Date.now() - 60 * 60_000))
      .execute();
    expect(left).toEqual([]);
    const kept = await db
      .selectFrom('cluster_events')
      .select('id')
      .where('id', '=', fresh)
      .execute();
    expect(kept).toHaveLength(1);
  });
});

describe.runIf(postgresUrl !== null)('cluster events on PostgreSQL, across connections', () => {
  const backend = BACKENDS.find((candidate) => candidate.name === 'postgres');
  if (backend === undefined) return;
  const database = useDatabase(backend);
  const opened: ClusterEvents[] = [];

  async function process(
    options: Partial<ClusterEventsOptions> = {},
  ): Promise<{ events: ClusterEvents; recorder: Recorder; lines: { msg: string }[] }> {
    const { db, notifications } = database();
    const { log, lines } = capturedLog();
    const events = new ClusterEvents({ db, notifications, log, reconnectMs: 50, ...options });
    const recorder = new Recorder();
    events.subscribe(recorder);
    await events.start();
    opened.push(events);
    return { events, recorder, lines };
  }

  afterEach(async () => {
    for (const events of opened.splice(0)) await events.close();
  });

  /** Ends every LISTEN connection of the database, as a server restart or a network cut would. */
  async function cutListeners(): Promise<number> {
    const { rows } = await sql<{ ended: boolean }>`
      select pg_terminate_backend(pid) as ended from pg_stat_activity
      where application_name = 'darkroom-cluster-events' and datname = current_database()`.execute(
      database().db,
    );
    return rows.length;
  }

  it('holds one connection of its own, outside the pool, listening', async () => {
    await process();
    const { rows } = await sql<{ query: string }>`
      select query from pg_stat_activity
      where application_name = 'darkroom-cluster-events' and datname = current_database()`.execute(
      database().db,
    );
    expect(rows.map((row) => row.query.toLowerCase())).toEqual(['listen darkroom_events']);
  });

  it('reconnects after losing its connection and catches up on what it missed, in order', async () => {
    const sender = await process();
    const listener = await process();
    await sender.events.publish(purge(SOURCE, 'heard.png'));
    await until(() => listener.recorder.applied.length === 1, 'the first event was applied');
    expect(await cutListeners()).toBe(2);
    // Written while nobody listens: their notifications are gone for good.
    await recordClusterEvent(database().db, purge(SOURCE, 'missed-1.png'), ELSEWHERE);
    await recordClusterEvent(database().db, purge(SOURCE, 'missed-2.png'), ELSEWHERE);
    await until(
      () => listener.recorder.applied.length === 3,
      'the listener caught up after reconnecting',
    );
    expect(listener.recorder.paths()).toEqual(['heard.png', 'missed-1.png', 'missed-2.png']);
    expect(listener.lines.map((line) => line.msg)).toContain(
      'cluster events: LISTEN connection lost; reconnecting',
    );
    // And it listens again.
    await sender.events.publish(purge(SOURCE, 'after.png'));
    await until(() => listener.recorder.applied.length === 4, 'the listener hears again');
    expect(listener.recorder.missedCount).toBe(0);
  });

  it('applies an event whose transaction commits after a newer one was read', async () => {
    const listener = await process();
    const { notifications } = database();
    if (notifications.kind !== 'postgres') throw new Error('a PostgreSQL database was expected');
    const slow = new pg.Client({ connectionString: notifications.connectionString });
    await slow.connect();
    try {
      await slow.query('begin');
      // Takes its id now, and is seen only at commit.
      await slow.query(
        `with recorded as (insert into cluster_events (kind, payload) values ('purge', $1::jsonb) returning id)
         select pg_notify('darkroom_events', id::text) from recorded`,
        [JSON.stringify({ sourceId: SOURCE, path: 'slow.png' })],
      );
      await recordClusterEvent(database().db, purge(SOURCE, 'quick.png'), ELSEWHERE);
      await until(() => listener.recorder.applied.length === 1, 'the quick event was applied');
      await slow.query('commit');
      await until(() => listener.recorder.applied.length === 2, 'the slow event was applied too');
      expect(listener.recorder.paths()).toEqual(['quick.png', 'slow.png']);
    } finally {
      await slow.end();
    }
  });

  it('says events may be lost after being deaf about as long as they are kept', async () => {
    const listener = await process({ retentionMs: 100, reconnectMs: 300 });
    await cutListeners();
    await until(() => listener.recorder.missedCount === 1, 'the listener reported missed events');
    // It listens again, from the newest event.
    await recordClusterEvent(database().db, purge(SOURCE, 'later.png'), ELSEWHERE);
    await until(() => listener.recorder.applied.length === 1, 'the listener hears again');
  });
});
