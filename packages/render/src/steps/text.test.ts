import { describe, expect, it } from 'vitest';
import { expectMatchesGolden } from '../testing/golden.ts';
import { quadrants } from '../testing/images.ts';
import { inkBox, solid } from '../testing/ink.ts';
import { renderQuery } from '../testing/render-query.ts';
import { RenderError } from '../pipeline/context.ts';
import { inkWithinReach } from './text.ts';

const WHITE = { r: 255, g: 255, b: 255 };
const dark = ({ r, g, b }: { r: number; g: number; b: number }) => Math.max(r, g, b) < 128;
const red = ({ r, g, b }: { r: number; g: number; b: number }) => r > 150 && g < 90 && b < 90;

async function textOn(query: string, background = WHITE, width = 200, height = 100) {
  return renderQuery(await solid(width, height, background), query);
}

async function darkInk(query: string) {
  const result = await textOn(query);
  const box = await inkBox(result.body, dark);
  if (!box) throw new Error(`no ink for ${query}`);
  return box;
}

describe('text step', () => {
  it('leaves the image alone without txt', async () => {
    const result = await textOn('txt-size=40');
    expect(await inkBox(result.body, dark)).toBeNull();
  });

  it('draws 12 px black text 10 px from the bottom-right corner by default', async () => {
    const box = await darkInk('txt=Hello');
    expect(box.right).toBeGreaterThanOrEqual(186);
    expect(box.right).toBeLessThanOrEqual(189);
    expect(box.bottom).toBeGreaterThanOrEqual(86);
    expect(box.bottom).toBeLessThanOrEqual(89);
    expect(box.bottom - box.top).toBeLessThan(14);
    expect(box.left).toBeGreaterThan(130);
  });

  it('aligns the text to the top-left, with the pad', async () => {
    const box = await darkInk('txt=Hello&txt-size=20&txt-align=top,left&txt-pad=4');
    expect(box.left).toBeGreaterThanOrEqual(4);
    expect(box.left).toBeLessThanOrEqual(6);
    expect(box.top).toBeGreaterThanOrEqual(4);
    expect(box.top).toBeLessThanOrEqual(6);
  });

  it('centres the text in both directions', async () => {
    const box = await darkInk('txt=Hello&txt-size=20&txt-align=middle,center');
    expect(Math.abs((box.left + box.right) / 2 - 100)).toBeLessThanOrEqual(1.5);
    expect(Math.abs((box.top + box.bottom) / 2 - 50)).toBeLessThanOrEqual(1.5);
  });

  it('places the text at txt-x and txt-y instead of aligning it', async () => {
    const box = await darkInk('txt=Hello&txt-size=20&txt-x=30&txt-y=40&txt-align=bottom,right');
    expect(box.left).toBeGreaterThanOrEqual(30);
    expect(box.left).toBeLessThanOrEqual(32);
    expect(box.top).toBeGreaterThanOrEqual(40);
    expect(box.top).toBeLessThanOrEqual(42);
  });

  it('grows with txt-size', async () => {
    const small = await darkInk('txt=Hello&txt-size=12');
    const large = await darkInk('txt=Hello&txt-size=36');
    expect((large.right - large.left) / (small.right - small.left)).toBeGreaterThan(2.5);
  });

  it('colours the text with txt-color, alpha included', async () => {
    const result = await textOn('txt=Hello&txt-size=30&txt-color=ff0000&txt-align=middle,center');
    expect((await inkBox(result.body, red))?.count).toBeGreaterThan(50);
    const faint = await textOn('txt=Hello&txt-size=30&txt-color=40ff0000&txt-align=middle,center');
    expect(await inkBox(faint.body, red)).toBeNull();
    expect(await inkBox(faint.body, ({ r, g }) => r > 240 && g < 230)).not.toBeNull();
  });

  it('draws markup in the text literally instead of interpreting it', async () => {
    const query = `txt=${encodeURIComponent('<span foreground="red">x</span>')}&txt-size=16&txt-align=middle,center`;
    const result = await textOn(query);
    expect(await inkBox(result.body, red)).toBeNull();
    const box = await inkBox(result.body, dark);
    expect((box?.right ?? 0) - (box?.left ?? 0)).toBeGreaterThan(120);
  });

  it('clips the end of text wider than txt-width, and the start with txt-clip=start', async () => {
    const query = 'txt=ABCDEFGHIJKLMNOP&txt-size=20&txt-align=top,left&txt-width=60';
    const end = await darkInk(query);
    expect(end.right - end.left).toBeLessThanOrEqual(60);
    expect(end.left).toBeLessThanOrEqual(11);
    const start = await textOn(`${query}&txt-clip=start`);
    const endImage = await textOn(query);
    expect(Buffer.compare(start.body, endImage.body)).not.toBe(0);
  });

  it('clips to the image less its pads when txt-width is absent', async () => {
    const box = await darkInk(
      'txt=The+quick+brown+fox+jumps+over+the+lazy+dog&txt-size=20&txt-align=top,left',
    );
    expect(box.left).toBeGreaterThanOrEqual(10);
    expect(box.right).toBeLessThanOrEqual(190);
  });

  it('ends clipped text with an ellipsis that fits the width', async () => {
    const query =
      'txt=ABCDEFGHIJKLMNOP&txt-size=20&txt-align=top,left&txt-width=80&txt-clip=end,ellipsis';
    const box = await darkInk(query);
    expect(box.right - box.left).toBeLessThanOrEqual(80);
    await expectMatchesGolden('text/ellipsis', (await textOn(query)).body);
  });

  it('shrinks text to fit with txt-fit=max', async () => {
    const query =
      'txt=The+quick+brown+fox+jumps+over+the+lazy+dog&txt-size=40&txt-fit=max&txt-align=middle,center';
    const box = await darkInk(query);
    expect(box.left).toBeGreaterThanOrEqual(9);
    expect(box.right).toBeLessThanOrEqual(191);
    expect(box.bottom - box.top).toBeLessThan(20);
  });

  it('scales the text down to txt-h with txt-fit=max, in pixels or as a share of the height', async () => {
    const base = 'txt=Hello&txt-size=60&txt-align=middle,center';
    const free = await darkInk(`${base}&txt-fit=max`);
    expect(free.bottom - free.top).toBeGreaterThan(30);
    const pixels = await darkInk(`${base}&txt-fit=max&txt-h=20`);
    expect(pixels.bottom - pixels.top + 1).toBeLessThanOrEqual(20);
    expect(pixels.bottom - pixels.top + 1).toBeGreaterThan(12);
    // 0.15 of the 100 px image: 15 px.
    const share = await darkInk(`${base}&txt-fit=max&txt-h=0.15`);
    expect(share.bottom - share.top + 1).toBeLessThanOrEqual(15);
    expect(share.bottom - share.top + 1).toBeGreaterThan(8);
  });

  it('multiplies txt-h by dpr, and ignores it without txt-fit', async () => {
    const doubled = await renderQuery(
      await solid(200, 100, WHITE),
      'txt=Hello&txt-size=60&txt-align=middle,center&txt-fit=max&txt-h=10&dpr=2',
    );
    const box = await inkBox(doubled.body, dark);
    expect(box && box.bottom - box.top + 1).toBeLessThanOrEqual(20);
    expect(box && box.bottom - box.top + 1).toBeGreaterThan(12);
    const without = await darkInk('txt=Hello&txt-size=60&txt-align=middle,center&txt-h=20');
    expect(without.bottom - without.top).toBeGreaterThan(30);
  });

  it('wraps the text to txt-width with txt-fit=wrap', async () => {
    const text = 'txt=The+quick+brown+fox+jumps+over+the+lazy+dog&txt-size=16&txt-align=top,left';
    const line = await darkInk(text);
    expect(line.bottom - line.top).toBeLessThan(20);
    const wrapped = await darkInk(`${text}&txt-fit=wrap&txt-width=90`);
    expect(wrapped.right - wrapped.left + 1).toBeLessThanOrEqual(90);
    // Several lines of 16 px type.
    expect(wrapped.bottom - wrapped.top).toBeGreaterThan(40);
  });

  it('cuts wrapped lines past txt-h with txt-fit=wrap, and shrinks them with wrapmax', async () => {
    const text =
      'txt=The+quick+brown+fox+jumps+over+the+lazy+dog&txt-size=16&txt-align=top,left&txt-width=90';
    const whole = await darkInk(`${text}&txt-fit=wrap`);
    const cut = await darkInk(`${text}&txt-fit=wrap&txt-h=40`);
    expect(cut.bottom - cut.top + 1).toBeLessThanOrEqual(40);
    // The same type size: the lines kept are as wide as before, only fewer.
    expect(cut.right - cut.left).toBeGreaterThan(0.8 * (whole.right - whole.left));
    const shrunk = await darkInk(`${text}&txt-fit=wrapmax&txt-h=40`);
    expect(shrunk.bottom - shrunk.top + 1).toBeLessThanOrEqual(40);
    expect(shrunk.right - shrunk.left + 1).toBeLessThanOrEqual(90);
    // All of it, smaller: more ink than the cut text would need at its size is not possible, so
    // compare with the whole paragraph's line height instead.
    expect(shrunk.bottom - shrunk.top).toBeLessThan(whole.bottom - whole.top);
  });

  it('sets monospaced type for a monospace font', async () => {
    const width = async (font: string, text: string) => {
      const box = await darkInk(`txt=${text}&txt-size=20&txt-align=top,left&txt-font=${font}`);
      return box.right - box.left;
    };
    expect(
      Math.abs((await width('monospace', 'iiiiii')) - (await width('monospace', 'MMMMMM'))),
    ).toBeLessThan(8);
    expect(
      (await width('sans-serif', 'MMMMMM')) - (await width('sans-serif', 'iiiiii')),
    ).toBeGreaterThan(40);
  });

  it('draws heavier strokes for a bold font', async () => {
    const regular = await textOn(
      'txt=Hello&txt-size=30&txt-align=middle,center&txt-font=DejaVuSans',
    );
    const bold = await textOn(
      'txt=Hello&txt-size=30&txt-align=middle,center&txt-font=DejaVuSans-Bold',
    );
    const inkOf = async (body: Uint8Array) => (await inkBox(body, dark))?.count ?? 0;
    expect(await inkOf(bold.body)).toBeGreaterThan((await inkOf(regular.body)) * 1.2);
  });

  it('spaces letters apart with txt-track', async () => {
    const plain = await darkInk('txt=Hello&txt-size=20&txt-align=top,left');
    const tracked = await darkInk('txt=Hello&txt-size=20&txt-align=top,left&txt-track=4');
    expect(tracked.right - tracked.left - (plain.right - plain.left)).toBeGreaterThanOrEqual(14);
  });

  it('spaces lines apart with txt-lead', async () => {
    const lines = encodeURIComponent('One\nTwo');
    const plain = await darkInk(`txt=${lines}&txt-size=16&txt-align=top,left`);
    const led = await darkInk(`txt=${lines}&txt-size=16&txt-align=top,left&txt-lead=12`);
    expect(led.bottom - led.top - (plain.bottom - plain.top)).toBe(12);
  });

  it('outlines the text with txt-line in txt-line-color', async () => {
    const query = 'txt=Hello&txt-size=30&txt-align=middle,center&txt-line=3&txt-line-color=ff0000';
    const result = await textOn(query);
    const outline = await inkBox(result.body, red);
    const ink = await inkBox(result.body, dark);
    expect(outline).not.toBeNull();
    expect(ink).not.toBeNull();
    expect(outline?.left ?? 0).toBeLessThan(ink?.left ?? 0);
    expect(outline?.right ?? 0).toBeGreaterThan(ink?.right ?? 0);
  });

  it('keeps the outline of fully transparent text', async () => {
    const query =
      'txt=Hello&txt-size=30&txt-align=middle,center&txt-color=00000000&txt-line=2&txt-line-color=f00';
    const result = await textOn(query);
    expect(await inkBox(result.body, dark)).toBeNull();
    expect((await inkBox(result.body, red))?.count).toBeGreaterThan(100);
  });

  it('casts a soft shadow around the text with txt-shad', async () => {
    const query = 'txt=Hello&txt-size=30&txt-align=middle,center&txt-color=fff&txt-shad=5';
    const result = await textOn(query);
    const shadow = await inkBox(result.body, ({ r }) => r < 200);
    // A halo round the centred text, not a drop shadow below it.
    expect(Math.abs(((shadow?.top ?? 0) + (shadow?.bottom ?? 0)) / 2 - 50)).toBeLessThanOrEqual(2);
    expect(Math.abs(((shadow?.left ?? 0) + (shadow?.right ?? 0)) / 2 - 100)).toBeLessThanOrEqual(2);
    const plain = await textOn('txt=Hello&txt-size=30&txt-align=middle,center&txt-color=fff');
    expect(await inkBox(plain.body, ({ r }) => r < 200)).toBeNull();
  });

  it('matches its goldens', async () => {
    const image = await quadrants(160, 90);
    const styled = await renderQuery(
      image,
      'txt=Darkroom&txt-size=24&txt-align=middle,center&txt-color=fff&txt-line=2&txt-line-color=000&txt-font=DejaVuSerif-Bold',
    );
    await expectMatchesGolden('text/outlined-serif', styled.body);
    const plain = await renderQuery(image, 'txt=Hello+%E2%80%94+world&txt-size=14');
    await expectMatchesGolden('text/default', plain.body);
    const shadowed = await renderQuery(
      image,
      'txt=Shadow&txt-size=28&txt-color=fff&txt-shad=6&txt-align=top,left&txt-font=sans-serif,bold',
    );
    await expectMatchesGolden('text/shadow', shadowed.body);
  });
});

