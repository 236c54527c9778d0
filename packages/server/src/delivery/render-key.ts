// What decides a render's bytes, hashed into its cache key: the source and its version, the origin
// path, the normalised parameters, and the request headers the render reads (Accept under
// auto=format, the client hints `ch` names).
import { createHash } from 'node:crypto';
import type { Params } from '@darkroom/core';
import { acceptKey, type ClientHints } from '@darkroom/render';

type Headers = Readonly<Record<string, string | string[] | undefined>>;

function header(headers: Headers, ...names: string[]): string | null {
  for (const name of names) {
    const value = headers[name];
    const text = Array.isArray(value) ? value[0] : value;
    if (text !== undefined && text.trim() !== '') return text.trim().replace(/^"|"$/g, '');
  }
  return null;
}

function positive(text: string | null): number | null {
  if (text === null) return null;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** Client hints from the request: the Sec-CH- names browsers send now, and the older ones. */
export function clientHintsOf(headers: Headers): ClientHints {
  return {
    width: positive(header(headers, 'sec-ch-width', 'width')),
    viewportWidth: positive(header(headers, 'sec-ch-viewport-width', 'viewport-width')),
    dpr: positive(header(headers, 'sec-ch-dpr', 'dpr')),
    saveData: header(headers, 'save-data')?.toLowerCase() === 'on',
  };
}

/** Headers a `ch` answer varies on, by hint name (docs.imgix.com/apis/rendering/format/ch). */
const HINT_HEADERS: Readonly<Record<string, readonly string[]>> = {
  width: ['Sec-CH-Width', 'Width'],
  dpr: ['Sec-CH-DPR', 'DPR'],
  'save-data': ['Save-Data'],
};

/** Request headers the answer depends on, for `Vary`. */
export function varyHeaders(params: Params, variesOnAccept: boolean): string[] {
  const vary = variesOnAccept ? ['Accept'] : [];
  for (const hint of params.strings('ch')) vary.push(...(HINT_HEADERS[hint.toLowerCase()] ?? []));
  return vary;
}

export interface RenderKeyInput {
  sourceId: string;
  globalVersion: number;
  path: string;
  renderKeyPart: string;
  params: Params;
  accept: string | null;
  hints: ClientHints;
}

/**
 * Everything that decides the rendered bytes, as one string: the memory cache's key as it is
 * (a hit hashes nothing), and hashed into the disk cache's file name on a miss.
 */
export function renderIdentity(input: RenderKeyInput): string {
  const { params } = input;
  const parts = [
    input.sourceId,
    String(input.globalVersion),
    input.path,
    input.renderKeyPart,
    params.strings('auto').includes('format') ? acceptKey(input.accept) : '',
    params.has('ch') ? JSON.stringify(input.hints) : '',
  ];
  return parts.join('\n');
}

/** The disk cache key of a render identity: sha256, hex. */
export function renderKey(identity: string): string {
  return createHash('sha256').update(identity).digest('hex');
}
