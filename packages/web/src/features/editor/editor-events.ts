import { track } from '../../analytics/track.ts';
import type { EditorParams } from './editor-types.ts';
import { renderingUrl } from './params.utils.ts';

/** The editor's export actions recorded as analytics events (spec editor section 7). */
export const EDITOR_EVENTS = {
  downloaded: 'Editor Image Downloaded',
  urlCopied: 'Editor URL Copied',
  embedCopied: 'Editor Embed Copied',
} as const;

export type EditorEventName = (typeof EDITOR_EVENTS)[keyof typeof EDITOR_EVENTS];

/** Records an export with the parameters it carried; impersonating sessions send nothing. */
export function trackEditorEvent(
  name: EditorEventName,
  asset: { source_id: string; origin_path: string },
  params: EditorParams,
): void {
  track(name, {
    source_id: asset.source_id,
    origin_path: asset.origin_path,
    params: new URL(renderingUrl('http://x.invalid/', params)).search.slice(1),
  });
}
