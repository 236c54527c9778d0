import type { Rect, Rgba, Size } from '@darkroom/core';
import sharp from 'sharp';
import type { RawPixels } from '../composite/layers.ts';
import { currentDeadline } from '../pipeline/render-deadline.ts';
import { renderWorkers } from '../workers/pool.ts';
import { copyForWorker } from '../workers/worker-memory.ts';
import { castGeometry } from './cast-projection.ts';
import { POOL_HEIGHT_SHARE, castTipBlur, type ShadowSpec } from './shadow-spec.ts';

// The pixels of a drop shadow (docs.imgix.com/apis/rendering/drop-shadow): "a blurred, offset
// version of the input image's alpha mask, drawn in a specific color and composited below the
// image", as CSS's drop-shadow() draws it. libvips does the per-pixel work (alpha, blur, colour,
// sums); the JavaScript ones (the spread's dilation, the cast projection) run in render workers.

/** A one-byte-a-pixel mask placed at `left`, `top` in its layer's coordinates. */
interface Mask extends Rect {
  data: Uint8Array;
}

type Shadow = Exclude<ShadowSpec, { type: 'inset' }>;
type InsetShadow = Extract<ShadowSpec, { type: 'inset' }>;

const single = (size: Size) => ({
  raw: { width: size.width, height: size.height, channels: 1 as const },
});

/** The alpha of `layer` as a mask: all opaque for a layer without alpha (a box shadow). */
async function alphaOf(layer: RawPixels): Promise<Buffer> {
  if (layer.channels === 1 || layer.channels === 3) {
    return Buffer.alloc(layer.width * layer.height, 255);
  }
  const raw = { raw: { width: layer.width, height: layer.height, channels: layer.channels } };
  return sharp(layer.data, raw)
    .extractChannel(layer.channels === 4 ? 3 : 1)
    .raw()
    .toBuffer();
}

