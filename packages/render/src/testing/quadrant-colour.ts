import { pixelAt, QUADRANT_COLOURS } from './images.ts';

export type QuadrantName = keyof typeof QUADRANT_COLOURS;

/**
 * Which quadrant colour of `quadrants()` a pixel shows, or 'other' (background, blends): lets
 * geometry tests say "the top-left corner is green" after a flip or a crop.
 */
export async function quadrantAt(
  image: Uint8Array,
  x: number,
  y: number,
): Promise<QuadrantName | 'other'> {
  const pixel = await pixelAt(image, x, y);
  if (pixel.alpha < 128) return 'other';
  let best: QuadrantName | 'other' = 'other';
  let bestDistance = 60;
  for (const [name, colour] of Object.entries(QUADRANT_COLOURS) as [
    QuadrantName,
    (typeof QUADRANT_COLOURS)[QuadrantName],
  ][]) {
    const distance = Math.max(
      Math.abs(pixel.r - colour.r),
      Math.abs(pixel.g - colour.g),
      Math.abs(pixel.b - colour.b),
    );
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

/** The quadrant colours at the four corners (inset by `inset` pixels), clockwise from top-left. */
export async function cornerQuadrants(
  image: Uint8Array,
  width: number,
  height: number,
  inset = 2,
): Promise<(QuadrantName | 'other')[]> {
  return Promise.all([
    quadrantAt(image, inset, inset),
    quadrantAt(image, width - 1 - inset, inset),
    quadrantAt(image, width - 1 - inset, height - 1 - inset),
    quadrantAt(image, inset, height - 1 - inset),
  ]);
}
