import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';
import { requestAssetIndex } from './indexer.ts';

/**
 * Indexes, once, every deployed source that has never been indexed: the demo source (seeded
 * deployed, so no deployment job ever runs for it) and sources deployed before the asset index
 * existed. Later starts find their run rows and leave the schedule to keep them fresh.
 */
export async function requestFirstIndexes(db: Kysely<DatabaseSchema>): Promise<void> {
  const neverIndexed = await db
    .selectFrom('sources')
    .leftJoin('asset_index_runs', 'asset_index_runs.source_id', 'sources.id')
    .select('sources.id')
    .where('sources.deployment_status', '=', 'deployed')
    .where('asset_index_runs.source_id', 'is', null)
    .execute();
  for (const { id } of neverIndexed) await requestAssetIndex(db, id, 'deploy');
}