/** The box around `mask`'s non-transparent pixels; null when it has none. */
async function opaqueBounds(mask: Uint8Array, size: Size): Promise<Rect | null> {
  const { channels } = await sharp(mask, single(size)).stats();
  if ((channels[0]?.max ?? 0) === 0) return null;
  const { info } = await sharp(mask, single(size))
    .trim({ background: '#000000', threshold: 0 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    left: -(info.trimOffsetLeft ?? 0),
    top: -(info.trimOffsetTop ?? 0),
    width: info.width,
    height: info.height,
  };
}

/**
 * sharp's morphology is binary and loses anti-aliased edges; the greyscale disc dilation of the
 * text outline (morphology.ts) keeps them, and its cost grows with the radius: past this radius
 * the mask is dilated at a lower resolution (off by at most a pixel of that resolution, which
 * the blur that usually follows hides).
 */
const DIRECT_RADIUS = 24;

async function dilated(mask: Uint8Array, size: Size, radius: number): Promise<Uint8Array> {
  const scale = radius > DIRECT_RADIUS ? radius / (DIRECT_RADIUS / 1.5) : 1;
  const small = {
    width: Math.max(1, Math.round(size.width / scale)),
    height: Math.max(1, Math.round(size.height / scale)),
  };
  const input =
    scale === 1
      ? mask
      : await sharp(mask, single(size))
          .resize(small.width, small.height, { fit: 'fill', kernel: 'linear' })
          .extractChannel(0)
          .raw()
          .toBuffer();
  const moved = await copyForWorker(input);
  const grown = await renderWorkers().run(
    'dilate',
    { mask: moved, ...small, radius: Math.round(radius / scale) },
    { signal: currentDeadline().signal, transfer: [moved.buffer] },
  );
  if (scale === 1) return grown;
  return sharp(grown, single(small))
    .resize(size.width, size.height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/**
 * `mask` grown by `radius` pixels (shrunk when negative), as CSS's spread: "corners expand
 * round, and a semi-transparent or blurred watermark expands at its own alpha"
 * (watermark-drop-shadow-spread). `outside` is the value beyond the mask's edge; the result
 * has room for the growth on every side.
 */
async function spread(mask: Mask, radius: number, outside: 0 | 255): Promise<Mask> {
  const reach = Math.abs(Math.round(radius));
  if (reach === 0) return mask;
  const padded = {
    width: mask.width + 2 * reach,
    height: mask.height + 2 * reach,
  };
  const shrink = radius < 0;
  // Shrinking a shape is growing what surrounds it.
  let pipeline = sharp(mask.data, single(mask)).extend({
    top: reach,
    bottom: reach,
    left: reach,
    right: reach,
    background: outside === 255 ? '#ffffff' : '#000000',
  });
  if (shrink) pipeline = pipeline.negate();
  const ready = await pipeline.extractChannel(0).raw().toBuffer();
  const grown = await dilated(ready, padded, reach);
  const data = shrink
    ? await sharp(grown, single(padded)).negate().extractChannel(0).raw().toBuffer()
    : grown;
  return { data, ...padded, left: mask.left - reach, top: mask.top - reach };
}

/** `mask` drawn into `window` (both in layer coordinates), zero elsewhere. */
async function placed(mask: Mask, window: Rect): Promise<Buffer> {
  const left = Math.max(mask.left, window.left);
  const top = Math.max(mask.top, window.top);
  const right = Math.min(mask.left + mask.width, window.left + window.width);
  const bottom = Math.min(mask.top + mask.height, window.top + window.height);
  if (right <= left || bottom <= top) return Buffer.alloc(window.width * window.height);
  let pipeline = sharp(mask.data, single(mask));
  if (right - left < mask.width || bottom - top < mask.height) {
    pipeline = pipeline.extract({
      left: left - mask.left,
      top: top - mask.top,
      width: right - left,
      height: bottom - top,
    });
  }
  return pipeline
    .extend({
      top: top - window.top,
      left: left - window.left,
      bottom: window.top + window.height - bottom,
      right: window.left + window.width - right,
      background: '#000000',
    })
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/**
 * libvips' gaussian costs the pixels times the blur; past this blur the mask is blurred at a
 * lower resolution and scaled back, which a blur this wide cannot tell from the full one.
 */
const DIRECT_BLUR = 12;

/** `mask` blurred by a gaussian of standard deviation `blur` ("0 gives a hard edge"). */
async function softened(mask: Uint8Array, size: Size, blur: number): Promise<Uint8Array> {
  // sharp's smallest sigma; anything less moves no pixel.
  if (blur < 0.3) return mask;
  if (blur <= DIRECT_BLUR) {
    return sharp(mask, single(size)).blur(blur).extractChannel(0).raw().toBuffer();
  }
  const scale = blur / (DIRECT_BLUR / 2);
  const small = {
    width: Math.max(1, Math.round(size.width / scale)),
    height: Math.max(1, Math.round(size.height / scale)),
  };
  const blurred = await sharp(mask, single(size))
    .resize(small.width, small.height, { fit: 'fill', kernel: 'linear' })
    .blur(blur / scale)
    .extractChannel(0)
    .raw()
    .toBuffer();
  return sharp(blurred, single(small))
    .resize(size.width, size.height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/** RGBA pixels of `colour` whose alpha is `mask` times the colour's own alpha. */
async function coloured(mask: Uint8Array, size: Size, colour: Rgba): Promise<Buffer> {
  const alpha =
    colour.alpha >= 1
      ? mask
      : await sharp(mask, single(size)).linear(colour.alpha, 0).extractChannel(0).raw().toBuffer();
  return sharp({
    create: {
      width: size.width,
      height: size.height,
      channels: 3,
      background: { r: colour.r, g: colour.g, b: colour.b },
    },
  })
    .joinChannel(Buffer.from(alpha.buffer, alpha.byteOffset, alpha.byteLength), single(size))
    .raw()
    .toBuffer();
}

/**
 * The shadow `layer` casts, drawn into `window` (a rectangle in the layer's coordinates, which
 * may reach past it): RGBA pixels of the window's size to go beneath the layer; null when the
 * layer has no opaque pixel to cast one.
 */
export async function shadowLayer(
  layer: RawPixels,
  spec: Shadow,
  window: Rect,
): Promise<Buffer | null> {
  const alpha = await alphaOf(layer);
  const mask = await shadowMask(alpha, layer, spec, window);
  return mask === null ? null : coloured(mask, window, spec.colour);
}

function shadowMask(
  alpha: Uint8Array,
  layer: Size,
  spec: Shadow,
  window: Rect,
): Promise<Uint8Array | null> {
  switch (spec.type) {
    case 'flat':
      return flatMask(alpha, layer, spec, window);
    case 'float':
      return poolMask(alpha, layer, spec, window);
    case 'cast':
      return castMask(alpha, layer, spec, window);
  }
}

/** The silhouette, moved, spread and blurred: CSS's drop-shadow() with box-shadow's spread. */
async function flatMask(
  alpha: Uint8Array,
  layer: Size,
  spec: Extract<Shadow, { type: 'flat' }>,
  window: Rect,
): Promise<Uint8Array> {
  const moved = {
    data: alpha,
    width: layer.width,
    height: layer.height,
    left: Math.round(spec.x),
    top: Math.round(spec.y),
  };
  const shape = await spread(moved, spec.spread, 0);
  return softened(await placed(shape, window), window, spec.blur);
}

/**
 * "A soft oval pool beneath a hovering subject": an ellipse as wide as the subject's opaque
 * part, centred under it, `gap` pixels below its lowest opaque row (the hover gap, `-y`).
 */
async function poolMask(
  alpha: Uint8Array,
  layer: Size,
  spec: Extract<Shadow, { type: 'float' }>,
  window: Rect,
): Promise<Uint8Array | null> {
  const bounds = await opaqueBounds(alpha, layer);
  if (bounds === null) return null;
  const rx = bounds.width / 2;
  const ry = Math.max(0.5, POOL_HEIGHT_SHARE * rx);
  const cx = bounds.left + rx - window.left;
  const cy = bounds.top + bounds.height + spec.gap - window.top;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${window.width}" height="${window.height}">` +
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#fff"/></svg>`;
  const ellipse = await sharp(Buffer.from(svg)).extractChannel(3).raw().toBuffer();
  return softened(ellipse, window, spec.blur);
}

/** Summing four planes into one: recomb's first row adds them, the rest are ignored. */
const SUM_OF_FOUR: sharp.Matrix4x4 = [
  [1, 1, 1, 1],
  [0, 1, 0, 0],
  [0, 0, 1, 0],
  [0, 0, 0, 1],
];

/**
 * The silhouette thrown onto the floor (cast-projection.ts): blurred by `drop-shadow` where it
 * meets the subject and more with distance (softness), in four bands each blurred as far as it
 * lies from the contact, then added back together.
 */
async function castMask(
  alpha: Uint8Array,
  layer: Size,
  spec: Extract<Shadow, { type: 'cast' }>,
  window: Rect,
): Promise<Uint8Array | null> {
  const bounds = await opaqueBounds(alpha, layer);
  if (bounds === null) return null;
  const geometry = castGeometry(spec.light);
  const tip = castTipBlur(geometry, spec, bounds.height);
  const bands = tip - spec.blur >= 0.5 ? [0, 1 / 3, 2 / 3, 1] : [0];
  const moved = await copyForWorker(alpha);
  const planes = await renderWorkers().run(
    'castShadow',
    {
      mask: moved,
      width: layer.width,
      height: layer.height,
      projection: {
        top: bounds.top,
        ground: bounds.top + bounds.height,
        geometry,
        window,
        bands,
        falloff: spec.light.falloff / 100,
      },
    },
    { signal: currentDeadline().signal, transfer: [moved.buffer] },
  );
  const area = window.width * window.height;
  const blurred = await Promise.all(
    bands.map((height, band) =>
      softened(
        planes.subarray(band * area, (band + 1) * area),
        window,
        spec.blur + (tip - spec.blur) * height,
      ),
    ),
  );
  const [first, ...rest] = blurred;
  if (first === undefined || rest.length === 0) return first ?? null;
  return sharp(first, single(window))
    .joinChannel(
      rest.map((plane) => Buffer.from(plane.buffer, plane.byteOffset, plane.byteLength)),
      single(window),
    )
    .recomb(SUM_OF_FOUR)
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/**
 * The inset shadow of `layer`: "a shadow inside the image, for a pressed-in or engraved look",
 * as CSS's inset box-shadow draws it on the layer's shape: what surrounds the shape, moved by
 * the offsets, grown by the spread ("a positive value pushes the shadow further in"), blurred.
 * RGBA pixels of the layer's size, to be drawn over it with `atop` (inside its alpha only).
 */
export async function insetLayer(layer: RawPixels, spec: InsetShadow): Promise<Buffer> {
  const alpha = await alphaOf(layer);
  const x = Math.round(spec.x);
  const y = Math.round(spec.y);
  // Room for the outside to move in by the offsets, grow by the spread and blur.
  const margin =
    Math.max(Math.abs(x), Math.abs(y)) +
    Math.max(0, Math.round(spec.spread)) +
    Math.ceil(3 * spec.blur) +
    1;
  const outside = await sharp(alpha, single(layer))
    .negate()
    .extend({ top: margin, bottom: margin, left: margin, right: margin, background: '#ffffff' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const surround: Mask = {
    data: outside,
    width: layer.width + 2 * margin,
    height: layer.height + 2 * margin,
    left: x - margin,
    top: y - margin,
  };
  const shape = await spread(surround, spec.spread, 255);
  const window = { left: -margin, top: -margin, width: surround.width, height: surround.height };
  const soft = await softened(await placed(shape, window), window, spec.blur);
  const inside = await sharp(soft, single(window))
    .extract({ left: margin, top: margin, width: layer.width, height: layer.height })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return coloured(inside, layer, spec.colour);
}
