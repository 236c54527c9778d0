import { describe, expect, it } from 'vitest';
import { RenderError } from '../pipeline/context.ts';
import { checkTextBounds, estimatedTextSize, TEXT_LIMITS } from './text-bounds.ts';

const BUDGET = 50_000_000;
const extent = (text: string, sizePx = 12) => ({ text, sizePx, trackingPx: 0, leadingPx: 0 });

function refusal(run: () => void): RenderError {
  try {
    run();
  } catch (error) {
    if (error instanceof RenderError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('text bounds', () => {
  it('estimates an em per character and a line height and a quarter per line', () => {
    expect(estimatedTextSize(extent('Hello\nWorld!', 20))).toEqual({ width: 120, height: 50 });
    expect(estimatedTextSize({ text: 'ab\ncd', sizePx: 10, trackingPx: 2, leadingPx: 6 })).toEqual({
      width: 24,
      height: 31,
    });
  });

  it('lets ordinary captions through, long single lines included', () => {
    expect(() => checkTextBounds(extent('Hello, world'), BUDGET)).not.toThrow();
    expect(() => checkTextBounds(extent('W'.repeat(2000)), BUDGET)).not.toThrow();
  });

  it('refuses text longer than the character limit with 413, saying the limit', () => {
    const error = refusal(() => checkTextBounds(extent('W'.repeat(7000)), BUDGET));
    expect(error.status).toBe(413);
    expect(error.message).toBe(
      `txt has 7000 characters; this server draws at most ${TEXT_LIMITS.maxCharacters}.`,
    );
  });

  it('refuses a leading wider than a text surface can be, naming txt-lead', () => {
    const error = refusal(() => checkTextBounds({ ...extent('W'), leadingPx: 99_999_999 }, BUDGET));
    expect(error.status).toBe(413);
    expect(error.message).toMatch(/^txt-lead of \d+ px is more than the 32767 pixels/);
  });

  it('refuses more lines than the limit', () => {
    const lines = Array.from({ length: 150 }, () => 'x').join('\n');
    const error = refusal(() => checkTextBounds(extent(lines), BUDGET));
    expect(error.status).toBe(413);
    expect(error.message).toMatch(/txt has 150 lines; this server draws at most 100/);
  });

  it('refuses a surface past cairo’s side or the pixel budget, naming txt-size', () => {
    const wide = refusal(() => checkTextBounds(extent('W'.repeat(1000), 400), BUDGET));
    expect(wide.status).toBe(413);
    expect(wide.message).toMatch(/txt-size 400 px would be drawn on about 400000x500 pixels/);
    const huge = refusal(() => checkTextBounds(extent('W', 8000), BUDGET));
    expect(huge.message).toMatch(
      /about 8000x10000 pixels; the limit is 32767 pixels a side and 50 megapixels/,
    );
  });
});
