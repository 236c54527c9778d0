import type { Size } from '@darkroom/core';
import type { EditorParams } from '../editor/editor-types.ts';
import { renderingUrl, withParams } from '../editor/params.utils.ts';

// The code the playground copies: the rendering URL as HTML and as the imgix client libraries
// write it (Darkroom speaks imgix's URL language, so their URLs are Darkroom's). Checked against
// react-imgix 9 (`<Imgix src sizes imgixParams htmlAttributes>`), Next.js 16's custom loader
// (`images.loaderFile`, a default export taking `{ src, width, quality }`) and @imgix/js-core 3
// (`new ImgixClient({ domain })`, `buildURL`, `buildSrcSet`).

export interface SnippetInput {
  /** The asset's delivery URL, without a query. */
  assetUrl: string;
  params: EditorParams;
  alt: string;
  /** The output's size when known (the preview's natural size), for width and height. */
  outputSize: Size | null;
  /** The origin's width: a fluid srcset stops there, past it the render only enlarges. */
  sourceWidth: number | null;
  /** Whether the source refuses unsigned URLs: the code says where the token goes. */
  requiresSigning: boolean;
}

/** A fluid image's srcset widths, as imgix's libraries spread them for common screens. */
const FLUID_WIDTHS = [320, 480, 640, 768, 960, 1280, 1600, 1920, 2560] as const;
/** A fixed-width image's device pixel ratios (js-core's default DPR srcset stops at 5). */
const FIXED_DPRS = [1, 2, 3] as const;
const MAX_OUTPUT_SIDE = 8192;

function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/** The parameters a snippet writes: the download flag is the editor's, not a page's. */
function shownParams(params: EditorParams): EditorParams {
  return withParams(params, { dl: null });
}

interface Srcset {
  entries: string;
  sizes: string;
}

/**
 * A width-described srcset (HTML, "srcset" attribute). A fixed `w` keeps its size and varies
 * `dpr`, as js-core's buildSrcSet does for a fixed width; otherwise the widths run up to the
 * source's, since a wider render of the same pixels only enlarges them.
 */
function srcsetOf(input: SnippetInput, extra: EditorParams = {}): Srcset {
  const params = withParams(shownParams(input.params), extra);
  const fixedWidth = Number(params.w);
  if (params.w !== undefined && Number.isInteger(fixedWidth) && fixedWidth > 1) {
    const entries = FIXED_DPRS.map(
      (dpr) =>
        `${renderingUrl(input.assetUrl, withParams(params, { dpr: String(dpr) }))} ${fixedWidth * dpr}w`,
    ).join(', ');
    return { entries, sizes: `${fixedWidth}px` };
  }
  const limit = Math.min(input.sourceWidth ?? MAX_OUTPUT_SIDE, MAX_OUTPUT_SIDE);
  const widths: number[] = FLUID_WIDTHS.filter((width) => width < limit);
  widths.push(Math.min(limit, FLUID_WIDTHS[FLUID_WIDTHS.length - 1] ?? limit));
  const entries = [...new Set(widths)]
    .map(
      (width) =>
        `${renderingUrl(input.assetUrl, withParams(params, { w: String(width) }))} ${width}w`,
    )
    .join(', ');
  return { entries, sizes: '100vw' };
}

function sizeAttributes(size: Size | null): string[] {
  return size ? [`width="${size.width}"`, `height="${size.height}"`] : [];
}

/** The URL as it renders, without the download flag. */
export function urlSnippet(input: SnippetInput): string {
  return renderingUrl(input.assetUrl, shownParams(input.params));
}

/** An `<img>` with srcset and sizes. */
export function imgSnippet(input: SnippetInput): string {
  const srcset = srcsetOf(input);
  return [
    '<img',
    `  src="${escapeAttribute(urlSnippet(input))}"`,
    `  srcset="${escapeAttribute(srcset.entries)}"`,
    `  sizes="${srcset.sizes}"`,
    ...sizeAttributes(input.outputSize).map((attribute) => `  ${attribute}`),
    `  alt="${escapeAttribute(input.alt)}"`,
    '  loading="lazy"',
    '/>',
  ].join('\n');
}

/**
 * A `<picture>`: AVIF, then WebP, then the URL's own format; a browser takes the first source
 * whose type it supports (HTML, "The picture element").
 */
export function pictureSnippet(input: SnippetInput): string {
  const source = (type: string, fm: string) => {
    const srcset = srcsetOf(input, { fm });
    return `  <source type="${type}" srcset="${escapeAttribute(srcset.entries)}" sizes="${srcset.sizes}" />`;
  };
  const fallback = srcsetOf(input);
  return [
    '<picture>',
    source('image/avif', 'avif'),
    source('image/webp', 'webp'),
    '  <img',
    `    src="${escapeAttribute(urlSnippet(input))}"`,
    `    srcset="${escapeAttribute(fallback.entries)}"`,
    `    sizes="${fallback.sizes}"`,
    ...sizeAttributes(input.outputSize).map((attribute) => `    ${attribute}`),
    `    alt="${escapeAttribute(input.alt)}"`,
    '    loading="lazy"',
    '  />',
    '</picture>',
  ].join('\n');
}

