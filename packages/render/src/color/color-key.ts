// imgix's colour key (docs.imgix.com/apis/rendering/background/color-key and the colorkey-tol,
// -feather, -defringe, -mode and -contiguous pages): every pixel close to a key colour becomes
// transparent. Pure arithmetic on RGBA bytes, run in a worker thread (workers/tasks.ts).

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export type ColorKeyMode = 'color' | 'chroma';

export interface ColorKeyOptions {
  /** The key; null keys the colour of the first frame's top-left pixel (`auto`, no value). */
  key: Rgb | null;
  mode: ColorKeyMode;
  /** Distance (8-bit units) up to which a pixel becomes fully transparent. */
  tolerance: number;
  /** Distance past the tolerance over which transparency fades out to opaque. */
  feather: number;
  /** 0 (off) to 1: how much of the key colour is taken out of the subject's edges or cast. */
  defringe: number;
  /** Key only the background connected to each frame's border. */
  contiguous: boolean;
}

/**
 * The documented defaults of each mode (.../background/color-key-mode): color keys "pure white
 * plus slightly off-white JPEG noise"; chroma matches the Video API's video-mark-chromakey.
 */
export const COLOR_KEY_DEFAULTS: Readonly<
  Record<ColorKeyMode, { tolerance: number; feather: number; defringe: number }>
> = {
  color: { tolerance: 20, feather: 30, defringe: 1 },
  chroma: { tolerance: 54.09, feather: 18.03, defringe: 0.5 },
};

export interface KeyedPixels {
  /** The RGBA pixels, keyed in place. */
  data: Uint8Array;
  /** Whether any pixel became (more) transparent. */
  keyed: boolean;
}

/** BT.601 full-range chroma of an sRGB colour, each 0-255 around 128 (JPEG's Cb and Cr). */
function chromaOf(r: number, g: number, b: number): [number, number] {
  return [128 - 0.168736 * r - 0.331264 * g + 0.5 * b, 128 + 0.5 * r - 0.418688 * g - 0.081312 * b];
}

/**
 * Keys `data` (RGBA, frames of `frameHeight` rows stacked top to bottom) in place.
 *
 * - color mode: the straight-line distance through red, green and blue ("colorkey=fff&
 *   colorkey-tol=20 keys white and f5f5f5 (distance 17) but not eeeeee (distance 29)").
 * - chroma mode: the distance between the Cb/Cr chroma of the pixel and of the key, lightness
 *   ignored. imgix gives its defaults (54.09 and 18.03) as those of video-mark-chromakey, that is
 *   ffmpeg's chromakey similarity 0.15 and blend 0.05 over its chroma-plane distance, whose full
 *   scale is 255 * sqrt(2); the same distance in 8-bit units is what is measured here.
 * - Up to the tolerance a pixel is fully transparent; alpha then rises linearly to opaque at
 *   tolerance + feather (feather 0: a hard edge). A pixel's own alpha is multiplied, never raised.
 * - contiguous: the keyed area is traced from the border through pixels sharing an edge (keyed
 *   pixels, and pixels already transparent in the source); keyed pixels not reached keep their
 *   colour and opacity.
 * - defringe, color mode: a partly transparent edge pixel has the key taken out of its colour in
 *   proportion to its transparency (it was key * (1 - a) + subject * a); opaque pixels keep theirs.
 * - defringe, chroma mode: the cast toward the key's chroma is reduced across the image (spill
 *   suppression); colours not biased toward the key, and every colour for a grey key, are kept.
 */
export function colorKey(
  data: Uint8Array,
  width: number,
  frameHeight: number,
  options: ColorKeyOptions,
): KeyedPixels {
  const pixels = width * frameHeight;
  const frames = pixels > 0 ? Math.floor(data.length / (pixels * 4)) : 0;
  // auto: the first frame's top-left pixel keys every frame (no flicker), and a transparent one
  // keys nothing.
  const key =
    options.key ?? (data[3] === 0 ? null : { r: data[0] ?? 0, g: data[1] ?? 0, b: data[2] ?? 0 });
  if (key === null || frames === 0) return { data, keyed: false };
  // One byte a pixel (255: untouched), so a 50-megapixel frame needs 50 MB beside its pixels.
  const keyAlpha = new Uint8Array(pixels);
  let keyed = false;
  for (let frame = 0; frame < frames; frame += 1) {
    const offset = frame * pixels * 4;
    measure(data, offset, pixels, key, options, keyAlpha);
    if (options.contiguous) keepUnreached(data, offset, width, frameHeight, keyAlpha);
    if (apply(data, offset, pixels, key, options, keyAlpha)) keyed = true;
  }
  return { data, keyed };
}

/** Each pixel's key alpha: 0 within the tolerance, 255 past tolerance + feather. */
function measure(
  data: Uint8Array,
  offset: number,
  pixels: number,
  key: Rgb,
  options: ColorKeyOptions,
  keyAlpha: Uint8Array,
): void {
  const { tolerance, feather } = options;
  const chroma = options.mode === 'chroma';
  const [keyCb, keyCr] = chromaOf(key.r, key.g, key.b);
  // Squared distances decide the common cases without a square root.
  const inside = tolerance * tolerance;
  const outside = (tolerance + feather) * (tolerance + feather);
  for (let pixel = 0; pixel < pixels; pixel += 1) {
    const index = offset + pixel * 4;
    const r = data[index] ?? 0;
    const g = data[index + 1] ?? 0;
    const b = data[index + 2] ?? 0;
    let squared: number;
    if (chroma) {
      const cb = -0.168736 * r - 0.331264 * g + 0.5 * b + 128 - keyCb;
      const cr = 0.5 * r - 0.418688 * g - 0.081312 * b + 128 - keyCr;
      squared = cb * cb + cr * cr;
    } else {
      const dr = r - key.r;
      const dg = g - key.g;
      const db = b - key.b;
      squared = dr * dr + dg * dg + db * db;
    }
    let alpha: number;
    if (squared <= inside) alpha = 0;
    else if (feather <= 0 || squared >= outside) alpha = 255;
    else alpha = Math.round((255 * (Math.sqrt(squared) - tolerance)) / feather);
    keyAlpha[pixel] = alpha;
  }
}

