import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { PaletteDocument } from '../color/palette-document.ts';
import { colourField, squareOnTransparent } from '../testing/images.ts';
import { stepContext } from '../testing/step-context.ts';
import { adjustmentStep } from './adjustment.ts';
import { paletteOutput, paletteParameters } from './palette.ts';

/** 30 x 20: the left third red (#dc2828), the rest blue (#2846dc). */
async function twoColours(): Promise<Buffer> {
  const red = await sharp({
    create: { width: 10, height: 20, channels: 3, background: { r: 220, g: 40, b: 40 } },
  })
    .png()
    .toBuffer();
  return sharp({
    create: { width: 30, height: 20, channels: 3, background: { r: 40, g: 70, b: 220 } },
  })
    .composite([{ input: red, left: 0, top: 0 }])
    .png()
    .toBuffer();
}

async function palette(input: Uint8Array, query: string) {
  return paletteOutput(await stepContext(input, query));
}

async function paletteJson(input: Uint8Array, query: string): Promise<PaletteDocument> {
  const result = await palette(input, query);
  expect(result.contentType).toBe('application/json');
  return JSON.parse(result.body.toString('utf8')) as PaletteDocument;
}

describe('palette output', () => {
  it('finds the two colours of a two-colour image, the more frequent first', async () => {
    const document = await paletteJson(await twoColours(), 'palette=json');
    expect(document.colors.map((colour) => colour.hex)).toEqual(['#2846dc', '#dc2828']);
    expect(document.colors[1]).toEqual({
      red: 0.862745,
      green: 0.156863,
      blue: 0.156863,
      hex: '#dc2828',
    });
  });

  it('answers in imgix JSON shape with named dominant colours and average luminance', async () => {
    const document = await paletteJson(await colourField(), 'palette=json');
    expect(Object.keys(document)).toEqual(['colors', 'average_luminance', 'dominant_colors']);
    expect(document.colors).toHaveLength(6);
    expect(document.average_luminance).toBeGreaterThan(0.1);
    expect(document.average_luminance).toBeLessThan(0.6);
    expect(Object.keys(document.dominant_colors).length).toBeGreaterThan(2);
    for (const colour of Object.values(document.dominant_colors)) {
      expect(colour.hex).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('returns as many colours as `colors` asks, at most 16', async () => {
    const field = await colourField();
    expect((await paletteJson(field, 'palette=json&colors=3')).colors).toHaveLength(3);
    expect((await paletteJson(field, 'palette=json&colors=40')).colors).toHaveLength(16);
    expect((await paletteJson(field, 'palette=json&colors=0')).colors).toEqual([]);
  });

  it('writes CSS classes under the prefix, with white and black last', async () => {
    const result = await palette(await twoColours(), 'palette=css&prefix=hero');
    expect(result.contentType).toBe('text/css; charset=utf-8');
    expect(result.format).toBe('css');
    expect(result.body.toString('utf8')).toBe(
      [
        '.hero-fg-1 { color:#2846dc !important; }',
        '.hero-bg-1 { background-color:#2846dc !important; }',
        '.hero-fg-2 { color:#dc2828 !important; }',
        '.hero-bg-2 { background-color:#dc2828 !important; }',
        '.hero-fg-ex-1 { color:#000000 !important; }',
        '.hero-bg-ex-1 { background-color:#000000 !important; }',
        '.hero-fg-ex-2 { color:#ffffff !important; }',
        '.hero-bg-ex-2 { background-color:#ffffff !important; }',
        '',
      ].join('\n'),
    );
  });

  it('uses the prefix "image" by default', async () => {
    const result = await palette(await twoColours(), 'palette=css');
    expect(result.body.toString('utf8')).toContain('.image-fg-1 { color:#2846dc !important; }');
  });

  it('reads the image as the pipeline left it, not the original', async () => {
    const context = await stepContext(await twoColours(), 'palette=json&invert=true');
    await adjustmentStep.run(context);
    const document = JSON.parse(
      (await paletteOutput(context)).body.toString('utf8'),
    ) as PaletteDocument;
    expect(document.colors.map((colour) => colour.hex)).toEqual(['#d7b923', '#23d7d7']);
  });

  it('ignores transparent pixels', async () => {
    const document = await paletteJson(await squareOnTransparent(), 'palette=json');
    expect(document.colors.map((colour) => colour.hex)).toEqual(['#c81e1e']);
  });

  it('names the parameters it implements for the coverage report', () => {
    expect([...paletteParameters].sort()).toEqual(['colors', 'palette', 'prefix']);
  });
});
