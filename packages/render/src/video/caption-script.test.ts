import { parseParams, type Params } from '@darkroom/core';
import { describe, expect, it } from 'vitest';
import { resolveFont } from '../overlay/fonts.ts';
import { RenderError } from '../pipeline/context.ts';
import { captionPlan, type CaptionPlan } from './caption-plan.ts';
import {
  CAPTION_SCRIPT_MAX_LENGTH,
  captionScript,
  escapeAssText,
  plainCueLines,
} from './caption-script.ts';
import { filterGraphValue } from './captions.ts';
import type { Cue } from './webvtt.ts';

const SOURCE = `video-subtitle-src=${encodeURIComponent('https://subs.example/a.vtt')}`;

function params(query: string): Params {
  const parsed = parseParams(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(parsed.issues.map((issue) => issue.message).join('; '));
  return parsed.params;
}

function plan(query: string): CaptionPlan {
  const read = captionPlan(params(`${SOURCE}&${query}`));
  if (read === null) throw new Error('no captions');
  return read;
}

const cue = (startMs: number, endMs: number, text: string): Cue => ({
  id: null,
  startMs,
  endMs,
  settings: '',
  text,
});

const FRAME = { width: 640, height: 360 };

/** The style line's fields by name. */
function style(script: string): Record<string, string> {
  const format = /^Format: (Name, Fontname.*)$/m.exec(script)?.[1]?.split(', ') ?? [];
  const values = /^Style: (.*)$/m.exec(script)?.[1]?.split(',') ?? [];
  return Object.fromEntries(format.map((name, index) => [name, values[index] ?? '']));
}

const dialogues = (script: string) =>
  script.split('\n').filter((line) => line.startsWith('Dialogue:'));

describe('captionPlan', () => {
  it('is null without video-caption-style, which turns captions on', () => {
    expect(captionPlan(params(`${SOURCE}&video-caption-color=FF0000`))).toBeNull();
    expect(plan('video-caption-style=plain')).toMatchObject({
      style: 'plain',
      color: { r: 255, g: 255, b: 255, alpha: 1 },
      vertical: 'bottom',
      horizontal: 'center',
      size: 0.05,
      embed: true,
    });
  });

  it('takes one value of each axis, in either order, and refuses two of one (400)', () => {
    expect(plan('video-caption-style=plain&video-caption-align=right,top')).toMatchObject({
      vertical: 'top',
      horizontal: 'right',
    });
    expect(plan('video-caption-style=plain&video-caption-align=middle')).toMatchObject({
      vertical: 'middle',
      horizontal: 'center',
    });
    expect(() => plan('video-caption-style=plain&video-caption-align=top,bottom')).toThrow(
      new RenderError(
        400,
        'video-caption-align=top,bottom must name at most one of top, middle and bottom and one of left, center and right.',
      ),
    );
  });

  it('resolves video-caption-font exactly as txt-font is resolved', () => {
    for (const font of [
      'Georgia,bold',
      'HelveticaNeue-Light',
      'Menlo-Regular',
      'cursive',
      'Futura-MediumItalic',
    ]) {
      expect(plan(`video-caption-style=plain&video-caption-font=${font}`).font).toEqual(
        resolveFont(params(`txt=x&txt-font=${font}`).string('txt-font')),
      );
    }
  });
});

describe('captionScript', () => {
  it('sizes, colours and places the style on the output frame', () => {
    const script = captionScript(
      [],
      plan(
        'video-caption-style=plain&video-caption-color=FF800080&video-caption-size=0.1&video-caption-align=top,left&video-caption-margin-x=20&video-caption-margin-y=8&video-caption-font=Georgia,bold,italic',
      ),
      FRAME,
    );
    expect(script).toContain('PlayResX: 640\nPlayResY: 360');
    expect(style(script)).toMatchObject({
      Fontname: 'DejaVu Serif',
      Fontsize: '36',
      // Blue, green, red; the alpha is a transparency: 0x80 opaque of 0xFF is 0x7F transparent.
      PrimaryColour: '&H7F0080FF',
      Bold: '-1',
      Italic: '-1',
      Alignment: '7',
      MarginL: '20',
      MarginR: '20',
      MarginV: '8',
    });
    // Pixels are pixels; margins keep some width to wrap in.
    const wide = captionScript(
      [],
      plan('video-caption-style=plain&video-caption-size=24&video-caption-margin-x=5000'),
      FRAME,
    );
    expect(style(wide)).toMatchObject({ Fontsize: '24', MarginL: '319', Alignment: '2' });
  });

  it('writes a cue plain, its markup dropped and references decoded, lines as \\N', () => {
    const script = captionScript(
      [cue(1230, 4560, '<v Roger><b>Tom</b> &amp; Jerry</v>\n<c.loud>run &lt;now&gt;</c>')],
      plan('video-caption-style=plain'),
      FRAME,
    );
    expect(dialogues(script)).toEqual([
      'Dialogue: 0,0:00:01.23,0:00:04.56,Caption,,0,0,0,,Tom & Jerry\\Nrun <now>',
    ]);
  });

  it('escapes what libass would read as tags, breaks or a new line of the script', () => {
    const hostile =
      'a{\\c&H00FF00&}b\\Nc}\n[Events]\rDialogue: 0,0:00:00.00,9:00:00.00,Caption,,0,0,0,,x';
    const script = captionScript([cue(0, 1000, hostile)], plan('video-caption-style=plain'), FRAME);
    const lines = dialogues(script);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      'Dialogue: 0,0:00:00.00,0:00:01.00,Caption,,0,0,0,,a\\{\\\u2060c&H00FF00&\\}b\\\u2060Nc\\}\\N[Events] Dialogue: 0,0:00:00.00,9:00:00.00,Caption,,0,0,0,,x',
    );
    expect(escapeAssText('\\h{x}')).toBe('\\\u2060h\\{x\\}');
    expect(plainCueLines('&#x41;&#66;&nope;')).toEqual(['AB&nope;']);
  });

  it('times karaoke word by word, sharing the cue by the words\u2019 lengths', () => {
    const karaoke = plan(
      'video-caption-style=karaoke&video-caption-color=0000FF&video-caption-highlight-color=FF0000',
    );
    const base = '{\\1c&HFF0000&\\1a&H00&}';
    const lit = '{\\1c&H0000FF&\\1a&H00&}';
    expect(dialogues(captionScript([cue(0, 900, 'ab abcd')], karaoke, FRAME))).toEqual([
      `Dialogue: 0,0:00:00.00,0:00:00.30,Caption,,0,0,0,,${lit}ab${base} abcd`,
      `Dialogue: 0,0:00:00.30,0:00:00.90,Caption,,0,0,0,,ab ${lit}abcd${base}`,
    ]);
    // stay: the words spoken keep the highlight.
    const stay = { ...karaoke, stay: true };
    expect(dialogues(captionScript([cue(0, 900, 'ab abcd')], stay, FRAME))[1]).toBe(
      `Dialogue: 0,0:00:00.30,0:00:00.90,Caption,,0,0,0,,${lit}ab${base} ${lit}abcd${base}`,
    );
  });

  it('shows each word alone in word-pop, and draws a light face with an override', () => {
    const pop = plan('video-caption-style=word-pop&video-caption-font=HelveticaNeue-Light');
    expect(dialogues(captionScript([cue(1000, 2000, 'one two\nthree')], pop, FRAME))).toEqual([
      'Dialogue: 0,0:00:01.00,0:00:01.27,Caption,,0,0,0,,{\\b300}one',
      'Dialogue: 0,0:00:01.27,0:00:01.55,Caption,,0,0,0,,{\\b300}two',
      'Dialogue: 0,0:00:01.55,0:00:02.00,Caption,,0,0,0,,{\\b300}three',
    ]);
  });
});

describe('the bound of a caption script', () => {
  it('refuses karaoke of a cue so long its script would pass the bound, and draws it plain', () => {
    // 5,000 words: one event of the whole cue per word, 5,000 times 30,000 characters.
    const long = cue(0, 3_600_000, Array.from({ length: 5000 }, () => 'word').join(' '));
    expect(() => captionScript([long], plan('video-caption-style=karaoke'), FRAME)).toThrow(
      new RenderError(
        422,
        'The subtitle track is too long to draw as karaoke captions: its cues hold too many words.',
      ),
    );
    expect(captionScript([long], plan('video-caption-style=plain'), FRAME).length).toBeLessThan(
      CAPTION_SCRIPT_MAX_LENGTH,
    );
  });
});

describe('filterGraphValue', () => {
  it("escapes a path for the filter's option parser, then for the graph's", () => {
    expect(filterGraphValue("/tmp/it's: [a], b; c\\d/captions.ass")).toBe(
      "/tmp/it\\\\\\'s\\\\: \\[a\\]\\, b\\; c\\\\\\\\d/captions.ass",
    );
  });
});
