// Burn-in captions as an Advanced SubStation Alpha script, the format ffmpeg's `subtitles` filter
// draws with libass: the style (font, size, colours, alignment, margins) is written by Darkroom
// from checked parameters, and each cue's text is made plain and escaped, so nothing in a track
// from outside is read as an override tag. The script is timed and sized on the output: its
// PlayRes is the output frame, so pixels are output pixels (docs.imgix.com/apis/video/subtitles/
// video-caption-size: "applied to the output video at its encoded resolution").
import type { Rgba } from '@darkroom/core';
import { RenderError } from '../pipeline/context.ts';
import type { CaptionPlan } from './caption-plan.ts';
import type { Cue } from './webvtt.ts';

/** The frame captions are drawn on: the output's size. */
export interface CaptionFrame {
  width: number;
  height: number;
}

/**
 * The largest script drawn, in UTF-16 code units. Karaoke writes a cue once per word, so its
 * script grows with the square of a cue's words: a two-hour film of ordinary cues makes a few
 * MiB, and a track of a few enormous cues (4 MiB of one cue) would make gigabytes.
 */
export const CAPTION_SCRIPT_MAX_LENGTH = 32 * 1024 * 1024;

/**
 * Darkroom's margins where the URL gives none (no stored page gives a default): 5% of the frame
 * from its edges, as broadcast title-safe areas keep text.
 */
const DEFAULT_MARGIN = 0.05;

// ASS alignment, numpad style (ASS specification, "Alignment"): bottom row 1-3, middle 4-6, top 7-9.
const ROWS = { bottom: 0, middle: 3, top: 6 } as const;
const COLUMNS = { left: 1, center: 2, right: 3 } as const;

// The named character references WebVTT text uses for what it cannot write (section 4.2.2), and
// the spaces and marks HTML adds that subtitle writers use.
const REFERENCES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00A0',
  lrm: '\u200E',
  rlm: '\u200F',
};

const hex2 = (value: number) =>
  Math.max(0, Math.min(255, Math.round(value)))
    .toString(16)
    .toUpperCase()
    .padStart(2, '0');

/** `&HAABBGGRR`: ASS colours are blue first, their alpha a transparency (00 is opaque). */
function assColor(color: Rgba): string {
  return `&H${hex2((1 - color.alpha) * 255)}${hex2(color.b)}${hex2(color.g)}${hex2(color.r)}`;
}

/** The colour and alpha override tags that switch the fill to `color` (`\1c`, `\1a`). */
function fillOverride(color: Rgba): string {
  const rgb = `&H${hex2(color.b)}${hex2(color.g)}${hex2(color.r)}&`;
  return `{\\1c${rgb}\\1a&H${hex2((1 - color.alpha) * 255)}&}`;
}

