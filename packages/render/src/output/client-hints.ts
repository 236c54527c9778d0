import type { Params } from '@darkroom/core';
import type { ClientHints } from '../pipeline/context.ts';

// docs.imgix.com/apis/rendering/format/client-hints: "Save-Data reduces image quality to q=45".
const SAVE_DATA_QUALITY = '45';

/**
 * Folds the client hints that `ch` opts into over the URL's own values, before any step runs
 * (docs.imgix.com/apis/rendering/format/client-hints): DPR overrides `dpr`, Save-Data sets
 * q=45, Width overrides `w`. The Width header counts device pixels (RFC 8942 and the
 * Client Hints infrastructure), so with a dpr in force `w` becomes Width / dpr and the output
 * is Width pixels wide, not Width x dpr.
 */
export function applyClientHints(params: Params, hints: ClientHints): Params {
  const opted = new Set(params.strings('ch').map((hint) => hint.toLowerCase()));
  if (opted.size === 0) return params;
  const overrides: Record<string, string> = {};
  const hintedDpr = opted.has('dpr') && hints.dpr !== null && hints.dpr > 0 ? hints.dpr : null;
  if (hintedDpr !== null) overrides['dpr'] = String(hintedDpr);
  if (opted.has('width') && hints.width !== null && hints.width > 0) {
    const dpr = hintedDpr ?? params.number('dpr') ?? 1;
    overrides['w'] = String(Math.max(1, Math.round(hints.width / dpr)));
  }
  if (opted.has('save-data') && hints.saveData) overrides['q'] = SAVE_DATA_QUALITY;
  return Object.keys(overrides).length > 0 ? params.with(overrides) : params;
}
