import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { colourInterpolator } from '../composite/colour-space.ts';
import { FRAME_COLOURS, framesOf, numberedAnimation } from '../testing/animated-images.ts';
import { pixelAt, squareOnTransparent } from '../testing/images.ts';
import { inkBox, solid } from '../testing/ink.ts';
import { renderQuery } from '../testing/render-query.ts';

type Colour = { r: number; g: number; b: number };

const WHITE = { r: 255, g: 255, b: 255 };
const RED = { r: 255, g: 0, b: 0 };
const CLEAR = { r: 0, g: 0, b: 0, alpha: 0 };
/** Opaque red to opaque blue, alpha first (imgix's AARRGGBB). */
const RED_TO_BLUE = 'gradient=ffff0000,ff0000ff';

async function pixel(query: string, image: Uint8Array, x: number, y: number) {
  return pixelAt((await renderQuery(image, query)).body, x, y);
}

/** Red to blue `t` of the way, in sRGB: what a linear gradient shows at that position. */
function redToBlue(t: number): Colour {
  return { r: Math.round(255 * (1 - t)), g: 0, b: Math.round(255 * t) };
}

function expectNear(actual: Colour, expected: Colour, tolerance = 2) {
  for (const channel of ['r', 'g', 'b'] as const) {
    expect(
      Math.abs(actual[channel] - expected[channel]),
      `${channel}: ${actual[channel]} vs ${expected[channel]}`,
    ).toBeLessThanOrEqual(tolerance);
  }
}

async function rawPixels(image: Uint8Array) {
  return sharp(image).ensureAlpha().raw().toBuffer();
}

describe('gradient step: linear gradients', () => {
  it('leaves the image alone without gradient or fade, and reads no companion alone', async () => {
    const image = await solid(20, 10, RED);
    const plain = await renderQuery(image, 'gradient-type=radial&gradient-angle=90&fm=png');
    expect((await rawPixels(plain.body)).equals(await rawPixels(image))).toBe(true);
  });

  it('paints the first colour at the top and the last at the bottom by default', async () => {
    const image = await solid(101, 100, WHITE);
    for (const y of [0, 25, 50, 99]) {
      // Pixel centres: row y is (y + 0.5) / 100 of the way down.
      expectNear(await pixel(RED_TO_BLUE, image, 50, y), redToBlue((y + 0.5) / 100));
    }
  });

  it('turns with gradient-angle: CSS degrees, wrapping, and the side words', async () => {
    const image = await solid(101, 100, WHITE);
    const across = (x: number) => redToBlue((x + 0.5) / 101);
    expectNear(await pixel(`${RED_TO_BLUE}&gradient-angle=90`, image, 10, 50), across(10));
    expectNear(await pixel(`${RED_TO_BLUE}&gradient-angle=right`, image, 10, 50), across(10));
    expectNear(await pixel(`${RED_TO_BLUE}&gradient-angle=-90`, image, 10, 50), across(90));
    expectNear(await pixel(`${RED_TO_BLUE}&gradient-angle=left`, image, 10, 50), across(90));
    expectNear(
      await pixel(`${RED_TO_BLUE}&gradient-angle=0`, image, 50, 20),
      redToBlue(1 - 20.5 / 100),
    );
    // 45 degrees on a 2:1 picture: the line is 200 sin 45 + 100 cos 45 long.
    const wide = await solid(200, 100, WHITE);
    const t = (50.5 * Math.SQRT1_2 + 24.5 * Math.SQRT1_2) / (300 * Math.SQRT1_2) + 0.5;
    expectNear(await pixel(`${RED_TO_BLUE}&gradient-angle=45`, wide, 150, 25), redToBlue(t));
  });

  it('aims a corner by the picture’s proportions, as CSS does', async () => {
    const wide = await solid(200, 100, WHITE);
    for (const corner of ['top,right', 'right,top']) {
      const query = `${RED_TO_BLUE}&gradient-angle=${corner}`;
      // The other diagonal is the middle of the gradient; the named corner is its end.
      expectNear(await pixel(query, wide, 0, 0), redToBlue(0.5), 3);
      expectNear(await pixel(query, wide, 199, 99), redToBlue(0.5), 3);
      expectNear(await pixel(query, wide, 199, 0), redToBlue(1), 3);
      expectNear(await pixel(query, wide, 0, 99), redToBlue(0), 3);
    }
    // 45 degrees would put the top-left corner a third of the way.
    const diagonal = await pixel(`${RED_TO_BLUE}&gradient-angle=45`, wide, 0, 0);
    expect(diagonal.r).toBeGreaterThan(160);
  });

  it('places the colours at gradient-stops, raising a stop lower than the one before', async () => {
    const image = await solid(101, 100, WHITE);
    const held = `${RED_TO_BLUE}&gradient-stops=50,100`;
    expectNear(await pixel(held, image, 50, 20), RED, 1);
    expectNear(await pixel(held, image, 50, 75), redToBlue((75.5 / 100 - 0.5) / 0.5));
    const edge = 'gradient=ffff0000,ff00ff00,ff0000ff&gradient-stops=50,20,100';
    expectNear(await pixel(edge, image, 50, 48), RED, 1);
    const after = await pixel(edge, image, 50, 51);
    expect(after.g).toBeGreaterThan(235);
    expect(after.r).toBeLessThan(5);
  });
});

