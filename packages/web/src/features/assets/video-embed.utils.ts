import type { Asset } from '../../api/assets.ts';
import { renderUrl } from './asset.utils.ts';

/** The hls.js build the snippet loads on the customer's page (the version the dashboard uses). */
export const EMBED_HLS_SCRIPT = 'https://cdn.jsdelivr.net/npm/hls.js@1.7.4/dist/hls.min.js';

function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/** A short, stable element id per asset, so two embeds on one page do not collide. */
export function embedElementId(assetId: string): string {
  let hash = 0;
  for (const character of assetId) hash = (Math.imul(hash, 31) + character.charCodeAt(0)) >>> 0;
  return `darkroom-video-${hash.toString(36)}`;
}

/**
 * The HLS player a customer pastes into a page (editor spec section 2: "the embed for video
 * uses HLS streaming"): a `<video>` with the poster frame, played by the browser itself where
 * it plays HLS (Safari), else by hls.js. JSON.stringify writes the address as a safe JS string.
 */
export function videoEmbedCode(
  asset: Pick<Asset, 'id' | 'alt_text' | 'name' | 'media_width' | 'media_height'> & {
    fullURL: string;
    fullVideoURL: string;
  },
): string {
  const id = embedElementId(asset.id);
  const attributes = [
    `id="${id}"`,
    'controls',
    'playsinline',
    'preload="metadata"',
    `poster="${escapeAttribute(renderUrl(asset.fullURL, { auto: 'format', fit: 'max', w: 1280 }))}"`,
    `aria-label="${escapeAttribute(asset.alt_text ?? asset.name)}"`,
  ];
  if (asset.media_width !== null && asset.media_height !== null) {
    attributes.push(`width="${asset.media_width}"`, `height="${asset.media_height}"`);
  }
  attributes.push('style="max-width:100%;height:auto"');
  const source = JSON.stringify(asset.fullVideoURL).replaceAll('<', '\\u003c');
  return [
    `<video ${attributes.join(' ')}></video>`,
    `<script src="${EMBED_HLS_SCRIPT}"></script>`,
    '<script>',
    '(function () {',
    `  var video = document.getElementById(${JSON.stringify(id)});`,
    `  var source = ${source};`,
    "  if (video.canPlayType('application/vnd.apple.mpegurl')) {",
    '    video.src = source;',
    '  } else if (window.Hls && window.Hls.isSupported()) {',
    '    var hls = new window.Hls();',
    '    hls.loadSource(source);',
    '    hls.attachMedia(video);',
    '  }',
    '})();',
    '</script>',
  ].join('\n');
}
