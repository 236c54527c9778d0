import type { EditorParams } from '../editor/editor-types.ts';
import { paramsFromSearch, renderingUrl } from '../editor/params.utils.ts';

// The URL playground's text: the asset's rendering URL, read back into parameters. The address
// before the `?` is the asset's own; only the query is the user's to write.

export type ParsedPlaygroundUrl =
  { ok: true; params: EditorParams } | { ok: false; message: string };

/** The parameters of a typed rendering URL, or why it is not one of this asset. */
export function parsePlaygroundUrl(text: string, assetUrl: string): ParsedPlaygroundUrl {
  let typed: URL;
  try {
    typed = new URL(text.trim());
  } catch {
    return { ok: false, message: `Enter the full address, starting with ${assetUrl}` };
  }
  const asset = new URL(assetUrl);
  if (typed.origin !== asset.origin || typed.pathname !== asset.pathname) {
    return {
      ok: false,
      message: `The address must stay ${assetUrl}: change only what follows the "?".`,
    };
  }
  return { ok: true, params: paramsFromSearch(typed.searchParams) };
}

/** The text the playground shows for a set of parameters. */
export function playgroundText(assetUrl: string, params: EditorParams): string {
  return renderingUrl(assetUrl, params);
}

/** The text with one more parameter, `name=` at the end, for the user to type its value. */
export function withParameterAdded(text: string, name: string): string {
  const trimmed = text.trim();
  const hash = trimmed.indexOf('#');
  const base = hash >= 0 ? trimmed.slice(0, hash) : trimmed;
  const joiner = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${joiner}${encodeURIComponent(name)}=`;
}

/** The parameter names of a typed text, in order, whatever their values. */
export function parameterNamesOf(text: string): string[] {
  const query = text.includes('?') ? text.slice(text.indexOf('?') + 1).split('#')[0] : '';
  return [...new Set([...new URLSearchParams(query).keys()].filter((name) => name !== ''))];
}
