// Burn-in captions (docs.imgix.com/apis/video/subtitles/video-caption-style and the video-caption-*
// pages) read into typed options, with no I/O: delivery reads them before a job is queued (a bad
// alignment is a 400 then, not a failed job), the transcoder when it draws them.
import type { Params, Rgba } from '@darkroom/core';
import { resolveFont, type FontChoice } from '../overlay/fonts.ts';
import { RenderError } from '../pipeline/context.ts';

/**
 * .../video-caption-style: `plain` shows "all words in the current caption line ...
 * simultaneously"; `karaoke` highlights words "as they are spoken"; `word-pop` shows "each word
 * ... individually as it is spoken, replacing the previous word".
 */
export type CaptionStyle = 'plain' | 'karaoke' | 'word-pop';

export type CaptionVertical = 'top' | 'middle' | 'bottom';
export type CaptionHorizontal = 'left' | 'center' | 'right';

/** What a request asks of burn-in captions. */
export interface CaptionPlan {
  style: CaptionStyle;
  /** video-caption-color: the text, and in karaoke the words not yet spoken. */
  color: Rgba;
  /** video-caption-highlight-color: the word being spoken, in karaoke. */
  highlight: Rgba;
  /** video-caption-stay: spoken words keep the highlight (karaoke only). */
  stay: boolean;
  /** video-caption-font, resolved as txt-font is (overlay/fonts.ts). */
  font: FontChoice;
  /** video-caption-size: output pixels, or below 1 a share of the output height. */
  size: number;
  vertical: CaptionVertical;
  horizontal: CaptionHorizontal;
  /** video-caption-margin-x and -y in output pixels; null for Darkroom's defaults. */
  marginX: number | null;
  marginY: number | null;
  /** video-caption-embed: the track is also muxed as a text stream (MP4, WebM). */
  embed: boolean;
}

/** White text: .../video-caption-color's example and the colour of subtitles everywhere. */
const DEFAULT_COLOR: Rgba = { r: 255, g: 255, b: 255, alpha: 1 };
/** No stored page gives the highlight's default: yellow, Darkroom's choice. */
const DEFAULT_HIGHLIGHT: Rgba = { r: 255, g: 255, b: 0, alpha: 1 };
/** No stored page gives a default size: 5% of the height, .../video-caption-size's example. */
export const DEFAULT_CAPTION_SIZE = 0.05;

const VERTICAL: readonly string[] = ['top', 'middle', 'bottom'];
const HORIZONTAL: readonly string[] = ['left', 'center', 'right'];

/**
 * .../video-caption-align: "a comma-separated pair of vertical and horizontal alignment values",
 * bottom and center by default; a value may be left out. Two of one axis is a 400.
 */
function alignment(words: readonly string[]): {
  vertical: CaptionVertical;
  horizontal: CaptionHorizontal;
} {
  const vertical = words.filter((word) => VERTICAL.includes(word));
  const horizontal = words.filter((word) => HORIZONTAL.includes(word));
  if (vertical.length > 1 || horizontal.length > 1) {
    throw new RenderError(
      400,
      `video-caption-align=${words.join(',')} must name at most one of top, middle and bottom and one of left, center and right.`,
    );
  }
  return {
    vertical: (vertical[0] ?? 'bottom') as CaptionVertical,
    horizontal: (horizontal[0] ?? 'center') as CaptionHorizontal,
  };
}

/**
 * The burn-in captions `params` ask for, or null without video-caption-style (which turns them
 * on: "Sets the burn-in caption animation style for captions rendered directly into the video
 * frames"). A 400 for an alignment that names one axis twice.
 */
export function captionPlan(params: Params): CaptionPlan | null {
  const style = params.string('video-caption-style');
  if (style !== 'plain' && style !== 'karaoke' && style !== 'word-pop') return null;
  return {
    style,
    color: params.color('video-caption-color') ?? DEFAULT_COLOR,
    highlight: params.color('video-caption-highlight-color') ?? DEFAULT_HIGHLIGHT,
    stay: params.boolean('video-caption-stay') ?? false,
    font: resolveFont(params.string('video-caption-font')),
    size: params.number('video-caption-size') ?? DEFAULT_CAPTION_SIZE,
    ...alignment(params.strings('video-caption-align')),
    marginX: params.number('video-caption-margin-x') ?? null,
    marginY: params.number('video-caption-margin-y') ?? null,
    embed: params.boolean('video-caption-embed') ?? true,
  };
}