describe('gradient step: colour spaces', () => {
  const image = solid(101, 10, WHITE);
  // The middle column of a left-to-right gradient on a 101-pixel picture is exactly half way.
  const middle = async (query: string) =>
    pixel(`${RED_TO_BLUE}&gradient-angle=90&${query}`, await image, 50, 5);

  it('interpolates in the space gradient-cs names, each with its own middle', async () => {
    const red = { r: 255, g: 0, b: 0, alpha: 1 };
    const blue = { r: 0, g: 0, b: 255, alpha: 1 };
    for (const space of ['srgb', 'linear', 'oklab', 'lch', 'hsl'] as const) {
      expectNear(await middle(`gradient-cs=${space}`), colourInterpolator(red, blue, space)(0.5));
    }
    const srgb = await middle('gradient-cs=srgb');
    expectNear(srgb, { r: 128, g: 0, b: 128 });
    expectNear(await middle(''), srgb, 0);
    expectNear(await middle('gradient-cs=linear'), { r: 188, g: 0, b: 188 });
    const oklab = await middle('gradient-cs=oklab');
    expect(oklab.g).toBeGreaterThan(60);
  });

  it('turns the hue as gradient-hue says in oklch, lch, hsl and hsv, and not in srgb', async () => {
    expectNear(await middle('gradient-cs=hsv'), { r: 255, g: 0, b: 255 });
    expectNear(await middle('gradient-cs=hsv&gradient-hue=longer'), { r: 0, g: 255, b: 0 });
    expectNear(await middle('gradient-cs=hsl&gradient-hue=increasing'), { r: 0, g: 255, b: 0 });
    expectNear(await middle('gradient-cs=hsl&gradient-hue=decreasing'), { r: 255, g: 0, b: 255 });
    const oklch = await middle('gradient-cs=oklch');
    const longer = await middle('gradient-cs=oklch&gradient-hue=longer');
    expect(longer.g).toBeGreaterThan(Math.max(longer.r, longer.b));
    expect(oklch.g).toBeLessThan(Math.min(oklch.r, oklch.b));
    expectNear(await middle('gradient-hue=longer'), { r: 128, g: 0, b: 128 });
  });
});

