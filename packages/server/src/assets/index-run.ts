import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema, SourceRow } from '../db/schema.ts';
import { ASSET_INDEX_JOB } from '../jobs/kinds.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { findSource } from '../store/sources.ts';
import { StorageError, type StorageAdapter, type StorageObject } from '../storage/types.ts';
import {
  assetAddress,
  deleteAsset,
  deleteUnseen,
  markSeen,
  recordIndexFailure,
  storedIdentities,
} from './asset-rows.ts';
import { requestAssetAnalysis } from './analysis/request.ts';
import { parseCursor, type IndexCursor } from './index-cursor.ts';
import { indexWithAdapter, type AssetIndexDependencies } from './indexer.ts';

type Db = Kysely<DatabaseSchema>;

/** How much one job invocation does before it hands the rest of the run to its continuation. */
export interface SliceBudget {
  maxObjects: number;
  maxMs: number;
}

const DEFAULT_SLICE_BUDGET: SliceBudget = { maxObjects: 200, maxMs: 10_000 };

/** Objects read and described at the same time within a slice. */
const READS_IN_FLIGHT = 4;

/** Served paths read from usage_events per query. */
const SERVED_PAGE_SIZE = 100;

export interface SliceOptions {
  budget?: SliceBudget;
  /** Minutes from a finished run to the next scheduled one; 0 schedules none. */
  intervalMinutes: number;
}

/** 'stale' when the job belongs to a run that has finished or been replaced. */
export type SliceOutcome = 'continued' | 'finished' | 'stale';

interface SliceState {
  deps: AssetIndexDependencies;
  source: SourceRow;
  adapter: StorageAdapter;
  runId: string;
  seen: number;
  indexed: number;
  lastError: string | null;
  deadline: number;
  budget: SliceBudget;
}

const budgetLeft = (state: SliceState): number =>
  Date.now() >= state.deadline ? 0 : state.budget.maxObjects - state.seen;

/** The origin has not changed the object since its row was written: no need to read it. */
function unchanged(
  object: StorageObject,
  row:
    | {
        file_size: string | number | null;
        origin_etag: string | null;
        origin_modified_at: Date | null;
        index_error: string | null;
      }
    | undefined,
): boolean {
  if (row === undefined || row.index_error !== null) return false;
  if (object.size === null || row.file_size === null || Number(row.file_size) !== object.size) {
    return false;
  }
  if (object.etag !== null && row.origin_etag !== null) return object.etag === row.origin_etag;
  return (
    object.lastModified !== null &&
    row.origin_modified_at !== null &&
    object.lastModified.getTime() === row.origin_modified_at.getTime()
  );
}

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** Indexes `objects` in order until the budget runs out; returns how many it got through. */
async function indexObjects(state: SliceState, objects: readonly StorageObject[]): Promise<number> {
  const { db } = state.deps;
  const identities = await storedIdentities(
    db,
    state.source.id,
    objects.map((object) => object.path),
  );
  const seenIds: string[] = [];
  let next = 0;
  const indexNext = async (): Promise<void> => {
    while (budgetLeft(state) > 0) {
      const object = objects[next];
      if (object === undefined) return;
      next += 1;
      state.seen += 1;
      const { id } = assetAddress(state.source.id, object.path);
      if (unchanged(object, identities.get(id))) {
        seenIds.push(id);
        continue;
      }
      await indexOne(state, object);
    }
  };
  // A few reads in flight hide the origin's latency; objects are taken in listing order, so
  // those done are always the first `next` of them, which is what the cursor records.
  await Promise.all(Array.from({ length: READS_IN_FLIGHT }, indexNext));
  await markSeen(db, seenIds, state.runId);
  return next;
}

async function indexOne(state: SliceState, object: StorageObject): Promise<void> {
  try {
    const row = await indexWithAdapter(state.deps, state.adapter, state.source, object, {
      runId: state.runId,
    });
    if (row !== null) state.indexed += 1;
  } catch (error) {
    // Gone between the listing and the read: its row went with it.
    if (error instanceof StorageError && error.kind === 'not_found') return;
    state.lastError = `${object.path}: ${messageOf(error)}`;
    await recordIndexFailure(state.deps.db, state.source, object, messageOf(error), state.runId);
  }
}

async function walkListing(
  state: SliceState,
  cursor: Extract<IndexCursor, { mode: 'listing' }>,
): Promise<boolean> {
  while (cursor.current !== null && budgetLeft(state) > 0) {
    const current = cursor.current;
    const page = await state.adapter.list(current.prefix, current.page);
    const rest = page.objects.slice(current.done);
    const done = await indexObjects(state, rest.slice(0, budgetLeft(state)));
    current.done += done;
    if (current.done < page.objects.length) break;
    // Reversed so that popping the stack visits sibling folders in listing order.
    cursor.pending.push(...[...page.folders].reverse());
    if (page.cursor !== null) {
      cursor.current = { prefix: current.prefix, page: page.cursor, done: 0 };
    } else {
      const next = cursor.pending.pop();
      cursor.current = next === undefined ? null : { prefix: next, page: null, done: 0 };
    }
  }
  return cursor.current === null;
}