/** `H:MM:SS.cc`, the ASS timestamp, from centiseconds. */
function assTime(centiseconds: number): string {
  const whole = Math.max(0, Math.round(centiseconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(whole / 360_000);
  const minutes = Math.floor(whole / 6000) % 60;
  const seconds = Math.floor(whole / 100) % 60;
  return `${hours}:${pad(minutes)}:${pad(seconds)}.${pad(whole % 100)}`;
}

/**
 * A WebVTT cue's text as people read it: tags (<b>, <c.class>, <v Speaker>, karaoke timestamps)
 * dropped and character references decoded (W3C WebVTT section 4.2.2), one string per line.
 */
export function plainCueLines(text: string): string[] {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (reference, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith('#')) {
        const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : Number(lower.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
      }
      return REFERENCES[lower] ?? reference;
    })
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * Text libass draws as written. libass reads `{...}` as override tags and `\N`, `\n`, `\h` as
 * breaks and hard spaces, and has escapes only for braces (`\{`, `\}`): a backslash is kept from
 * what follows it by a word joiner (U+2060, which draws nothing). Control characters, a line
 * break among them (which would end the script's line), are dropped.
 */
export function escapeAssText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .replaceAll('\\', '\\\u2060')
      .replaceAll('{', '\\{')
      .replaceAll('}', '\\}')
  );
}

/** Output pixels of a caption size: pixels, or below 1 a share of the frame height. */
function pixelSize(size: number, frame: CaptionFrame): number {
  const pixels = size < 1 ? size * frame.height : size;
  return Math.max(1, Math.min(frame.height, Math.round(pixels)));
}

/** The style line every caption is drawn with. */
function styleLine(plan: CaptionPlan, frame: CaptionFrame): string {
  const fontSize = pixelSize(plan.size, frame);
  // margin-x is both the inset and the wrap width ("the frame width minus twice the margin"):
  // a wrap width of at least one pixel is kept.
  const marginX = Math.min(
    plan.marginX ?? Math.round(frame.width * DEFAULT_MARGIN),
    Math.floor((frame.width - 1) / 2),
  );
  const marginY = Math.min(plan.marginY ?? Math.round(frame.height * DEFAULT_MARGIN), frame.height);
  // A thin dark outline, in the text's own transparency, keeps captions legible on any picture;
  // no stored page names an outline parameter.
  const outline: Rgba = { r: 0, g: 0, b: 0, alpha: plan.color.alpha };
  const outlineWidth = Math.max(1, Math.round(fontSize / 18));
  const fields = [
    'Caption',
    plan.font.family,
    fontSize,
    assColor(plan.color),
    assColor(plan.color),
    assColor(outline),
    assColor({ r: 0, g: 0, b: 0, alpha: 0 }),
    plan.font.weight === 'bold' ? -1 : 0,
    plan.font.style === 'italic' ? -1 : 0,
    0,
    0,
    100,
    100,
    0,
    0,
    1,
    outlineWidth,
    0,
    ROWS[plan.vertical] + COLUMNS[plan.horizontal],
    marginX,
    marginX,
    marginY,
    1,
  ];
  return `Style: ${fields.join(',')}`;
}

/** A word of a caption, and whether the next one starts a new line. */
interface Word {
  text: string;
  lineEnd: boolean;
}

function wordsOf(lines: readonly string[]): Word[] {
  return lines.flatMap((line) => {
    const words = line.split(/\s+/).filter((word) => word !== '');
    return words.map((text, index) => ({ text, lineEnd: index === words.length - 1 }));
  });
}

/** The words as one caption, each drawn in the colour `colorOf` gives it (null: the style's). */
function wordsText(words: readonly Word[], colorOf: (index: number) => Rgba | null, base: Rgba) {
  return words
    .map((word, index) => {
      const color = colorOf(index);
      const text = escapeAssText(word.text);
      const drawn = color === null ? text : `${fillOverride(color)}${text}${fillOverride(base)}`;
      const after = index === words.length - 1 ? '' : word.lineEnd ? '\\N' : ' ';
      return drawn + after;
    })
    .join('');
}

/**
 * When each word is spoken, in centiseconds from `startCs` to `endCs`. A track's cues time lines,
 * not words: the cue's time is shared out by the words' lengths, as speech takes longer to say
 * a longer word.
 */
function wordTimes(words: readonly Word[], startCs: number, endCs: number): number[] {
  const weights = words.map((word) => Math.max(1, [...word.text].length));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let before = 0;
  const times = [startCs];
  for (const weight of weights) {
    before += weight;
    times.push(startCs + Math.round(((endCs - startCs) * before) / total));
  }
  return times;
}

/**
 * The dialogue lines of one cue in `plan`'s style, one at a time: a karaoke cue is written once
 * per word, and the script's bound is checked as each is made.
 */
function* cueEvents(cue: Cue, plan: CaptionPlan, prefix: string): Generator<string> {
  const startCs = Math.round(cue.startMs / 10);
  const endCs = Math.round(cue.endMs / 10);
  const words = wordsOf(plainCueLines(cue.text));
  if (words.length === 0 || endCs <= startCs) return;
  const dialogue = (from: number, to: number, text: string) =>
    `Dialogue: 0,${assTime(from)},${assTime(to)},Caption,,0,0,0,,${prefix}${text}`;
  if (plan.style === 'plain') {
    yield dialogue(
      startCs,
      endCs,
      wordsText(words, () => null, plan.color),
    );
    return;
  }
  const times = wordTimes(words, startCs, endCs);
  for (const [spoken, word] of words.entries()) {
    const from = times[spoken] ?? startCs;
    const to = times[spoken + 1] ?? endCs;
    if (to <= from) continue;
    if (plan.style === 'word-pop') {
      yield dialogue(from, to, escapeAssText(word.text));
      continue;
    }
    const highlighted = (index: number) =>
      index === spoken || (plan.stay && index < spoken) ? plan.highlight : null;
    yield dialogue(from, to, wordsText(words, highlighted, plan.color));
  }
}

/** The ASS script of `cues` (timed on the output) drawn on `frame` as `plan` asks. */
export function captionScript(
  cues: readonly Cue[],
  plan: CaptionPlan,
  frame: CaptionFrame,
): string {
  // A light face is a weight libass takes from an override tag, not from the style's Bold field.
  const prefix = plan.font.weight === 'light' ? '{\\b300}' : '';
  const events: string[] = [];
  let length = 0;
  for (const cue of cues) {
    for (const event of cueEvents(cue, plan, prefix)) {
      length += event.length + 1;
      if (length > CAPTION_SCRIPT_MAX_LENGTH) {
        throw new RenderError(
          422,
          `The subtitle track is too long to draw as ${plan.style} captions: its cues hold too many words.`,
        );
      }
      events.push(event);
    }
  }
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${frame.width}`,
    `PlayResY: ${frame.height}`,
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    // The colours are the output's as written: no conversion between YCbCr matrices.
    'YCbCr Matrix: None',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    styleLine(plan, frame),
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...events,
    '',
  ].join('\n');
}