describe('gradient step: alpha, modes, mask', () => {
  it('weakens the whole overlay with gradient-alpha and each colour with its alpha', async () => {
    const image = await solid(10, 10, WHITE);
    const black = 'gradient=ff000000,ff000000';
    expect((await pixel(`${black}&gradient-alpha=50`, image, 5, 5)).r).toBeCloseTo(128, -0.5);
    expect((await pixel('gradient=cc000000,cc000000', image, 5, 5)).r).toBeCloseTo(51, -0.5);
    expect((await pixel(`${black}&gradient-alpha=150`, image, 5, 5)).r).toBe(0);
    expect((await pixel(`${black}&gradient-alpha=-5`, image, 5, 5)).r).toBe(255);
  });

  it('blends transparent colours premultiplied, as CSS gradients do', async () => {
    const image = await solid(101, 10, { r: 0, g: 0, b: 0 });
    const query = 'gradient=00ffffff,ffff0000&gradient-angle=90';
    // Half-transparent red over black: a straight mix would carry the white into pink.
    expectNear(await pixel(query, image, 50, 5), { r: 128, g: 0, b: 0 });
  });

  it('paints with gradient-mode, taking the CSS spellings of the modes', async () => {
    const image = await solid(10, 10, { r: 200, g: 100, b: 50 });
    const paint = 'gradient=ff6496c8,ff6496c8&gradient-mode=';
    const multiply = { r: Math.round((200 * 100) / 255), g: Math.round((100 * 150) / 255), b: 39 };
    expectNear(await pixel(`${paint}multiply`, image, 5, 5), multiply, 1);
    const soft = await pixel(`${paint}soft-light`, image, 5, 5);
    expectNear(await pixel(`${paint}softlight`, image, 5, 5), soft, 0);
    expect(soft.r).toBeGreaterThan(170);
    expect(soft.b).toBeGreaterThan(50);
    expectNear(await pixel(`${paint}normal`, image, 5, 5), { r: 100, g: 150, b: 200 }, 0);
    const hue = await pixel(`${paint}hue`, image, 5, 5);
    expect(hue.b).toBeGreaterThan(hue.r);
  });

  it('keeps the picture’s transparency: clear pixels take no colour', async () => {
    const cutOut = await squareOnTransparent(40, 20, { r: 200, g: 30, b: 30, alpha: 1 });
    const result = await renderQuery(cutOut, 'gradient=ff0000ff,ff0000ff&fm=png');
    expect((await pixelAt(result.body, 3, 3)).alpha).toBe(0);
    expect(await pixelAt(result.body, 20, 20)).toEqual({ r: 0, g: 0, b: 255, alpha: 255 });
  });

  it('fades the picture out along the gradient with gradient-mask, reading only its alpha', async () => {
    const image = await solid(40, 40, RED);
    const mask = 'gradient=ffffffff,00ffffff&gradient-mask=true&fm=png';
    const result = await renderQuery(image, mask);
    expect(await pixelAt(result.body, 20, 0)).toMatchObject({ r: 255, g: 0, b: 0 });
    expect((await pixelAt(result.body, 20, 0)).alpha).toBeGreaterThan(245);
    expect((await pixelAt(result.body, 20, 20)).alpha).toBeCloseTo(124, -1);
    expect((await pixelAt(result.body, 20, 39)).alpha).toBeLessThan(8);
    // Mode and alpha are not read with a mask.
    const ignored = await renderQuery(image, `${mask}&gradient-alpha=0&gradient-mode=multiply`);
    expect((await rawPixels(ignored.body)).equals(await rawPixels(result.body))).toBe(true);
    // A JPEG has no alpha: the fade goes into bg, white by default.
    const jpeg = await pixel('gradient=ffffffff,00ffffff&gradient-mask=true&fm=jpg', image, 20, 39);
    expect(Math.min(jpeg.r, jpeg.g, jpeg.b)).toBeGreaterThan(240);
  });
});

