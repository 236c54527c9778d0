/**
 * Grows a one-byte-a-pixel mask, for text outlines (`txt-line`). sharp's `dilate` works on
 * binary images and loses anti-aliased edges; a greyscale dilation (the largest value within a
 * disc) keeps them, so the outline is as smooth as the letters.
 */

/** A `width` x `height` mask surrounded by `margin` zero pixels on every side. */
export function padMask(mask: Uint8Array, width: number, height: number, margin: number): Buffer {
  const paddedWidth = width + 2 * margin;
  const out = Buffer.alloc(paddedWidth * (height + 2 * margin));
  for (let row = 0; row < height; row += 1) {
    out.set(mask.subarray(row * width, (row + 1) * width), (row + margin) * paddedWidth + margin);
  }
  return out;
}

/**
 * Each pixel becomes the largest value within `radius` of it (a disc). Horizontal maxima for
 * each half-width the disc needs are found in linear time per row (van Herk/Gil-Werman) and
 * folded into the result at once, one half-width at a time, so the cost grows with the radius
 * (not its square) and the memory stays three masks whatever the radius.
 */
export function dilateMask(
  mask: Uint8Array,
  width: number,
  height: number,
  radius: number,
): Buffer {
  const r = Math.floor(radius);
  if (r <= 0) return Buffer.from(mask);
  // Rows dy away from a pixel reach halfWidths[|dy|] pixels left and right of it.
  const rowsByHalfWidth = new Map<number, number[]>();
  for (let dy = 0; dy <= r; dy += 1) {
    const halfWidth = Math.floor(Math.sqrt(r * r - dy * dy));
    const rows = rowsByHalfWidth.get(halfWidth) ?? [];
    rows.push(dy);
    rowsByHalfWidth.set(halfWidth, rows);
  }
  const out = Buffer.alloc(mask.length);
  for (const [halfWidth, offsets] of rowsByHalfWidth) {
    const maxima = horizontalMax(mask, width, height, halfWidth);
    for (const offset of offsets) {
      foldRows(out, maxima, width, height, offset);
      if (offset !== 0) foldRows(out, maxima, width, height, -offset);
    }
  }
  return out;
}

/** `out` row y takes the larger of itself and `maxima` row y + dy, for every row. */
function foldRows(out: Buffer, maxima: Uint8Array, width: number, height: number, dy: number) {
  for (let y = Math.max(0, -dy); y < Math.min(height, height - dy); y += 1) {
    const from = (y + dy) * width;
    const to = y * width;
    for (let x = 0; x < width; x += 1) {
      const value = maxima[from + x] ?? 0;
      if (value > (out[to + x] ?? 0)) out[to + x] = value;
    }
  }
}

/** Per row, the largest value within `halfWidth` pixels left or right of each pixel. */
function horizontalMax(
  mask: Uint8Array,
  width: number,
  height: number,
  halfWidth: number,
): Uint8Array {
  if (halfWidth === 0) return mask;
  const window = 2 * halfWidth + 1;
  // The row with `halfWidth` zeros either side, so every window is whole.
  const padded = new Uint8Array(width + 2 * halfWidth);
  const prefix = new Uint8Array(padded.length);
  const suffix = new Uint8Array(padded.length);
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y += 1) {
    padded.set(mask.subarray(y * width, (y + 1) * width), halfWidth);
    // Maxima from each block start forwards and from each block end backwards: a window of
    // exactly `window` pixels spans at most two blocks, so its maximum is a suffix and a prefix.
    for (let x = 0; x < padded.length; x += 1) {
      const value = padded[x] ?? 0;
      prefix[x] = x % window === 0 ? value : Math.max(prefix[x - 1] ?? 0, value);
    }
    for (let x = padded.length - 1; x >= 0; x -= 1) {
      const value = padded[x] ?? 0;
      const blockEnd = x === padded.length - 1 || (x + 1) % window === 0;
      suffix[x] = blockEnd ? value : Math.max(suffix[x + 1] ?? 0, value);
    }
    // Output pixel x is the window padded[x .. x + window - 1].
    for (let x = 0; x < width; x += 1) {
      out[y * width + x] = Math.max(suffix[x] ?? 0, prefix[x + window - 1] ?? 0);
    }
  }
  return out;
}
