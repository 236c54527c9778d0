import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from 'saxes';
import { RenderError } from '../pipeline/context.ts';

/**
 * `svg-sanitize` (on by default) for SVG origins served as SVG (`rasterize-bypass`): the file is
 * parsed as XML (no document type, no entity but XML's five, so nothing expands or is fetched)
 * and written anew from allow lists. Scripts, foreignObject and every element outside SVG's
 * namespace go with their content; event handlers, `xml:base` and foreign attributes are dropped;
 * a reference (href, url(...)) must point into the image itself, except a raster `data:` image
 * on <image> and a web or mail link on <a>. Styles that import, bind or reach outside the image
 * are dropped. Delivery also sends every SVG with a sandboxing Content-Security-Policy, so a
 * file served unsanitized (`svg-sanitize=false`) still runs nothing when opened on its own.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/**
 * Size, nesting and element counts past which a file is refused rather than rewritten: the parse
 * runs on the event loop, so its length is bounded here rather than by the origin byte cap.
 */
export const SVG_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxDepth: 256,
  maxElements: 100_000,
} as const;

const ALLOWED_ELEMENTS: ReadonlySet<string> = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'switch',
  'view',
  'a',
  'image',
  'style',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'marker',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
  'animate',
  'animateMotion',
  'animateTransform',
  'set',
  'mpath',
]);

/** SMIL elements, which may not animate a reference or an event handler into existence. */
const ANIMATIONS: ReadonlySet<string> = new Set([
  'animate',
  'animateMotion',
  'animateTransform',
  'set',
]);