describe('gradient step: radial gradients', () => {
  const wide = solid(200, 100, WHITE);
  const radial = `${RED_TO_BLUE}&gradient-type=radial`;
  const at = async (query: string, x: number, y: number) => pixel(query, await wide, x, y);

  it('spreads an ellipse to the farthest corner by default', async () => {
    expectNear(await at(radial, 100, 50), RED, 3);
    // Pixel centres are half a pixel right of and below their corners.
    const ellipse = (x: number, y: number) =>
      redToBlue(
        Math.hypot((x + 0.5 - 100) / (100 * Math.SQRT2), (y + 0.5 - 50) / (50 * Math.SQRT2)),
      );
    expectNear(await at(radial, 170, 50), ellipse(170, 50));
    expectNear(await at(radial, 100, 15), ellipse(100, 15));
    expectNear(await at(radial, 0, 0), redToBlue(1), 3);
  });

  it('keeps a circle round with gradient-radial-shape=circle', async () => {
    const circle = `${radial}&gradient-radial-shape=circle`;
    expectNear(await at(circle, 100, 15), redToBlue(Math.hypot(0.5, 34.5) / Math.hypot(100, 50)));
  });

  it('reaches as far as gradient-radial-size says: a keyword, a radius, or two', async () => {
    const size = `${radial}&gradient-radial-size=`;
    const closest = `${size}closest-side&gradient-radial-shape=circle`;
    expectNear(await at(closest, 125, 50), redToBlue(25.5 / 50));
    expectNear(await at(closest, 160, 50), redToBlue(1), 1);
    expectNear(await at(`${size}farthest-side`, 150, 50), redToBlue(50.5 / 100));
    expectNear(await at(`${size}40`, 120, 50), redToBlue(20.5 / 40));
    expectNear(await at(`${size}40`, 100, 30), redToBlue(19.5 / 40));
    expectNear(await at(`${size}0.25,20`, 125, 50), redToBlue(25.5 / 50));
    expectNear(await at(`${size}0.25,20`, 100, 60), redToBlue(10.5 / 20));
  });

  it('centres on gradient-radial-x and -y: pixels, fractions, or outside the picture', async () => {
    expectNear(await at(`${radial}&gradient-radial-x=0&gradient-radial-y=0`, 0, 0), RED, 3);
    expectNear(await at(`${radial}&gradient-radial-x=0.25&gradient-radial-y=0.5`, 50, 50), RED, 3);
    const corner = `${radial}&gradient-radial-x=50&gradient-radial-y=25&gradient-radial-size=closest-corner`;
    expectNear(await at(corner, 85, 25), redToBlue(35.5 / (50 * Math.SQRT2)));
    // From (-50, 50) the farthest corner is 250 across and 50 down.
    const outside = `${radial}&gradient-radial-x=-50`;
    expectNear(await at(outside, 0, 50), redToBlue(50.5 / (250 * Math.SQRT2)));
  });

  it('reads pixel lengths as CSS pixels, times dpr', async () => {
    const image = await solid(100, 50, WHITE);
    const result = await renderQuery(image, `w=100&dpr=2&${radial}&gradient-radial-size=20`);
    expect(result.width).toBe(200);
    expectNear(await pixelAt(result.body, 120, 50), redToBlue(20.5 / 40));
  });

  it('ignores gradient-angle on a radial gradient and the radial controls on a linear one', async () => {
    const image = await wide;
    const plain = await renderQuery(image, radial);
    const angled = await renderQuery(image, `${radial}&gradient-angle=90`);
    expect((await rawPixels(angled.body)).equals(await rawPixels(plain.body))).toBe(true);
    const linear = await renderQuery(image, RED_TO_BLUE);
    const placed = await renderQuery(image, `${RED_TO_BLUE}&gradient-radial-x=0`);
    expect((await rawPixels(placed.body)).equals(await rawPixels(linear.body))).toBe(true);
  });
});

