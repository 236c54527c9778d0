import { sql, type Kysely } from 'kysely';
import type { MediaKind } from '@darkroom/core';
import type { AssetRow, DatabaseSchema, SourceRow } from '../db/schema.ts';
import type { StorageObject } from '../storage/types.ts';
import type { MediaDescription } from './describe-media.ts';

type Db = Kysely<DatabaseSchema>;

/** The asset id and origin path of a storage path (`photos/cat.jpg` -> `/photos/cat.jpg`). */
export function assetAddress(sourceId: string, storagePath: string) {
  const originPath = `/${storagePath.replace(/^\/+/, '')}`;
  return { id: `${sourceId}${originPath}`, originPath };
}

export interface AssetWrite {
  source: Pick<SourceRow, 'id' | 'account_id'>;
  object: StorageObject;
  description: MediaDescription;
  runId: string | null;
  uploadedBy: string | null;
}

/**
 * Writes what the origin holds now into the asset's row. What the customer edited (name,
 * description, categories, tags, hidden), the creation date and the uploader stay as they are.
 */
export async function upsertAsset(db: Db, write: AssetWrite): Promise<AssetRow> {
  const { source, object, description } = write;
  const { id, originPath } = assetAddress(source.id, object.path);
  const origin = {
    content_type: description.contentType,
    file_size: object.size,
    media_kind: description.mediaKind,
    media_width: description.width,
    media_height: description.height,
    dpi_width: description.dpiWidth,
    dpi_height: description.dpiHeight,
    image_mode: description.imageMode,
    color_profile_name: description.colorProfileName,
    colors: JSON.stringify(description.colors),
    has_frames: description.hasFrames,
    frame_count: description.frameCount,
    video_duration_ms: description.video?.durationMs ?? null,
    video_codec: description.video?.codec ?? null,
    video_frame_rate: description.video?.frameRate ?? null,
    has_colors: description.hasColors,
    is_renderable: description.isRenderable,
    origin_etag: object.etag,
    origin_modified_at: object.lastModified,
    index_error: description.error,
    // New bytes: their faces, labels and alt text are worked out again (assets/analysis).
    analysed_at: null,
    last_seen_run: write.runId,
    date_modified: new Date(),
  };
  return db
    .insertInto('assets')
    .values({
      id,
      source_id: source.id,
      account_id: source.account_id,
      origin_path: originPath,
      uploaded_by: write.uploadedBy,
      ...origin,
    })
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet({
        ...origin,
        ...(write.uploadedBy === null ? {} : { uploaded_by: write.uploadedBy }),
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteAsset(db: Db, sourceId: string, storagePath: string): Promise<void> {
  await db.deleteFrom('assets').where('id', '=', assetAddress(sourceId, storagePath).id).execute();
}

async function findAsset(
  db: Db,
  sourceId: string,
  storagePath: string,
): Promise<AssetRow | undefined> {
  return db
    .selectFrom('assets')
    .selectAll()
    .where('id', '=', assetAddress(sourceId, storagePath).id)
    .executeTakeFirst();
}

const VIDEO_EXTENSION = /\.(mp4|m4v|mov|webm|mkv)$/i;
const IMAGE_EXTENSION = /\.(jpe?g|png|gif|webp|avif|hei[cf]|tiff?|bmp|svg|jxl)$/i;

/** The kind an unreadable object most likely is, from what the origin says; null: not media. */
function likelyKind(object: StorageObject): MediaKind | null {
  const type = object.contentType ?? '';
  if (type.startsWith('video/') || VIDEO_EXTENSION.test(object.path)) return 'VIDEO';
  if (type.startsWith('image/') || IMAGE_EXTENSION.test(object.path)) return 'IMAGE';
  return null;
}

/**
 * An object the origin listed but would not give: the error goes on its row (an existing one,
 * or a new one when the object claims to be media) so one bad file never stops a run.
 */
export async function recordIndexFailure(
  db: Db,
  source: Pick<SourceRow, 'id' | 'account_id'>,
  object: StorageObject,
  error: string,
  runId: string | null,
): Promise<void> {
  const failure = {
    index_error: error.slice(0, 500),
    is_renderable: false,
    last_seen_run: runId,
    date_modified: new Date(),
  };
  const existing = await findAsset(db, source.id, object.path);
  if (existing !== undefined) {
    await db.updateTable('assets').set(failure).where('id', '=', existing.id).execute();
    return;
  }
  const kind = likelyKind(object);
  if (kind === null) return;
  const { id, originPath } = assetAddress(source.id, object.path);
  await db
    .insertInto('assets')
    .values({
      id,
      source_id: source.id,
      account_id: source.account_id,
      origin_path: originPath,
      content_type: object.contentType,
      file_size: object.size,
      media_kind: kind,
      origin_etag: object.etag,
      origin_modified_at: object.lastModified,
      ...failure,
    })
    .onConflict((conflict) => conflict.column('id').doUpdateSet(failure))
    .execute();
}

/** The stored identity (size, etag, modification time) of the listed objects that have rows. */
export async function storedIdentities(
  db: Db,
  sourceId: string,
  storagePaths: readonly string[],
): Promise<
  Map<string, Pick<AssetRow, 'file_size' | 'origin_etag' | 'origin_modified_at' | 'index_error'>>
> {
  if (storagePaths.length === 0) return new Map();
  const rows = await db
    .selectFrom('assets')
    .select(['id', 'file_size', 'origin_etag', 'origin_modified_at', 'index_error'])
    .where(
      'id',
      'in',
      storagePaths.map((path) => assetAddress(sourceId, path).id),
    )
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Marks rows as seen by the run without touching anything else. */
export async function markSeen(db: Db, ids: readonly string[], runId: string): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('assets').set({ last_seen_run: runId }).where('id', 'in', ids).execute();
}

/** Removes the rows of objects a finished run did not see: they are gone from the origin. */
export async function deleteUnseen(db: Db, sourceId: string, runId: string): Promise<number> {
  const result = await db
    .deleteFrom('assets')
    .where('source_id', '=', sourceId)
    .where(sql<boolean>`last_seen_run is distinct from ${runId}`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
