// "Stop delivering hidden images", a source setting: delivery answers 404 for the paths of the
// source's hidden assets, as for a missing image. The paths are read with the source's lookup
// (source-directory.ts), so a hit costs one Set lookup and no query: the lookup is kept for
// seconds per source and dropped at once when the source changes in any process, and hiding or
// showing an asset of a source with the setting on announces such a change (api/hidden-assets.ts).
import type { Kysely } from 'kysely';
import type { DatabaseSchema, SourceRow } from '../db/schema.ts';

/** The delivery path of an asset's origin path: no leading slash (origin-path.ts). */
export function deliveryPathOf(originPath: string): string {
  return originPath.replace(/^\/+/, '');
}

/**
 * The delivery paths delivery refuses for a source: its hidden assets' when the setting is on,
 * else null (nothing refused, nothing read).
 */
export async function hiddenPathsOf(
  db: Kysely<DatabaseSchema>,
  row: Pick<SourceRow, 'id' | 'stop_delivering_hidden'>,
): Promise<ReadonlySet<string> | null> {
  if (!row.stop_delivering_hidden) return null;
  const rows = await db
    .selectFrom('assets')
    .select('origin_path')
    .where('source_id', '=', row.id)
    .where('hidden', '=', true)
    .execute();
  return new Set(rows.map((asset) => deliveryPathOf(asset.origin_path)));
}