describe('gradient step: fade', () => {
  const square = solid(40, 40, RED);
  const alpha = async (query: string, x: number, y: number, image?: Uint8Array) =>
    (await pixel(`${query}&fm=png`, image ?? (await square), x, y)).alpha;
  /** Alpha of a pixel `centre` pixels into a fade `width` wide. */
  const faded = (centre: number, width: number) => Math.round((255 * centre) / width);

  it('fades each side on its own, linearly, to transparent', async () => {
    expect(await alpha('fade-top=10', 20, 0)).toBe(faded(0.5, 10));
    expect(await alpha('fade-top=10', 20, 4)).toBe(faded(4.5, 10));
    expect(await alpha('fade-top=10', 20, 12)).toBe(255);
    expect(await alpha('fade-top=10', 20, 39)).toBe(255);
    expect(await alpha('fade-bottom=10', 20, 39)).toBe(faded(0.5, 10));
    expect(await alpha('fade-bottom=10', 20, 0)).toBe(255);
    expect(await alpha('fade-left=10', 0, 20)).toBe(faded(0.5, 10));
    expect(await alpha('fade-left=10', 39, 20)).toBe(255);
    expect(await alpha('fade-right=10', 39, 20)).toBe(faded(0.5, 10));
    expect(await alpha('fade-right=10', 0, 20)).toBe(255);
  });

  it('fades every side with fade, a fraction taking each side’s own axis', async () => {
    const wide = await solid(80, 40, RED);
    expect(await alpha('fade=0.25', 0, 20, wide)).toBe(faded(0.5, 20));
    expect(await alpha('fade=0.25', 40, 0, wide)).toBe(faded(0.5, 10));
    expect(await alpha('fade=0.25', 40, 20, wide)).toBe(255);
    // Where two fades meet they multiply.
    expect(await alpha('fade=10', 0, 0)).toBe(Math.round(255 * 0.05 * 0.05));
    // A side overrides the bare fade.
    expect(await alpha('fade=10&fade-left=0', 0, 20)).toBe(255);
    expect(await alpha('fade=10&fade-left=0', 39, 20)).toBe(faded(0.5, 10));
    expect(await alpha('fade=0', 0, 20)).toBe(255);
  });

  it('shrinks two opposing fades wider than the picture to fit, never fading the middle', async () => {
    expect(await alpha('fade-left=30&fade-right=30', 0, 20)).toBe(faded(0.5, 20));
    // Each is 20 wide now: the two middle columns are each half a pixel short of their fade.
    expect(await alpha('fade-left=30&fade-right=30', 19, 20)).toBe(faded(19.5, 20));
    expect(await alpha('fade-left=30&fade-right=30', 20, 20)).toBe(faded(19.5, 20));
  });

  it('fades into bg on a JPEG, white by default, and into the padding’s colour', async () => {
    const jpeg = await pixel('fade-left=10&fm=jpg', await square, 0, 20);
    expect(Math.min(jpeg.r, jpeg.g, jpeg.b)).toBeGreaterThan(235);
    const padded = await renderQuery(await square, 'pad=10&bg=ff00ff00&fade-left=10&fm=png');
    expect(padded.width).toBe(60);
    const edge = await pixelAt(padded.body, 10, 30);
    expect(edge.g).toBeGreaterThan(230);
    expect(edge.r).toBeLessThan(25);
    expect(await pixelAt(padded.body, 5, 30)).toEqual({ r: 0, g: 255, b: 0, alpha: 255 });
    expectNear(await pixelAt(padded.body, 35, 30), RED, 0);
  });

  it('feathers the edge of mask=ellipse and mask=corners with a bare fade', async () => {
    const oval = await solid(100, 60, RED);
    const sharpEdge = await pixel('mask=ellipse&fm=png', oval, 95, 30);
    const feathered = await pixel('mask=ellipse&fade=10&fm=png', oval, 95, 30);
    expect(sharpEdge.alpha).toBe(255);
    // 4.5 pixels inside the ellipse's edge, of a 10-pixel feather.
    expect(feathered.alpha).toBeGreaterThan(105);
    expect(feathered.alpha).toBeLessThan(125);
    expect((await pixel('mask=ellipse&fade=10&fm=png', oval, 50, 30)).alpha).toBe(255);
    // The bare fade no longer fades the picture's edges: the left edge's middle is the ellipse's.
    const corners = 'mask=corners&corner-radius=10&fade=8&fm=png';
    expect((await pixel(corners, oval, 50, 2)).alpha).toBe(Math.round((255 * 2.5) / 8));
    expect((await pixel(corners, oval, 50, 30)).alpha).toBe(255);
    // A side fade still fades the picture's own edge, and feathers nothing.
    const side = await pixel('mask=ellipse&fade-left=10&fm=png', oval, 95, 30);
    expect(side.alpha).toBe(255);
  });
});

