import { formatBytes } from '@darkroom/core';
import type { Asset } from '../../api/assets.ts';

/** Editor spec section 9: embed srcset widths start at 100 px... */
const EMBED_MIN_WIDTH = 100;
/** ...grow by 16 percent a step (a step small enough that a browser never fetches far too much)... */
const EMBED_WIDTH_STEP = 1.16;
/** ...and stop at the renderer's largest width. */
const EMBED_MAX_WIDTH = 8192;

/** The embed's fit: imgix's `max` scales down to each width and never enlarges. */
const EMBED_FIT = 'max';

/** The asset fields a share action reads, once the asset has a delivery URL. */
type Delivered<TField extends keyof Asset> = Pick<Asset, TField> & { fullURL: string };

/** Spec platform section 9: file sizes in base-1000 units, Bytes to YB ("1.5 MB"). */
export function formatFileSize(bytes: number | null): string {
  return bytes === null ? 'Unknown' : formatBytes(bytes);
}

/**
 * The srcset widths of an embed: 100, 116, 134, ... each rounded to an even number, then the
 * largest: 8192, or `maxWidth` when the image cannot be rendered wider (below 8192).
 */
export function embedWidths(maxWidth: number | null = null): number[] {
  const last =
    maxWidth === null ? EMBED_MAX_WIDTH : Math.max(1, Math.min(EMBED_MAX_WIDTH, maxWidth));
  const widths: number[] = [];
  // The unrounded width grows, so rounding never compounds into a drift.
  for (let width = EMBED_MIN_WIDTH; width < last; width *= EMBED_WIDTH_STEP) {
    const rounded = 2 * Math.round(width / 2);
    if (rounded < last) widths.push(rounded);
  }
  widths.push(last);
  return widths;
}

/**
 * imgix's fit modes that never make the image larger than the source: `max` and `min`
 * (docs.imgix.com/apis/rendering/size/resize-fit-mode), and `fillmax`, which pads instead.
 */
const NON_ENLARGING_FITS: ReadonlySet<string> = new Set(['max', 'min', 'fillmax']);

/** The widest srcset entry worth offering: the source's width when `fit` cannot enlarge it. */
export function embedWidthCap(sourceWidth: number | null, fit: string | null): number | null {
  return sourceWidth !== null && fit !== null && NON_ENLARGING_FITS.has(fit) ? sourceWidth : null;
}

/** The embed's alt text: the customer's description, else the generated alt text, else the name. */
export function embedAltText(asset: Pick<Asset, 'description' | 'alt_text' | 'name'>): string {
  const written = [asset.description, asset.alt_text].find(
    (text): text is string => text !== null && text.trim() !== '',
  );
  return written?.trim() ?? asset.name;
}

/** A rendering URL of the asset: its delivery URL with the given parameters. */
export function renderUrl(fullUrl: string, params: Record<string, string | number>): string {
  const url = new URL(fullUrl);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, String(value));
  return url.toString();
}

/** A square grid thumbnail served by Darkroom, with its 2x version for dense screens. */
export function thumbnailSources(fullUrl: string, size: number): { src: string; srcSet: string } {
  const at = (dpr: number) =>
    renderUrl(fullUrl, { auto: 'format', fit: 'crop', w: size * dpr, h: size * dpr });
  return { src: at(1), srcSet: `${at(1)} 1x, ${at(2)} 2x` };
}

function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/**
 * The `<img>` a customer pastes into a page: responsive, every width rendered by Darkroom. The
 * original has no more detail than its pixels, so the embed asks `fit=max` (never enlarged) and
 * its widths stop at the source's.
 */
export function embedCode(
  asset: Delivered<'alt_text' | 'description' | 'name' | 'media_width' | 'media_height'>,
): string {
  const srcset = embedWidths(embedWidthCap(asset.media_width, EMBED_FIT))
    .map(
      (width) =>
        `${renderUrl(asset.fullURL, { auto: 'format', fit: EMBED_FIT, w: width })} ${width}w`,
    )
    .join(', ');
  const attributes = [
    `src="${escapeAttribute(renderUrl(asset.fullURL, { auto: 'format' }))}"`,
    `srcset="${escapeAttribute(srcset)}"`,
    'sizes="100vw"',
    `alt="${escapeAttribute(embedAltText(asset))}"`,
  ];
  if (asset.media_width !== null && asset.media_height !== null) {
    attributes.push(`width="${asset.media_width}"`, `height="${asset.media_height}"`);
  }
  attributes.push('loading="lazy"');
  return `<img ${attributes.join(' ')}>`;
}

/** The file's own name: the last segment of its origin path. */
export function fileNameOf(originPath: string): string {
  return originPath.split('/').filter(Boolean).at(-1) ?? originPath;
}

/** The download address: the delivery URL asking for an attachment under the file's name. */
export function downloadUrl(asset: Delivered<'origin_path'>): string {
  return renderUrl(asset.fullURL, { dl: fileNameOf(asset.origin_path) });
}

/** The dashboard address of an asset page: `/assets/{source id}/{origin path}`. */
export function assetPagePath(sourceId: string, originPath: string): string {
  const segments = originPath.split('/').filter(Boolean).map(encodeURIComponent);
  return `/assets/${encodeURIComponent(sourceId)}/${segments.join('/')}`;
}

/** The asset manager showing one source. */
export function sourceAssetsPath(sourceId: string): string {
  return `/assets?source=${encodeURIComponent(sourceId)}`;
}

/** The list a comma-separated field stands for: trimmed, without empty items. */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** The first tag that repeats an earlier one, ignoring case (the server refuses duplicates too). */
export function duplicateTag(tags: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const tag of tags) {
    const key = tag.toLowerCase();
    if (seen.has(key)) return tag;
    seen.add(key);
  }
  return null;
}
