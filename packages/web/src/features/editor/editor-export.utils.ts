import type { Size } from '@darkroom/core';
import { embedWidths } from '../assets/asset.utils.ts';
import type { EditorParams } from './editor-types.ts';
import { renderingUrl, withParams } from './params.utils.ts';

function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/**
 * The edited image at one width: the height scales with it, so every srcset entry has the
 * edit's shape.
 */
function atWidth(fullUrl: string, params: EditorParams, width: number): string {
  const w = Number(params.w);
  const h = Number(params.h);
  const height = w > 0 && h > 0 ? String(Math.max(1, Math.round((width * h) / w))) : null;
  return renderingUrl(fullUrl, withParams(params, { w: String(width), h: height, dl: null }));
}

/**
 * The `<img>` for the edited image, with the asset manager's srcset widths (spec editor
 * section 9: from 100, times 1.16, to 8192, even numbers).
 */
export function editorEmbedCode(
  fullUrl: string,
  params: EditorParams,
  alt: string,
  size: Size,
): string {
  const srcset = embedWidths()
    .map((width) => `${atWidth(fullUrl, params, width)} ${width}w`)
    .join(', ');
  return [
    '<img',
    `src="${escapeAttribute(renderingUrl(fullUrl, withParams(params, { dl: null })))}"`,
    `srcset="${escapeAttribute(srcset)}"`,
    'sizes="100vw"',
    `alt="${escapeAttribute(alt)}"`,
    `width="${size.width}"`,
    `height="${size.height}"`,
    'loading="lazy">',
  ].join(' ');
}