describe('gradient step: where it is drawn', () => {
  it('paints the picture inside the padding and under the border, not over them', async () => {
    const image = await solid(40, 40, RED);
    const padded = await renderQuery(image, 'pad=10&gradient=ff000000,ff000000&fm=png');
    expect((await pixelAt(padded.body, 5, 5)).alpha).toBe(0);
    expect(await pixelAt(padded.body, 30, 30)).toEqual({ r: 0, g: 0, b: 0, alpha: 255 });
    const bordered = await renderQuery(image, 'border=5,ff0000ff&gradient=ff000000,ff000000');
    expect(await pixelAt(bordered.body, 2, 20)).toMatchObject({ r: 0, g: 0, b: 255 });
    expect(await pixelAt(bordered.body, 20, 20)).toMatchObject({ r: 0, g: 0, b: 0 });
    // The gradient's geometry is the picture's: top to bottom inside the padding.
    const scrim = await renderQuery(image, `pad=10&${RED_TO_BLUE}&fm=png`);
    expectNear(await pixelAt(scrim.body, 30, 10), redToBlue(0.5 / 40));
    expectNear(await pixelAt(scrim.body, 30, 49), redToBlue(39.5 / 40));
  });

  it('draws over the blend layer, and under the watermark and the text', async () => {
    const image = await solid(60, 60, WHITE);
    const blue = 'gradient=ff0000ff,ff0000ff';
    const blended = await renderQuery(image, `blend=ffff0000&blend-mode=normal&${blue}`);
    expect(await pixelAt(blended.body, 30, 30)).toMatchObject({ r: 0, g: 0, b: 255 });
    const marked = await renderQuery(
      image,
      `mark=${encodeURIComponent('https://marks.example/m.png')}&mark-align=top,left&mark-pad=0&${blue}`,
      { fetchImage: () => solid(10, 10, { r: 0, g: 255, b: 0 }) },
    );
    expect(await pixelAt(marked.body, 5, 5)).toMatchObject({ r: 0, g: 255, b: 0 });
    expect(await pixelAt(marked.body, 40, 40)).toMatchObject({ r: 0, g: 0, b: 255 });
    const scrim = await renderQuery(
      await solid(200, 80, WHITE),
      'txt=HELLO&txt-size=40&txt-color=ffffffff&txt-align=middle,center&gradient=ff000000,ff000000',
    );
    const white = await inkBox(scrim.body, ({ r, g, b }) => Math.min(r, g, b) > 200);
    expect(white?.count ?? 0).toBeGreaterThan(50);
  });
});

describe('gradient step: animations', () => {
  it('paints every frame of an animation alike, keeping its frames', async () => {
    const animation = await numberedAnimation(3, 20, 10);
    const result = await renderQuery(animation, 'gradient=ff000000,ff000000&gradient-alpha=50');
    const { pages, colours } = await framesOf(result.body);
    expect(pages).toBe(3);
    colours.forEach((colour, frame) => {
      const source = FRAME_COLOURS[frame] ?? FRAME_COLOURS[0];
      const half = { r: source.r / 2, g: source.g / 2, b: source.b / 2 };
      expectNear(colour, half, 6);
    });
  });
});

