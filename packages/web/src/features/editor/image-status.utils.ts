import type { EditorParamName, OriginProperties } from './editor-types.ts';

// Spec editor sections 4, 7 and 8: what the answers about the preview and the origin mean.

/** A 423 means the render is still running: ask again after 2 s. */
export const PREVIEW_RETRY_MS = 2000;
/** A 423 on `fm=json` is asked again after 3 s. */
export const ORIGIN_RETRY_MS = 3000;
export const STILL_PROCESSING_MESSAGE = 'Your Image is still processing. Please wait.';

export type PreviewStatus = 'ready' | 'processing' | 'failed';

/** HEAD on the preview: 200 shows it, 423 waits, anything else is an error. */
export function previewStatusOf(status: number): PreviewStatus {
  if (status === 423) return 'processing';
  return status >= 200 && status < 300 ? 'ready' : 'failed';
}

export function loadFailedMessage(status: number, statusText: string): string {
  return `Image load failed: ${status} ${statusText}`.trim();
}

/** The AI operations whose failure the renderer reports in a header (spec section 7). */
const FAILURE_HEADERS = [
  {
    header: 'X-Darkroom-Bg-Remove-Failure-Reason',
    param: 'bg-remove',
    message: 'Unable to remove background.',
  },
  {
    header: 'X-Darkroom-Bg-Replace-Failure-Reason',
    param: 'bg-replace',
    message: 'Unable to replace background.',
  },
] as const satisfies readonly { header: string; param: EditorParamName; message: string }[];

export interface FailureNotice {
  /** The parameter to take off, since the renderer skipped it. */
  param: EditorParamName;
  message: string;
  reason: string;
}

/** The failed AI operations an answer's headers report. */
export function failureNotices(headers: Headers): FailureNotice[] {
  return FAILURE_HEADERS.flatMap(({ header, param, message }) => {
    const reason = headers.get(header);
    return reason === null ? [] : [{ param, message, reason }];
  });
}

/** `fm=json`'s answer (PixelWidth, PixelHeight, Content-Length, Content-Type), or null. */
export function originPropertiesOf(json: unknown, originUrl: string): OriginProperties | null {
  if (typeof json !== 'object' || json === null) return null;
  const record = json as Record<string, unknown>;
  const width = Number(record.PixelWidth);
  const height = Number(record.PixelHeight);
  if (!(width > 0) || !(height > 0)) return null;
  const contentType = typeof record['Content-Type'] === 'string' ? record['Content-Type'] : '';
  return {
    originWidth: width,
    originHeight: height,
    originFileSize: Number(record['Content-Length']) || 0,
    originImgType: contentType.replace(/^image\//, ''),
    originUrl,
    originAspectRatio: width / height,
  };
}

/**
 * The origin properties the asset record already holds. Used when `fm=json` cannot be read from
 * the dashboard (a source that does not send CORS headers); null without dimensions.
 */
export function originPropertiesOfAsset(asset: {
  fullURL: string | null;
  media_width: number | null;
  media_height: number | null;
  file_size: number | null;
  content_type: string | null;
}): OriginProperties | null {
  const { fullURL, media_width: width, media_height: height } = asset;
  if (fullURL === null || width === null || height === null || width <= 0 || height <= 0) {
    return null;
  }
  return {
    originWidth: width,
    originHeight: height,
    originFileSize: asset.file_size ?? 0,
    originImgType: (asset.content_type ?? '').replace(/^image\//, ''),
    originUrl: fullURL,
    originAspectRatio: width / height,
  };
}
