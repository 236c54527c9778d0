import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/queue.ts';

/** The job kind of one slice of a source's asset analysis (jobs/asset-analysis.ts handles it). */
export const ASSET_ANALYSIS_JOB = 'asset-analysis';

export interface AssetAnalysisPayload {
  sourceId: string;
}

/**
 * Makes sure a job will analyse the source's unanalysed assets. One waiting job per source is
 * enough, since each slice picks up whatever is unanalysed when it runs; a job already in hand
 * does not count, because it may have looked for work before the asset that asks now was written.
 * `exceptJobId` is the slice asking for its own continuation.
 */
export async function requestAssetAnalysis(
  db: Kysely<DatabaseSchema>,
  sourceId: string,
  exceptJobId: string | null = null,
): Promise<void> {
  let waiting = db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', ASSET_ANALYSIS_JOB)
    .where('failed_at', 'is', null)
    .where(sql<string>`payload->>'sourceId'`, '=', sourceId)
    // A lapsed lease is a job a stopped process let go of: it is waiting again.
    .where((where) =>
      where.or([where('locked_until', 'is', null), where('locked_until', '<', sql<Date>`now()`)]),
    );
  if (exceptJobId !== null) waiting = waiting.where('id', '!=', exceptJobId);
  if ((await waiting.executeTakeFirst()) !== undefined) return;
  const payload: AssetAnalysisPayload = { sourceId };
  await enqueueJob(db, { kind: ASSET_ANALYSIS_JOB, payload: { ...payload } });
}

/**
 * The account's alt-text languages changed: every one of its images is analysed again, so each
 * gets its alt text in the new languages (the detections are cheap next to a stale description).
 */
export async function requestAccountReanalysis(
  db: Kysely<DatabaseSchema>,
  accountId: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const reset = await trx
      .updateTable('assets')
      .set({ analysed_at: null })
      .where('account_id', '=', accountId)
      .where('media_kind', 'in', ['IMAGE', 'ANIMATION'])
      .returning('source_id')
      .execute();
    const sourceIds = new Set(reset.map((row) => row.source_id));
    for (const sourceId of sourceIds) await requestAssetAnalysis(trx, sourceId);
  });
}
