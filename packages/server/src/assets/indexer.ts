import type { Kysely } from 'kysely';
import type { AssetRow, DatabaseSchema, SourceRow } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import { ASSET_INDEX_JOB } from '../jobs/kinds.ts';
import { enqueueJob, enqueueUnlessPending } from '../jobs/queue.ts';
import type { SourceOrigins } from '../storage/source-origins.ts';
import { StorageError, type StorageAdapter, type StorageObject } from '../storage/types.ts';
import { requestAssetAnalysis } from './analysis/request.ts';
import { deleteAsset, upsertAsset } from './asset-rows.ts';
import { describeMedia } from './describe-media.ts';
import { readForSniffing, readWhole, type ObjectBytes } from './read-object.ts';
import { sniffMedia } from './sniff-media.ts';

export interface AssetIndexDependencies {
  db: Kysely<DatabaseSchema>;
  /** How the sources' origins are reached (the demo source's shipped images included). */
  origins: SourceOrigins;
}

/** The run in progress for the source, whose id an asset indexed meanwhile must carry. */
async function runningRunId(db: Kysely<DatabaseSchema>, sourceId: string): Promise<string | null> {
  const run = await db
    .selectFrom('asset_index_runs')
    .select('run_id')
    .where('source_id', '=', sourceId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return run?.run_id ?? null;
}

export async function indexWithAdapter(
  deps: AssetIndexDependencies,
  adapter: StorageAdapter,
  source: SourceRow,
  object: StorageObject,
  options: { runId?: string | null; uploadedBy?: string | null } = {},
): Promise<AssetRow | null> {
  let read: ObjectBytes;
  try {
    read = await readForSniffing(adapter, object);
    const sniffed = sniffMedia(read.bytes);
    if (sniffed === null) {
      await deleteAsset(deps.db, source.id, object.path);
      return null;
    }
    // Images and videos are measured from all their bytes: an MP4's index may be at its end.
    if (!read.complete) {
      read = await readWhole(adapter, object.path);
    }
  } catch (error) {
    if (error instanceof StorageError && error.kind === 'not_found') {
      await deleteAsset(deps.db, source.id, object.path);
    }
    throw error;
  }
  const description = await describeMedia(read.bytes, read.object.contentType, object.path);
  if (description === null) {
    await deleteAsset(deps.db, source.id, object.path);
    return null;
  }
  // An asset written outside a run, or by a run's slice, is one the current run has seen:
  // otherwise a run that listed its folder earlier would delete it when it finishes.
  const runId =
    options.runId === undefined ? await runningRunId(deps.db, source.id) : options.runId;
  return upsertAsset(deps.db, {
    source,
    object: { ...object, ...read.object, path: object.path },
    description,
    runId,
    uploadedBy: options.uploadedBy ?? null,
  });
}

/**
 * Reads one object at the origin (get), describes it and upserts its row. Returns null (and
 * deletes any row) when the object is not an image, animation or video. Throws StorageError
 * (e.g. kind 'not_found', after deleting the row) when the origin cannot give it.
 */
export async function indexObject(
  deps: AssetIndexDependencies,
  source: SourceRow,
  object: StorageObject,
  options: { runId?: string | null; uploadedBy?: string | null } = {},
): Promise<AssetRow | null> {
  const row = await indexWithAdapter(
    deps,
    await deps.origins.adapterFor(source),
    source,
    object,
    options,
  );
  if (row !== null) await requestAssetAnalysis(deps.db, source.id);
  return row;
}

/** Re-reads `originPath` ('/a/b.jpg') from the origin (head + get) and updates the row. */
export async function refreshAsset(
  deps: AssetIndexDependencies,
  source: SourceRow,
  originPath: string,
): Promise<AssetRow | null> {
  const adapter = await deps.origins.adapterFor(source);
  const storagePath = originPath.replace(/^\/+/, '');
  let object: StorageObject;
  try {
    object = await adapter.head(storagePath);
  } catch (error) {
    if (error instanceof StorageError && error.kind === 'not_found') {
      await deleteAsset(deps.db, source.id, storagePath);
    }
    throw error;
  }
  const row = await indexWithAdapter(deps, adapter, source, { ...object, path: storagePath });
  if (row !== null) await requestAssetAnalysis(deps.db, source.id);
  return row;
}

/**
 * Starts (or leaves running) an indexing run for the source: 'deploy' | 'schedule' | 'manual'
 * | 'upload'. The source's asset_index_runs row is the guard: while it says 'running' no second
 * run starts, and a running run that lost its job (it used up its attempts) is resumed from
 * its stored position instead.
 */
export async function requestAssetIndex(
  db: Kysely<DatabaseSchema>,
  sourceId: string,
  reason: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const runId = newId();
    const inserted = await trx
      .insertInto('asset_index_runs')
      .values({ source_id: sourceId, run_id: runId, status: 'running', reason })
      .onConflict((conflict) => conflict.column('source_id').doNothing())
      .returning('run_id')
      .executeTakeFirst();
    if (inserted !== undefined) {
      await enqueueJob(trx, ASSET_INDEX_JOB, { sourceId, runId });
      return;
    }
    const run = await trx
      .selectFrom('asset_index_runs')
      .selectAll()
      .where('source_id', '=', sourceId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (run.status === 'running') {
      // A slice job of the run waiting or in hand (a lapsed lease is picked up again) goes on.
      await enqueueUnlessPending(
        trx,
        ASSET_INDEX_JOB,
        { sourceId, runId: run.run_id },
        { sameAs: ['sourceId', 'runId'] },
      );
      return;
    }
    // A fresh row, so the run's start time and counters are its own.
    await trx.deleteFrom('asset_index_runs').where('source_id', '=', sourceId).execute();
    await trx
      .insertInto('asset_index_runs')
      .values({ source_id: sourceId, run_id: runId, status: 'running', reason })
      .execute();
    await enqueueJob(trx, ASSET_INDEX_JOB, { sourceId, runId });
  });
}
