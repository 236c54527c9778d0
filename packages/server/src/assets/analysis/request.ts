import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';
import { ASSET_ANALYSIS_JOB } from '../../jobs/kinds.ts';
import { enqueueUnlessPending } from '../../jobs/queue.ts';

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
  await enqueueUnlessPending(
    db,
    ASSET_ANALYSIS_JOB,
    { sourceId },
    { sameAs: ['sourceId'], waitingOnly: true, exceptJobId },
  );
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
