import { deliveryScheme, parseDeliveryDomain, type AssetResource } from '@darkroom/core';
import type { AssetRow, SourceRow } from '../db/schema.ts';
import { defaultAssetName } from '../store/assets.ts';

/**
 * Where an asset is delivered: the source's first subdomain on the delivery domain (port kept),
 * else its first custom domain; each path segment percent-encoded so a space or `#` in a file
 * name cannot end the path. Null when the source has no address at all.
 */
function assetDeliveryUrl(
  source: Pick<SourceRow, 'settings'>,
  deliveryDomain: string,
  originPath: string,
): string | null {
  const path = originPath
    .split('/')
    .filter((segment) => segment !== '')
    .map(encodeURIComponent)
    .join('/');
  const subdomain = source.settings.darkroom_subdomains[0];
  if (subdomain !== undefined) {
    const { host, port } = parseDeliveryDomain(deliveryDomain);
    return `${deliveryScheme(host)}://${subdomain}.${host}${port === null ? '' : `:${port}`}/${path}`;
  }
  const custom = source.settings.custom_domains[0];
  return custom === undefined ? null : `https://${custom}/${path}`;
}

/** A video's HLS stream (delivery fm=hls), its fullVideoURL; null for images and animations. */
function assetVideoUrl(
  row: Pick<AssetRow, 'media_kind' | 'origin_path'>,
  source: Pick<SourceRow, 'settings'>,
  deliveryDomain: string,
): string | null {
  if (row.media_kind !== 'VIDEO') return null;
  const url = assetDeliveryUrl(source, deliveryDomain, row.origin_path);
  return url === null ? null : `${url}?fm=hls`;
}

// Copies named fields only, like serializers.ts: the origin's etag, the index bookkeeping and the
// account id stay in the database.
export function assetResource(
  row: AssetRow,
  source: Pick<SourceRow, 'settings'>,
  deliveryDomain: string,
): AssetResource {
  return {
    type: 'assets',
    id: row.id,
    attributes: {
      origin_path: row.origin_path,
      source_id: row.source_id,
      content_type: row.content_type,
      // bigint arrives as a string from node-postgres.
      file_size: row.file_size === null ? null : Number(row.file_size),
      media_kind: row.media_kind,
      media_width: row.media_width,
      media_height: row.media_height,
      dpi_width: row.dpi_width,
      dpi_height: row.dpi_height,
      image_mode: row.image_mode,
      color_profile_name: row.color_profile_name,
      colors: row.colors,
      has_frames: row.has_frames,
      has_colors: row.has_colors,
      is_renderable: row.is_renderable,
      // Faces, labels and alt text as the asset analysis recorded them (assets/analysis);
      // face_count stays null until the asset's current bytes are analysed.
      face_count: row.face_count,
      has_faces: row.has_faces,
      has_labels: row.labels.length > 0,
      has_warnings: false,
      is_identified: false,
      labels: row.labels,
      labels_cloud_vision: [],
      labels_user_defined: row.labels_user_defined,
      labels_alt_text_predictions: row.alt_text_predictions.map(
        ({ language, text, templated }) => ({
          language,
          text,
          templated,
        }),
      ),
      alt_text: row.alt_text,
      warnings: { adult: null, medical: null, racy: null, spoof: null, violence: null },
      categories: row.categories,
      description: row.description,
      name: row.name ?? defaultAssetName(row.origin_path),
      metadata:
        row.media_kind === 'VIDEO'
          ? {
              video: {
                duration_ms: row.video_duration_ms,
                codec: row.video_codec,
                frame_rate: row.video_frame_rate,
              },
            }
          : {},
      uploaded_by: row.uploaded_by,
      hidden: row.hidden,
      date_created: row.date_created.toISOString(),
      date_modified: row.date_modified.toISOString(),
      fullURL: assetDeliveryUrl(source, deliveryDomain, row.origin_path),
      fullVideoURL: assetVideoUrl(row, source, deliveryDomain),
    },
    relationships: { source: { data: { type: 'sources', id: row.source_id } } },
  };
}
