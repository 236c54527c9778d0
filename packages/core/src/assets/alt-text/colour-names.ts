// The plain colour names alt text uses. A colour gets the name of its nearest reference swatch in
// CIELAB (distance ΔE*76), where equal distances look about equally different to people, unlike
// distances in RGB. Several swatches per name cover its dark and light ends (navy is blue, tan
// is beige), which one centre per name would misname.

export const COLOUR_NAMES = [
  'black',
  'white',
  'gray',
  'red',
  'orange',
  'yellow',
  'green',
  'blue',
  'purple',
  'pink',
  'brown',
  'beige',
] as const;

export type ColourName = (typeof COLOUR_NAMES)[number];

const SWATCHES: readonly (readonly [hex: string, name: ColourName])[] = [
  ['#000000', 'black'],
  ['#1c1c1c', 'black'],
  ['#ffffff', 'white'],
  ['#ededed', 'white'],
  ['#808080', 'gray'],
  ['#b0b0b0', 'gray'],
  ['#4d4d4d', 'gray'],
  ['#ff0000', 'red'],
  ['#c41e1e', 'red'],
  ['#8b0000', 'red'],
  ['#ff8c00', 'orange'],
  ['#ffa500', 'orange'],
  ['#ffff00', 'yellow'],
  ['#ffd700', 'yellow'],
  ['#f0e68c', 'yellow'],
  ['#008000', 'green'],
  ['#00ff00', 'green'],
  ['#556b2f', 'green'],
  ['#90ee90', 'green'],
  ['#006400', 'green'],
  ['#0000ff', 'blue'],
  ['#000080', 'blue'],
  ['#4682b4', 'blue'],
  ['#87ceeb', 'blue'],
  ['#00ffff', 'blue'],
  ['#008080', 'blue'],
  ['#800080', 'purple'],
  ['#8a2be2', 'purple'],
  ['#ee82ee', 'purple'],
  ['#ffc0cb', 'pink'],
  ['#ff69b4', 'pink'],
  ['#ff1493', 'pink'],
  ['#8b4513', 'brown'],
  ['#a0522d', 'brown'],
  ['#654321', 'brown'],
  ['#f5f5dc', 'beige'],
  ['#d2b48c', 'beige'],
];

type Lab = readonly [l: number, a: number, b: number];

/** '#rrggbb' or 'rrggbb' as CIELAB (D65), or null when it is not six hex digits. */
export function hexToLab(hex: string): Lab | null {
  const digits = /^#?([0-9a-f]{6})$/i.exec(hex.trim())?.[1];
  if (digits === undefined) return null;
  const [r, g, b] = [0, 2, 4].map((start) =>
    linearise(parseInt(digits.slice(start, start + 2), 16) / 255),
  ) as [number, number, number];
  // sRGB to XYZ (IEC 61966-2-1), divided by the D65 white point.
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const [fx, fy, fz] = [labCurve(x), labCurve(y), labCurve(z)];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

function linearise(channel: number): number {
  return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
}

function labCurve(t: number): number {
  return t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116;
}

const SWATCH_LABS = SWATCHES.map(([hex, name]) => ({ lab: hexToLab(hex) as Lab, name }));

/** The plain name of the nearest reference colour, or null when `hex` is not a colour. */
export function nearestColourName(hex: string): ColourName | null {
  const lab = hexToLab(hex);
  if (lab === null) return null;
  let best: { name: ColourName; distance: number } | null = null;
  for (const swatch of SWATCH_LABS) {
    const distance = Math.hypot(
      lab[0] - swatch.lab[0],
      lab[1] - swatch.lab[1],
      lab[2] - swatch.lab[2],
    );
    if (best === null || distance < best.distance) best = { name: swatch.name, distance };
  }
  return best?.name ?? null;
}
