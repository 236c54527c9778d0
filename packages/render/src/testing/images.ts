import sharp from 'sharp';

/**
 * Small generated images for step tests. Each has features a wrong transform would move:
 * four coloured quadrants show rotation, flips and crops; gradients show tone changes.
 */

export const QUADRANT_COLOURS = {
  topLeft: { r: 220, g: 40, b: 40 },
  topRight: { r: 40, g: 180, b: 60 },
  bottomLeft: { r: 40, g: 70, b: 220 },
  bottomRight: { r: 240, g: 200, b: 40 },
} as const;

/** A `width` x `height` image split into red, green, blue and yellow quadrants. */
export async function quadrants(width = 64, height = 48, format: 'png' | 'jpeg' = 'png') {
  const halfW = Math.floor(width / 2);
  const halfH = Math.floor(height / 2);
  const block = (w: number, h: number, c: { r: number; g: number; b: number }) =>
    sharp({ create: { width: w, height: h, channels: 3, background: c } })
      .png()
      .toBuffer();
  const image = sharp({
    create: { width, height, channels: 3, background: QUADRANT_COLOURS.topLeft },
  }).composite([
    { input: await block(width - halfW, halfH, QUADRANT_COLOURS.topRight), left: halfW, top: 0 },
    { input: await block(halfW, height - halfH, QUADRANT_COLOURS.bottomLeft), left: 0, top: halfH },
    {
      input: await block(width - halfW, height - halfH, QUADRANT_COLOURS.bottomRight),
      left: halfW,
      top: halfH,
    },
  ]);
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 95 }).toBuffer();
}

/** A horizontal greyscale ramp from black (left) to white (right), as RGB. */
export async function greyRamp(width = 64, height = 16): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const value = Math.round((x / Math.max(1, width - 1)) * 255);
      pixels.fill(value, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A colour wheel-ish image: hue across, lightness down; exercises every adjustment. */
export async function colourField(width = 48, height = 32): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const hue = (x / width) * 6;
      const light = 1 - y / height;
      const sector = Math.floor(hue);
      const f = hue - sector;
      const rgb = [
        [1, f, 0],
        [1 - f, 1, 0],
        [0, 1, f],
        [0, 1 - f, 1],
        [f, 0, 1],
        [1, 0, 1 - f],
      ][sector % 6] ?? [0, 0, 0];
      const offset = (y * width + x) * 3;
      for (let c = 0; c < 3; c += 1) {
        pixels[offset + c] = Math.round(((rgb[c] ?? 0) * 0.8 + 0.1) * light * 255);
      }
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A transparent PNG with an opaque centred square of `colour`. */
export async function squareOnTransparent(
  size = 40,
  square = 20,
  colour = { r: 200, g: 30, b: 30, alpha: 1 },
): Promise<Buffer> {
  const inner = await sharp({
    create: { width: square, height: square, channels: 4, background: colour },
  })
    .png()
    .toBuffer();
  const offset = Math.floor((size - square) / 2);
  return sharp({
    create: { width: size, height: size, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([{ input: inner, left: offset, top: offset }])
    .png()
    .toBuffer();
}

/** The RGBA value of one pixel of an encoded image. */
export async function pixelAt(
  image: Uint8Array,
  x: number,
  y: number,
): Promise<{ r: number; g: number; b: number; alpha: number }> {
  const { data, info } = await sharp(image)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * 4;
  return {
    r: data[offset] ?? 0,
    g: data[offset + 1] ?? 0,
    b: data[offset + 2] ?? 0,
    alpha: data[offset + 3] ?? 0,
  };
}
