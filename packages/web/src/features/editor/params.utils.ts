import { parseListParam, toggleListValue } from '../../ui/switch/switch-group.utils.ts';
import { EDITOR_PARAM_NAMES, type EditorParamName, type EditorParams } from './editor-types.ts';

// The editor's state is its URL parameters (spec editor section 3); everything shown is derived
// from them here. The editor's controls manage the names of EDITOR_PARAM_NAMES; every other
// rendering parameter the address holds (`blur=20` typed in the URL playground) is carried through
// each change untouched, since the URL is the state and the editor may not lose part of it.

/** The signature is made for a whole query: it is never part of the state, but signed afresh. */
const SIGNATURE_PARAM = 's';

/** Parameters with some set (a string) or removed (null); `undefined` leaves one as it is. */
export type ParamChanges = Partial<Record<EditorParamName, string | null | undefined>> &
  Readonly<Record<string, string | null | undefined>>;

/** `params` with the changes applied; a null removes the parameter, the others stay as they are. */
export function withParams(params: EditorParams, changes: ParamChanges): EditorParams {
  const next = new Map<string, string>(Object.entries(params));
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) next.delete(name);
    else if (value !== undefined) next.set(name, value);
  }
  return Object.fromEntries(next);
}

/** The rendering parameters of a query string: all of them but the signature, first value wins. */
export function paramsFromSearch(search: URLSearchParams): EditorParams {
  const params: Record<string, string> = {};
  for (const [name, value] of search) {
    if (name === '' || name === SIGNATURE_PARAM || Object.hasOwn(params, name)) continue;
    params[name] = value;
  }
  return params;
}

/** The parameters in rendering order: the editor's in catalogue order, then the others as set. */
function orderedEntries(params: EditorParams): [string, string][] {
  const entries: [string, string][] = [];
  for (const name of EDITOR_PARAM_NAMES) {
    const value = params[name];
    if (value !== undefined) entries.push([name, value]);
  }
  const managed: readonly string[] = EDITOR_PARAM_NAMES;
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && !managed.includes(name)) entries.push([name, value]);
  }
  return entries;
}

/** The query string holding `params`: the page's query is the rendering query, nothing else. */
export function searchWithParams(_search: URLSearchParams, params: EditorParams): URLSearchParams {
  return new URLSearchParams(orderedEntries(params));
}

/** Whether two parameter sets ask for the same image. */
export function sameParams(a: EditorParams, b: EditorParams): boolean {
  const entriesOfA = orderedEntries(a);
  if (entriesOfA.length !== orderedEntries(b).length) return false;
  return entriesOfA.every(([name, value]) => b[name] === value);
}

/** The asset's rendering URL with `params`: the editor's in catalogue order, then the others. */
export function renderingUrl(fullUrl: string, params: EditorParams): string {
  const url = new URL(fullUrl);
  for (const [name, value] of orderedEntries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** What the editor shows: the rendering URL without the download flag. */
export function previewUrl(fullUrl: string, params: EditorParams): string {
  return renderingUrl(fullUrl, withParams(params, { dl: null }));
}

/** The file a download is saved as: the origin's name (spec editor section 3, `dl`). */
export function downloadUrlOf(fullUrl: string, params: EditorParams, fileName: string): string {
  return renderingUrl(fullUrl, withParams(params, { dl: fileName }));
}

export const AUTO_OPTIONS = [
  { value: 'format', label: 'Format' },
  { value: 'compress', label: 'Compress' },
  { value: 'enhance', label: 'Enhance' },
  { value: 'redeye', label: 'Red eye' },
] as const;

export type AutoOption = (typeof AUTO_OPTIONS)[number]['value'];

/** Spec editor section 9: the Formatting select's choices. */
export const OUTPUT_FORMATS = [
  'avif',
  'gif',
  'jpg',
  'pjpg',
  'png',
  'png8',
  'png32',
  'webp',
] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** Which modern formats this browser can show (detected once, browser-formats.ts). */
export interface FormatSupport {
  avif: boolean;
  webp: boolean;
}

/** The format `auto=format` would serve this browser: avif, else webp, else jpg (section 4). */
export function automaticFormat(support: FormatSupport): OutputFormat {
  if (support.avif) return 'avif';
  if (support.webp) return 'webp';
  return 'jpg';
}

/** avif and webp cannot be chosen where the browser could not show the preview. */
export function formatDisabled(format: OutputFormat, support: FormatSupport): boolean {
  if (format === 'avif') return !support.avif;
  if (format === 'webp') return !support.webp;
  return false;
}

/**
 * One Automatic Operations switch. The list is a switch group (an empty list deletes `auto`);
 * turning format on sets `fm` to what auto=format picks for this browser (spec section 4).
 */
export function toggleAuto(
  params: EditorParams,
  option: AutoOption,
  checked: boolean,
  support: FormatSupport,
): EditorParams {
  const list = toggleListValue(parseListParam(params.auto ?? null), option, checked);
  const auto = list.length > 0 ? list.join(',') : null;
  if (option === 'format' && checked) {
    return withParams(params, { auto, fm: automaticFormat(support) });
  }
  return withParams(params, { auto });
}

/** The switches that are on. */
export function autoValues(params: EditorParams): string[] {
  return parseListParam(params.auto ?? null);
}

/** The output format for an origin's own format (`fm=json`'s type), when the select has it. */
export function outputFormatOf(originImgType: string): OutputFormat | null {
  const type = originImgType.toLowerCase().replace(/^image\//, '');
  const format = type === 'jpeg' ? 'jpg' : type;
  return OUTPUT_FORMATS.find((candidate) => candidate === format) ?? null;
}

/** The extension a file of each output format carries. */
const EXTENSIONS: Record<OutputFormat, string> = {
  avif: 'avif',
  gif: 'gif',
  jpg: 'jpg',
  pjpg: 'jpg',
  png: 'png',
  png8: 'png',
  png32: 'png',
  webp: 'webp',
};

/** The name a download is saved under: the origin's, with the extension of the chosen format. */
export function downloadFileName(originName: string, fm: string | undefined): string {
  const format = OUTPUT_FORMATS.find((candidate) => candidate === fm);
  if (!format) return originName;
  const dot = originName.lastIndexOf('.');
  const stem = dot > 0 ? originName.slice(0, dot) : originName;
  return `${stem}.${EXTENSIONS[format]}`;
}
