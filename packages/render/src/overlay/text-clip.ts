/**
 * `txt-clip`: which part of a line wider than its box is cut (docs.imgix.com/apis/rendering/
 * text/text-clipping-mode). Without `ellipsis` the rendered line is cut at pixel boundaries;
 * with it, whole characters give way to an ellipsis.
 */

export type ClipRegion = 'start' | 'middle' | 'end';

export interface TextClip {
  region: ClipRegion;
  ellipsis: boolean;
}

/** Reads `txt-clip` (start, middle, end, ellipsis; `end` unless another region is named). */
export function readTextClip(values: readonly string[]): TextClip {
  let region: ClipRegion = 'end';
  for (const value of values) {
    if (value === 'start' || value === 'middle' || value === 'end') region = value;
  }
  return { region, ellipsis: values.includes('ellipsis') };
}

const ELLIPSIS = '\u2026';

/** User-perceived characters, so a cut never splits an emoji or an accent from its letter. */
export function graphemes(text: string): string[] {
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

/** `characters` shortened to `keep` of them, with an ellipsis where the cut ones were. */
export function shortenWithEllipsis(
  characters: readonly string[],
  keep: number,
  region: ClipRegion,
): string {
  if (keep >= characters.length) return characters.join('');
  const kept = Math.max(0, keep);
  switch (region) {
    case 'start':
      return ELLIPSIS + characters.slice(characters.length - kept).join('');
    case 'end':
      return characters.slice(0, kept).join('') + ELLIPSIS;
    case 'middle': {
      const head = Math.ceil(kept / 2);
      const tail = kept - head;
      return (
        characters.slice(0, head).join('') +
        ELLIPSIS +
        characters.slice(characters.length - tail).join('')
      );
    }
  }
}

/** A run of rendered columns `[sourceLeft, sourceLeft + width)` drawn at `targetLeft`. */
export interface ClipWindow {
  sourceLeft: number;
  targetLeft: number;
  width: number;
}

/**
 * The pixel columns of a `lineWidth`-wide rendering that stay when it must shrink to
 * `available` without an ellipsis: clipping the end keeps the start, clipping the start keeps
 * the end, clipping the middle keeps both ends and joins them.
 */
export function clipWindows(
  lineWidth: number,
  available: number,
  region: ClipRegion,
): ClipWindow[] {
  const width = Math.max(0, Math.min(lineWidth, available));
  if (width === lineWidth) return [{ sourceLeft: 0, targetLeft: 0, width }];
  if (width === 0) return [];
  switch (region) {
    case 'end':
      return [{ sourceLeft: 0, targetLeft: 0, width }];
    case 'start':
      return [{ sourceLeft: lineWidth - width, targetLeft: 0, width }];
    case 'middle': {
      const head = Math.ceil(width / 2);
      const tail = width - head;
      const windows = [{ sourceLeft: 0, targetLeft: 0, width: head }];
      if (tail > 0) windows.push({ sourceLeft: lineWidth - tail, targetLeft: head, width: tail });
      return windows;
    }
  }
}