const ATTRIBUTE_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const RASTER_DATA_URL = /^data:image\/(?:png|jpeg|gif|webp|avif);base64,[A-Za-z0-9+/=\s]*$/i;
const WEB_LINK = /^(?:https?:|mailto:)/i;
/** Schemes that run or embed something, wherever they appear in a value. */
const ACTIVE_SCHEME = /(?:javascript|vbscript|data|livescript):/i;
/** CSS that loads, binds or evaluates something. */
const ACTIVE_CSS = /@import|expression\s*\(|behaviou?r\s*:|-moz-binding|javascript:/i;
const CSS_URL = /url\s*\(\s*(['"]?)([^'")]*)\1\s*\)/gi;

/** Whitespace and control characters a browser skips inside a scheme (`java\tscript:`). */
function compact(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\x00-\x20\x7f]+/g, '');
}

/** True when every url(...) in `value` points into the document (`url(#id)`). */
function urlsStayInside(value: string): boolean {
  for (const match of value.matchAll(CSS_URL)) {
    if (!(match[2] ?? '').trim().startsWith('#')) return false;
  }
  return true;
}

function safeCss(css: string): boolean {
  return !ACTIVE_CSS.test(compact(css)) && urlsStayInside(css);
}

/** A reference attribute's value: fragments always, raster data on <image>, links on <a>. */
function safeReference(element: string, value: string): boolean {
  const target = value.trim();
  if (target.startsWith('#')) return true;
  if (element === 'image') return RASTER_DATA_URL.test(target);
  if (element === 'a') return WEB_LINK.test(compact(target));
  return false;
}

/** The attribute as written in the output, or null when it is dropped. */
function keptAttribute(element: string, attribute: SaxesAttributeNS): string | null {
  const { uri, local, value } = attribute;
  if (uri === XLINK_NS) {
    return local === 'href' && safeReference(element, value) ? `xlink:href` : null;
  }
  if (uri === XML_NS) return local === 'space' || local === 'lang' ? `xml:${local}` : null;
  // Namespace declarations are written once on the root; other namespaces are editors' notes.
  if (uri !== '' || !ATTRIBUTE_NAME.test(local)) return null;
  if (/^on/i.test(local)) return null;
  if (local === 'href' || local === 'src') return safeReference(element, value) ? local : null;
  if (local === 'style') return safeCss(value) ? local : null;
  if (ACTIVE_SCHEME.test(compact(value)) || !urlsStayInside(value)) return null;
  return local;
}

function animatesActiveAttribute(tag: SaxesTagNS): boolean {
  const animated = tag.attributes.attributeName?.value.trim() ?? '';
  return /^on/i.test(animated) || /(?:^|:)href$/i.test(animated);
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return escapeText(value)
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

function notWellFormed(cause: unknown): RenderError {
  return new RenderError(
    422,
    'The origin SVG is not well-formed XML, so it cannot be served sanitized.',
    { cause },
  );
}

/** The sanitized SVG document, or a 422 RenderError for a file that is not a readable SVG. */
export function sanitizeSvg(bytes: Uint8Array): Buffer {
  if (bytes.length > SVG_LIMITS.maxBytes) {
    throw new RenderError(
      413,
      `The origin SVG is over ${SVG_LIMITS.maxBytes / 1024 / 1024} MiB, the most Darkroom sanitizes; serve it rasterized or with svg-sanitize=false.`,
    );
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch (error) {
    throw new RenderError(422, 'The origin SVG is not UTF-8 text.', { cause: error });
  }
  const parser = new SaxesParser({ xmlns: true, position: false });
  const out: string[] = [];
  /** For each open element: whether it was written (false: dropped with its content). */
  const open: boolean[] = [];
  let skipping = 0;
  let elements = 0;
  let sawRoot = false;
  let inStyle = false;
  let styleText = '';
  let failure: unknown = null;

  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag) => {
    elements += 1;
    if (open.length >= SVG_LIMITS.maxDepth || elements > SVG_LIMITS.maxElements) {
      failure ??= new RenderError(422, 'The origin SVG nests or holds too many elements to serve.');
    }
    const isRoot = !sawRoot;
    sawRoot = true;
    if (isRoot && (tag.uri !== SVG_NS || tag.local !== 'svg')) {
      failure ??= new RenderError(422, 'The origin file is XML but not an SVG image.');
    }
    const kept =
      skipping === 0 &&
      !inStyle &&
      tag.uri === SVG_NS &&
      ALLOWED_ELEMENTS.has(tag.local) &&
      !(ANIMATIONS.has(tag.local) && animatesActiveAttribute(tag));
    open.push(kept);
    if (!kept) {
      skipping += 1;
      return;
    }
    let written = `<${tag.local}`;
    if (isRoot) written += ` xmlns="${SVG_NS}" xmlns:xlink="${XLINK_NS}"`;
    for (const attribute of Object.values(tag.attributes)) {
      const name = keptAttribute(tag.local, attribute);
      if (name !== null) written += ` ${name}="${escapeAttribute(attribute.value)}"`;
    }
    if (tag.local === 'style') {
      inStyle = true;
      styleText = '';
      // The element is written at its close, once its text is known to be safe.
      out.push(written);
      return;
    }
    out.push(`${written}>`);
  });
  const onText = (content: string) => {
    if (skipping > 0 || open.length === 0) return;
    if (inStyle) styleText += content;
    else out.push(escapeText(content));
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag) => {
    const kept = open.pop();
    if (!kept) {
      skipping -= 1;
      return;
    }
    if (tag.local === 'style') {
      inStyle = false;
      const opening = out.pop() ?? '';
      if (safeCss(styleText)) out.push(`${opening}>${escapeText(styleText)}</style>`);
      return;
    }
    out.push(`</${tag.local}>`);
  });

  try {
    parser.write(text).close();
  } catch (error) {
    failure ??= error;
  }
  if (failure instanceof RenderError) throw failure;
  if (failure !== null) throw notWellFormed(failure);
  if (!sawRoot) throw new RenderError(422, 'The origin file is XML but not an SVG image.');
  return Buffer.from(out.join(''), 'utf8');
}

/** True when `bytes` begin like an SVG document: an optional prolog, then an <svg> element. */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8').decode(bytes.subarray(0, 4096));
  // The prolog: BOM, whitespace, XML declaration, comments, a document type, in any number.
  const prolog =
    /^(?:\uFEFF|\s+|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>)*/i;
  const rest = head.slice(prolog.exec(head)?.[0].length ?? 0);
  return /^<(?:[A-Za-z_][\w.-]*:)?svg[\s>/]/.test(rest);
}