async function refusal(query: string, width = 200, height = 100) {
  const failure = await textOn(query, WHITE, width, height).catch((error: unknown) => error);
  if (!(failure instanceof RenderError)) throw new Error(`expected a refusal for ${query}`);
  return failure;
}

describe('text step bounds', () => {
  it('refuses (413) a txt past the character limit instead of failing in cairo', async () => {
    const failure = await refusal(`txt=${'W'.repeat(7000)}`);
    expect(failure.status).toBe(413);
    expect(failure.message).toMatch(/txt has 7000 characters; this server draws at most 2000/);
  });

  it('refuses (413) text of more lines than the limit', async () => {
    const lines = Array.from({ length: 150 }, () => 'l').join('%0A');
    const failure = await refusal(`txt=${lines}`);
    expect(failure.status).toBe(413);
    expect(failure.message).toMatch(/150 lines/);
  });

  it('refuses (413) type whose surface would pass the limits, naming txt-size', async () => {
    const failure = await refusal('txt=W&txt-size=8000');
    expect(failure.status).toBe(413);
    expect(failure.message).toMatch(/txt-size 8000 px/);
  });

  it('refuses (413) an outline wider than 100 device pixels, txt-line by dpr', async () => {
    const failure = await refusal('txt=W&txt-line=30&dpr=4');
    expect(failure.status).toBe(413);
    expect(failure.message).toMatch(/txt-line=30&dpr=4 is an outline of 120 pixels/);
  });

  it('draws a long line clipped to the image, within the limits', async () => {
    const box = await darkInk(`txt=${'W'.repeat(1900)}&txt-align=top,left`);
    expect(box.left).toBeGreaterThanOrEqual(10);
    expect(box.right).toBeLessThanOrEqual(190);
  });

  it('draws a txt-shad past the documented 10 as 10', async () => {
    const query = 'txt=Hello&txt-size=30&txt-align=middle,center&txt-color=fff';
    const strongest = await textOn(`${query}&txt-shad=10`);
    const past = await textOn(`${query}&txt-shad=1000`);
    expect(past.body.equals(strongest.body)).toBe(true);
  });

  it('outlines text taller than the image without working on the ink it cannot show', async () => {
    const result = await textOn(
      'txt=W&txt-size=600&txt-line=40&txt-line-color=f00&txt-align=top,left',
    );
    expect((await inkBox(result.body, red))?.count).toBeGreaterThan(100);
  });
});

describe('inkWithinReach', () => {
  it('keeps the ink within the margin of the frame', () => {
    const frame = { width: 100, height: 50 };
    expect(inkWithinReach({ width: 40, height: 20 }, { left: 10, top: 10 }, frame, 5)).toEqual({
      left: 0,
      top: 0,
      width: 40,
      height: 20,
    });
    expect(inkWithinReach({ width: 400, height: 300 }, { left: -100, top: 30 }, frame, 5)).toEqual({
      left: 95,
      top: 0,
      width: 110,
      height: 25,
    });
    expect(inkWithinReach({ width: 10, height: 10 }, { left: 200, top: 0 }, frame, 5)).toBeNull();
  });
});