/** A single-quoted JavaScript string literal, as the libraries' own examples write them. */
function jsString(value: string): string {
  const escaped = JSON.stringify(value).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'");
  return `'${escaped}'`;
}

/** `{ blur: '20', 'fill-gen-prompt': 'sky' }`: the parameters as a JavaScript object. */
function objectLiteral(params: EditorParams, indent: string): string {
  const entries = Object.entries(params).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return '{}';
  const lines = entries.map(([name, value]) => {
    const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : jsString(name);
    return `${indent}  ${key}: ${jsString(value)},`;
  });
  return `{\n${lines.join('\n')}\n${indent}}`;
}

const SIGNING_NOTE =
  "// This source requires signed URLs: sign them on your server with @imgix/js-core's secureURLToken.";

/** react-imgix's `<Imgix>`, which builds the srcset itself. */
export function reactImgixSnippet(input: SnippetInput): string {
  const params = shownParams(input.params);
  const fixed = params.w !== undefined;
  return [
    "import Imgix from 'react-imgix';",
    '',
    ...(input.requiresSigning ? [SIGNING_NOTE, ''] : []),
    'export function Photo() {',
    '  return (',
    '    <Imgix',
    // A URL holds no double quote (it is percent-encoded), so it may sit in a JSX attribute.
    `      src="${input.assetUrl}"`,
    `      sizes="${fixed ? `${params.w}px` : '100vw'}"`,
    `      imgixParams={${objectLiteral(params, '      ')}}`,
    `      htmlAttributes={{ alt: ${jsString(input.alt)} }}`,
    '    />',
    '  );',
    '}',
  ].join('\n');
}

/**
 * A Next.js loader file (`images: { loader: 'custom', loaderFile: './imgix-loader.js' }`): Next
 * asks it for each width it needs, so the URL's own `w` and `h` give way to that width (a fixed
 * shape is kept as `ar`).
 */
export function nextLoaderSnippet(input: SnippetInput): string {
  const url = new URL(input.assetUrl);
  const shape =
    input.params.w !== undefined && input.params.h !== undefined && input.params.ar === undefined
      ? `${input.params.w}:${input.params.h}`
      : undefined;
  const params = withParams(shownParams(input.params), { w: null, h: null, ar: shape });
  const sets = Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `  params.set(${jsString(name)}, ${jsString(value)});`);
  const size = input.outputSize ?? { width: 800, height: 600 };
  return [
    "// imgix-loader.js; in next.config.js: images: { loader: 'custom', loaderFile: './imgix-loader.js' }",
    "'use client';",
    '',
    ...(input.requiresSigning ? [SIGNING_NOTE, ''] : []),
    'export default function imgixLoader({ src, width, quality }) {',
    `  const url = new URL(\`${url.origin}\${src}\`);`,
    '  const params = url.searchParams;',
    ...sets,
    "  params.set('w', String(width));",
    "  if (quality) params.set('q', String(quality));",
    '  return url.href;',
    '}',
    '',
    '// In a page:',
    `// <Image src={${jsString(decodeURIComponent(url.pathname))}} alt={${jsString(input.alt)}} width={${size.width}} height={${size.height}} sizes="100vw" />`,
  ].join('\n');
}

/** @imgix/js-core: the client for the source's host, the URL and its srcset. */
export function jsCoreSnippet(input: SnippetInput): string {
  const url = new URL(input.assetUrl);
  const path = jsString(decodeURIComponent(url.pathname));
  const params = objectLiteral(shownParams(input.params), '');
  return [
    "import ImgixClient from '@imgix/js-core';",
    '',
    'const client = new ImgixClient({',
    `  domain: ${jsString(url.hostname)},`,
    `  useHTTPS: ${url.protocol === 'https:'},`,
    ...(input.requiresSigning ? ['  secureURLToken: process.env.DARKROOM_SECURE_URL_TOKEN,'] : []),
    '  includeLibraryParam: false,',
    '});',
    ...(url.port
      ? [
          `// js-core takes a host without a port: serve ${url.hostname} on port ${url.protocol === 'https:' ? 443 : 80} to use it.`,
        ]
      : []),
    '',
    `const params = ${params};`,
    `const url = client.buildURL(${path}, params);`,
    `const srcset = client.buildSrcSet(${path}, params);`,
  ].join('\n');
}

export type SnippetKind = 'url' | 'img' | 'picture' | 'react-imgix' | 'next' | 'js-core';

/** Every snippet the playground copies, by kind, with the label of its menu item. */
export const SNIPPETS: readonly {
  kind: SnippetKind;
  label: string;
  build: (input: SnippetInput) => string;
  /** Whether its URLs sit in HTML attributes (`&` written `&amp;`). */
  html: boolean;
}[] = [
  { kind: 'url', label: 'URL', build: urlSnippet, html: false },
  { kind: 'img', label: '<img srcset sizes>', build: imgSnippet, html: true },
  { kind: 'picture', label: '<picture> with AVIF and WebP', build: pictureSnippet, html: true },
  { kind: 'react-imgix', label: 'react-imgix', build: reactImgixSnippet, html: false },
  { kind: 'next', label: 'Next.js imgixLoader', build: nextLoaderSnippet, html: false },
  { kind: 'js-core', label: '@imgix/js-core', build: jsCoreSnippet, html: false },
];
