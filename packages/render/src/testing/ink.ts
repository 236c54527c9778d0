import sharp from 'sharp';

export interface InkBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** Pixels that matched. */
  count: number;
}

type Pixel = { r: number; g: number; b: number; alpha: number };

/**
 * The bounding box (inclusive) of the pixels of an encoded image that `matches` picks, e.g.
 * dark text on a light background; null when none match. Tests of overlays assert where ink
 * landed with it instead of comparing whole images.
 */
export async function inkBox(
  image: Uint8Array,
  matches: (pixel: Pixel) => boolean,
): Promise<InkBox | null> {
  const { data, info } = await sharp(image)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let box: InkBox | null = null;
  for (let y = 0; y < info.height; y += 1) {
    for (let x = 0; x < info.width; x += 1) {
      const at = (y * info.width + x) * 4;
      const pixel = {
        r: data[at] ?? 0,
        g: data[at + 1] ?? 0,
        b: data[at + 2] ?? 0,
        alpha: data[at + 3] ?? 0,
      };
      if (!matches(pixel)) continue;
      if (!box) box = { left: x, top: y, right: x, bottom: y, count: 0 };
      box.left = Math.min(box.left, x);
      box.right = Math.max(box.right, x);
      box.top = Math.min(box.top, y);
      box.bottom = Math.max(box.bottom, y);
      box.count += 1;
    }
  }
  return box;
}

/** A solid-colour PNG, the plainest background to find overlay pixels on. */
export async function solid(
  width: number,
  height: number,
  colour: { r: number; g: number; b: number; alpha?: number },
) {
  const channels = colour.alpha === undefined ? 3 : 4;
  return sharp({ create: { width, height, channels, background: { alpha: 1, ...colour } } })
    .png()
    .toBuffer();
}
