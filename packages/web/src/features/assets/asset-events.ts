import { track } from '../../analytics/track.ts';
import type { Asset } from '../../api/assets.ts';

/** The asset share actions recorded as analytics events (editor spec section 7). */
export const ASSET_EVENTS = {
  urlCopied: 'Asset URL Copied',
  embedCopied: 'Asset Embed Copied',
  downloaded: 'Asset Downloaded',
} as const;

export type AssetEventName = (typeof ASSET_EVENTS)[keyof typeof ASSET_EVENTS];

/** Records a share action; `track` already sends nothing for impersonating sessions. */
export function trackAssetEvent(name: AssetEventName, asset: Asset): void {
  track(name, {
    source_id: asset.source_id,
    origin_path: asset.origin_path,
    media_kind: asset.media_kind,
  });
}
