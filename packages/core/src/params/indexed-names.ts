// Indexed parameter names, `name[N]`: several values of one parameter in one URL, each its own
// parameter. docs.imgix.com/apis/video/subtitles/video-subtitle-src: "To add more than one
// subtitle track, use indexed variants: video-subtitle-src[1], video-subtitle-src[2], and so on.
// The bare video-subtitle-src parameter is equivalent to video-subtitle-src[0]. Pair each indexed
// source with a corresponding video-subtitle-lang[N] to tag the track's language."

/**
 * The parameters that take an index, by canonical name, each with the parameter its indexed form
 * needs at the same index (video-subtitle-lang[2] tags the track video-subtitle-src[2] names).
 */
export const INDEXED_PARAMETERS: Readonly<Record<string, { pairedWith: string | null }>> = {
  'video-subtitle-src': { pairedWith: null },
  'video-subtitle-lang': { pairedWith: 'video-subtitle-src' },
};

/**
 * The largest index: ten subtitle tracks, each fetched, parsed and packaged, is as many as a
 * URL may make one render fetch (imgix documents no bound).
 */
export const MAX_PARAMETER_INDEX = 9;

// `name[N]`: the index in decimal digits, nothing after the bracket.
const INDEXED = /^(.+)\[(\d+)\]$/;

/** A name as written split into its name and index; null when it has no `[N]` suffix. */
export function splitIndex(written: string): { name: string; index: string } | null {
  const match = INDEXED.exec(written);
  if (match === null) return null;
  return { name: match[1] ?? '', index: match[2] ?? '' };
}

/**
 * The canonical name of `canonical` at `index`: the bare name for 0, which it is equivalent to,
 * and `name[N]` otherwise.
 */
export function indexedName(canonical: string, index: number): string {
  return index === 0 ? canonical : `${canonical}[${index}]`;
}

/** The canonical name and index of an indexed canonical name; index 0 for a bare name. */
export function indexOfName(canonical: string): { name: string; index: number } {
  const split = splitIndex(canonical);
  if (split === null || INDEXED_PARAMETERS[split.name] === undefined) {
    return { name: canonical, index: 0 };
  }
  return { name: split.name, index: Number(split.index) };
}

/**
 * The index `text` spells, or the message refusing it: decimal digits without a leading zero,
 * 0 to MAX_PARAMETER_INDEX.
 */
export function readIndex(written: string, text: string): number | string {
  const index = Number(text);
  if (!/^(?:0|[1-9]\d*)$/.test(text) || index > MAX_PARAMETER_INDEX) {
    return `"${written}" is not a valid parameter: its index must be a whole number from 0 to ${MAX_PARAMETER_INDEX}.`;
  }
  return index;
}