/** Web folders and web proxies: the distinct paths delivery served from the source. */
async function walkServed(
  state: SliceState,
  cursor: Extract<IndexCursor, { mode: 'served' }>,
): Promise<boolean> {
  const { db } = state.deps;
  while (budgetLeft(state) > 0) {
    let query = db
      .selectFrom('usage_events')
      .select('path')
      .distinct()
      .where('source_id', '=', state.source.id)
      .where('status', 'in', [200, 304])
      .orderBy('path')
      .limit(Math.min(SERVED_PAGE_SIZE, budgetLeft(state)));
    if (cursor.after !== null) query = query.where('path', '>', cursor.after);
    const paths = (await query.execute()).map((row) => row.path);
    if (paths.length === 0) return true;
    for (const servedPath of paths) {
      if (budgetLeft(state) <= 0) return false;
      const storagePath = servedPath.replace(/^\/+/, '');
      cursor.after = servedPath;
      let object: StorageObject;
      try {
        object = { ...(await state.adapter.head(storagePath)), path: storagePath };
      } catch (error) {
        if (error instanceof StorageError && error.kind === 'not_found') {
          state.seen += 1;
          await deleteAsset(db, state.source.id, storagePath);
          continue;
        }
        object = {
          path: storagePath,
          size: null,
          contentType: null,
          lastModified: null,
          etag: null,
        };
      }
      await indexObjects(state, [object]);
    }
  }
  return false;
}

async function finishRun(db: Db, state: SliceState, intervalMinutes: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteUnseen(trx, state.source.id, state.runId);
    await trx
      .updateTable('asset_index_runs')
      .set({
        status: 'finished',
        cursor: null,
        objects_seen: sql`objects_seen + ${state.seen}`,
        assets_indexed: sql`assets_indexed + ${state.indexed}`,
        ...(state.lastError === null ? {} : { last_error: state.lastError.slice(0, 2000) }),
        updated_at: new Date(),
        finished_at: new Date(),
      })
      .where('source_id', '=', state.source.id)
      .where('run_id', '=', state.runId)
      .execute();
    await scheduleNextRun(trx, state.source.id, intervalMinutes);
    await requestAssetAnalysis(trx, state.source.id);
  });
}

/** Replaces the source's waiting scheduled run (if any) with one `intervalMinutes` from now. */
async function scheduleNextRun(db: Db, sourceId: string, intervalMinutes: number): Promise<void> {
  // One schedule per source: a manual run in between replaces the one already waiting.
  await db
    .deleteFrom('jobs')
    .where('kind', '=', ASSET_INDEX_JOB.name)
    .where('failed_at', 'is', null)
    .where(sql<string>`payload->>'sourceId'`, '=', sourceId)
    .where(sql<boolean>`not (payload ? 'runId')`)
    .execute();
  if (intervalMinutes <= 0) return;
  await enqueueJob(
    db,
    ASSET_INDEX_JOB,
    { sourceId, reason: 'schedule' },
    { runAt: new Date(Date.now() + intervalMinutes * 60_000) },
  );
}

async function saveProgress(db: Db, state: SliceState, cursor: IndexCursor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('asset_index_runs')
      .set({
        cursor: JSON.stringify(cursor),
        objects_seen: sql`objects_seen + ${state.seen}`,
        assets_indexed: sql`assets_indexed + ${state.indexed}`,
        ...(state.lastError === null ? {} : { last_error: state.lastError.slice(0, 2000) }),
        updated_at: new Date(),
      })
      .where('source_id', '=', state.source.id)
      .where('run_id', '=', state.runId)
      .execute();
    await enqueueJob(trx, ASSET_INDEX_JOB, { sourceId: state.source.id, runId: state.runId });
  });
}

/**
 * One slice of a source's indexing run: continues from the stored cursor, indexes up to the
 * budget's objects (unchanged ones are only marked seen), then either stores the new position
 * and enqueues the next slice in the same transaction, or, at the end, deletes the rows of
 * objects the run did not see, marks the run finished and schedules the next one.
 */
export async function runIndexSlice(
  deps: AssetIndexDependencies,
  sourceId: string,
  runId: string,
  options: SliceOptions,
): Promise<SliceOutcome> {
  const { db } = deps;
  const run = await db
    .selectFrom('asset_index_runs')
    .selectAll()
    .where('source_id', '=', sourceId)
    .executeTakeFirst();
  if (run === undefined || run.run_id !== runId || run.status !== 'running') return 'stale';
  const source = await findSource(db, sourceId, null);
  if (source === undefined) {
    // The source was deleted: nothing of it is left to browse.
    await db.deleteFrom('assets').where('source_id', '=', sourceId).execute();
    await db.deleteFrom('asset_index_runs').where('source_id', '=', sourceId).execute();
    return 'stale';
  }
  const budget = options.budget ?? DEFAULT_SLICE_BUDGET;
  const state: SliceState = {
    deps,
    source,
    adapter: await deps.origins.adapterFor(source),
    runId,
    seen: 0,
    indexed: 0,
    lastError: null,
    deadline: Date.now() + budget.maxMs,
    budget,
  };
  const cursor = parseCursor(run.cursor, source.type);
  const finished =
    cursor.mode === 'listing' ? await walkListing(state, cursor) : await walkServed(state, cursor);
  if (finished) {
    await finishRun(db, state, options.intervalMinutes);
    return 'finished';
  }
  await saveProgress(db, state, cursor);
  return 'continued';
}

/**
 * Marks a run failed for good (its job used up its attempts) and schedules the next one, so
 * an origin that was down for a while is indexed again later.
 */
export async function failRun(
  db: Db,
  sourceId: string,
  runId: string,
  error: string,
  intervalMinutes: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const failed = await trx
      .updateTable('asset_index_runs')
      .set({
        status: 'failed',
        last_error: error.slice(0, 2000),
        updated_at: new Date(),
        finished_at: new Date(),
      })
      .where('source_id', '=', sourceId)
      .where('run_id', '=', runId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (Number(failed.numUpdatedRows) > 0) await scheduleNextRun(trx, sourceId, intervalMinutes);
  });
}
