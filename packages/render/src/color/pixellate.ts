import { forEachFrame, type Pixels } from './pixels.ts';

/**
 * `px`: replaces each `blockSize` square (counted from each frame's top-left corner) by its
 * average colour. With alpha, colours are averaged premultiplied so that transparent pixels
 * lend no colour to their block.
 */
export function pixellate(pixels: Pixels, blockSize: number): void {
  const size = Math.max(1, Math.round(blockSize));
  if (size === 1) return;
  const { data, width, channels } = pixels;
  const hasAlpha = channels === 4;
  forEachFrame(pixels, (firstRow, rows) => {
    for (let blockTop = 0; blockTop < rows; blockTop += size) {
      const blockBottom = Math.min(rows, blockTop + size);
      for (let blockLeft = 0; blockLeft < width; blockLeft += size) {
        const blockRight = Math.min(width, blockLeft + size);
        let red = 0;
        let green = 0;
        let blue = 0;
        let alpha = 0;
        let count = 0;
        for (let y = blockTop; y < blockBottom; y += 1) {
          for (let x = blockLeft; x < blockRight; x += 1) {
            const offset = ((firstRow + y) * width + x) * channels;
            const weight = hasAlpha ? (data[offset + 3] ?? 0) / 255 : 1;
            red += (data[offset] ?? 0) * weight;
            green += (data[offset + 1] ?? 0) * weight;
            blue += (data[offset + 2] ?? 0) * weight;
            alpha += weight;
            count += 1;
          }
        }
        const divisor = alpha > 0 ? alpha : 1;
        const average = [red / divisor, green / divisor, blue / divisor, (alpha / count) * 255];
        for (let y = blockTop; y < blockBottom; y += 1) {
          for (let x = blockLeft; x < blockRight; x += 1) {
            const offset = ((firstRow + y) * width + x) * channels;
            for (let channel = 0; channel < channels; channel += 1) {
              data[offset + channel] = Math.round(average[channel] ?? 0);
            }
          }
        }
      }
    }
  });
}