/**
 * colorkey-contiguous: a breadth-first fill from every keyed (or already transparent) border
 * pixel through 4-connected neighbours of the same kind; keyed pixels it does not reach are
 * left as they were (key alpha 255).
 */
function keepUnreached(
  data: Uint8Array,
  offset: number,
  width: number,
  height: number,
  keyAlpha: Uint8Array,
): void {
  const pixels = width * height;
  const passable = (pixel: number) =>
    (keyAlpha[pixel] ?? 255) < 255 || data[offset + pixel * 4 + 3] === 0;
  const reached = new Uint8Array(pixels);
  const queue = new Int32Array(pixels);
  let head = 0;
  let tail = 0;
  const visit = (pixel: number) => {
    if (reached[pixel] === 1 || !passable(pixel)) return;
    reached[pixel] = 1;
    queue[tail] = pixel;
    tail += 1;
  };
  for (let x = 0; x < width; x += 1) {
    visit(x);
    visit((height - 1) * width + x);
  }
  for (let y = 0; y < height; y += 1) {
    visit(y * width);
    visit(y * width + width - 1);
  }
  while (head < tail) {
    const pixel = queue[head] ?? 0;
    head += 1;
    const x = pixel % width;
    if (x > 0) visit(pixel - 1);
    if (x < width - 1) visit(pixel + 1);
    if (pixel >= width) visit(pixel - width);
    if (pixel < pixels - width) visit(pixel + width);
  }
  for (let pixel = 0; pixel < pixels; pixel += 1) {
    if (reached[pixel] === 0) keyAlpha[pixel] = 255;
  }
}

/** Multiplies each pixel's alpha by its key alpha and defringes; true when any alpha fell. */
function apply(
  data: Uint8Array,
  offset: number,
  pixels: number,
  key: Rgb,
  options: ColorKeyOptions,
  keyAlpha: Uint8Array,
): boolean {
  const defringe = Math.min(1, Math.max(0, options.defringe));
  const spill = options.mode === 'chroma' && defringe > 0 ? spillAxis(key) : null;
  let keyed = false;
  for (let pixel = 0; pixel < pixels; pixel += 1) {
    const index = offset + pixel * 4;
    const alpha = (keyAlpha[pixel] ?? 255) / 255;
    const own = data[index + 3] ?? 0;
    if (alpha < 1 && own > 0) {
      const lowered = Math.round(own * alpha);
      if (lowered < own) keyed = true;
      data[index + 3] = lowered;
    }
    if (spill !== null) {
      if (alpha > 0) suppressSpill(data, index, spill, defringe);
    } else if (defringe > 0 && alpha > 0 && alpha < 1) {
      unmixKey(data, index, key, alpha, defringe);
    }
  }
  return keyed;
}

/** color-mode defringe: the pixel's colour without the key's share `1 - alpha` in it. */
function unmixKey(
  data: Uint8Array,
  index: number,
  key: Rgb,
  alpha: number,
  defringe: number,
): void {
  const channels = [key.r, key.g, key.b];
  for (let channel = 0; channel < 3; channel += 1) {
    const observed = data[index + channel] ?? 0;
    const subject = (observed - (1 - alpha) * (channels[channel] ?? 0)) / alpha;
    const value = observed + defringe * (subject - observed);
    data[index + channel] = Math.round(Math.min(255, Math.max(0, value)));
  }
}

/** The unit direction of the key's chroma, or null for a grey key (no cast to remove). */
function spillAxis(key: Rgb): [number, number] | null {
  const [cb, cr] = chromaOf(key.r, key.g, key.b);
  const length = Math.hypot(cb - 128, cr - 128);
  return length < 1 ? null : [(cb - 128) / length, (cr - 128) / length];
}

/** chroma-mode defringe: takes `defringe` of the pixel's chroma along the key's direction out. */
function suppressSpill(
  data: Uint8Array,
  index: number,
  axis: [number, number],
  defringe: number,
): void {
  const r = data[index] ?? 0;
  const g = data[index + 1] ?? 0;
  const b = data[index + 2] ?? 0;
  const [cb, cr] = chromaOf(r, g, b);
  const toward = (cb - 128) * axis[0] + (cr - 128) * axis[1];
  if (toward <= 0) return;
  const y = 0.299 * r + 0.587 * g + 0.114 * b;
  const nextCb = cb - defringe * toward * axis[0] - 128;
  const nextCr = cr - defringe * toward * axis[1] - 128;
  const rgb = [y + 1.402 * nextCr, y - 0.344136 * nextCb - 0.714136 * nextCr, y + 1.772 * nextCb];
  for (let channel = 0; channel < 3; channel += 1) {
    data[index + channel] = Math.round(Math.min(255, Math.max(0, rgb[channel] ?? 0)));
  }
}