describe('gradient step: on the watermark and the blend layer', () => {
  const LAYER_URL = encodeURIComponent('https://layers.example/layer.png');
  // The same gradient and fade written for the picture, the watermark and the blend layer.
  const FAMILIES: readonly (readonly [picture: string, mark: string, blend: string])[] = [
    [
      'gradient=ffff0000,ff0000ff&gradient-type=radial&gradient-radial-shape=circle&gradient-radial-size=closest-side&gradient-radial-x=0.4&gradient-radial-y=15',
      'mark-gradient=ffff0000,ff0000ff&mark-gradient-type=radial&mark-gradient-radial-shape=circle&mark-gradient-radial-size=closest-side&mark-gradient-radial-x=0.4&mark-gradient-radial-y=15',
      'blend-gradient=ffff0000,ff0000ff&blend-gradient-type=radial&blend-gradient-radial-shape=circle&blend-gradient-radial-size=closest-side&blend-gradient-radial-x=0.4&blend-gradient-radial-y=15',
    ],
    [
      'gradient=ffff0000,ff00ff00,ff0000ff&gradient-angle=60&gradient-stops=10,50,90',
      'mark-gradient=ffff0000,ff00ff00,ff0000ff&mark-gradient-angle=60&mark-gradient-stops=10,50,90',
      'blend-gradient=ffff0000,ff00ff00,ff0000ff&blend-gradient-angle=60&blend-gradient-stops=10,50,90',
    ],
    [
      'gradient=ffffff00,ff0000ff&gradient-cs=oklch&gradient-hue=longer&gradient-angle=90',
      'mark-gradient=ffffff00,ff0000ff&mark-gradient-cs=oklch&mark-gradient-hue=longer&mark-gradient-angle=90',
      'blend-gradient=ffffff00,ff0000ff&blend-gradient-cs=oklch&blend-gradient-hue=longer&blend-gradient-angle=90',
    ],
    [
      'gradient=ff6496c8,ff000000&gradient-mode=screen&gradient-alpha=70',
      'mark-gradient=ff6496c8,ff000000&mark-gradient-mode=screen&mark-gradient-alpha=70',
      'blend-gradient=ff6496c8,ff000000&blend-gradient-mode=screen&blend-gradient-alpha=70',
    ],
    [
      'gradient=ffffffff,00ffffff&gradient-mask=true&gradient-angle=top,right',
      'mark-gradient=ffffffff,00ffffff&mark-gradient-mask=true&mark-gradient-angle=top,right',
      'blend-gradient=ffffffff,00ffffff&blend-gradient-mask=true&blend-gradient-angle=top,right',
    ],
    [
      'fade=0.2&fade-top=4&fade-bottom=0',
      'mark-fade=0.2&mark-fade-top=4&mark-fade-bottom=0',
      'blend-fade=0.2&blend-fade-top=4&blend-fade-bottom=0',
    ],
    [
      'fade-left=12&fade-right=0.1',
      'mark-fade-left=12&mark-fade-right=0.1',
      'blend-fade-left=12&blend-fade-right=0.1',
    ],
  ];

  async function rgba(image: Uint8Array) {
    return sharp(image).ensureAlpha().raw().toBuffer();
  }

  /** Every pixel of `actual` as `expected`: alpha within 2, colour within 3 where it shows. */
  function expectSamePixels(actual: Buffer, expected: Buffer) {
    expect(actual.length).toBe(expected.length);
    let worst = 0;
    for (let i = 0; i < actual.length; i += 4) {
      const shown = (expected[i + 3] ?? 0) > 20;
      for (let c = 0; c < 4; c += 1) {
        if (c < 3 && !shown) continue;
        worst = Math.max(worst, Math.abs((actual[i + c] ?? 0) - (expected[i + c] ?? 0)));
      }
    }
    expect(worst).toBeLessThanOrEqual(3);
  }

  it.each(FAMILIES)(
    'draws %s on a full-size layer as it draws on the picture',
    async (picture, mark, blend) => {
      const red = await solid(60, 40, RED);
      const clear = await solid(60, 40, CLEAR);
      const plain = await rgba(red);
      const expected = await rgba((await renderQuery(red, `${picture}&fm=png`)).body);
      // The gradient changed the picture, so matching it is no accident.
      let changed = 0;
      for (let i = 0; i < plain.length; i += 1) if (plain[i] !== expected[i]) changed += 1;
      expect(changed).toBeGreaterThan(200);
      const overlay = { fetchImage: () => Promise.resolve(red) };
      const marked = await renderQuery(
        clear,
        `mark=${LAYER_URL}&mark-align=top,left&mark-pad=0&fm=png&${mark}`,
        overlay,
      );
      expectSamePixels(await rgba(marked.body), expected);
      const blended = await renderQuery(
        clear,
        `blend=${LAYER_URL}&blend-mode=normal&blend-size=inherit&fm=png&${blend}`,
        overlay,
      );
      expectSamePixels(await rgba(blended.body), expected);
    },
  );

  it('turns the watermark’s gradient with the watermark (mark-rot)', async () => {
    const base = await solid(100, 100, WHITE);
    const query = `mark=${LAYER_URL}&mark-align=top,left&mark-pad=0&mark-rot=90&mark-gradient=ffff0000,ff0000ff`;
    const result = await renderQuery(base, query, { fetchImage: () => solid(40, 20, WHITE) });
    // Top to bottom on the 40x20 mark; turned a quarter, the gradient runs across the 20x40.
    const top = await pixelAt(result.body, 10, 1);
    const bottom = await pixelAt(result.body, 10, 38);
    expectNear(top, bottom, 3);
    const left = await pixelAt(result.body, 1, 20);
    const right = await pixelAt(result.body, 18, 20);
    expect(Math.abs(left.r - right.r)).toBeGreaterThan(200);
  });

  it('measures a blend layer’s gradient on the whole layer, even where it is cut off', async () => {
    const base = await solid(100, 40, WHITE);
    const query = `blend=${LAYER_URL}&blend-mode=normal&blend-x=-10&blend-y=0&blend-gradient=ffff0000,ff0000ff&blend-gradient-angle=90`;
    const result = await renderQuery(base, query, { fetchImage: () => solid(20, 20, WHITE) });
    // Column 0 is the layer's column 10 of 20: half way, not the first colour.
    expectNear(await pixelAt(result.body, 0, 5), redToBlue(10.5 / 20));
    expectNear(await pixelAt(result.body, 9, 5), redToBlue(19.5 / 20));
    expect(await pixelAt(result.body, 15, 5)).toMatchObject(WHITE);
  });

  it('paints a colour blend’s gradient too', async () => {
    const base = await solid(20, 20, RED);
    const query = 'blend=ffffffff&blend-mode=normal&blend-gradient=ff000000,ff000000';
    expect(await pixelAt((await renderQuery(base, query)).body, 10, 10)).toMatchObject({
      r: 0,
      g: 0,
      b: 0,
    });
  });

  it('fades a layer to transparent, showing the picture beneath even on a JPEG', async () => {
    const base = await solid(40, 40, { r: 0, g: 0, b: 255 });
    const query = `mark=${LAYER_URL}&mark-align=top,left&mark-pad=0&mark-gradient=ffffffff,00ffffff&mark-gradient-mask=true&fm=jpg`;
    const result = await renderQuery(base, query, { fetchImage: () => solid(40, 40, RED) });
    const top = await pixelAt(result.body, 20, 0);
    const bottom = await pixelAt(result.body, 20, 39);
    expect(top.r).toBeGreaterThan(240);
    expect(bottom.b).toBeGreaterThan(240);
    expect(bottom.r).toBeLessThan(15);
  });
});
