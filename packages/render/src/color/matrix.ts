/**
 * 3x3 colour matrices in row-major order (out = M x [r, g, b]), as the W3C Filter Effects
 * spec defines `hueRotate`, `saturate` and `sepia` (section 9.6, feColorMatrix, and the CSS
 * shorthand filters). They compose by multiplication, so hue and saturation cost one pass.
 */
// prettier-ignore
export type Matrix3 = readonly [
  number, number, number,
  number, number, number,
  number, number, number,
];

export const IDENTITY: Matrix3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];

/** `b` applied first, then `a`. */
export function multiply(a: Matrix3, b: Matrix3): Matrix3 {
  const at = (m: Matrix3, row: number, column: number) => m[row * 3 + column] ?? 0;
  const cell = (row: number, column: number) =>
    at(a, row, 0) * at(b, 0, column) +
    at(a, row, 1) * at(b, 1, column) +
    at(a, row, 2) * at(b, 2, column);
  // prettier-ignore
  return [
    cell(0, 0), cell(0, 1), cell(0, 2),
    cell(1, 0), cell(1, 1), cell(1, 2),
    cell(2, 0), cell(2, 1), cell(2, 2),
  ];
}

/** Rotates hue by `degrees` keeping luminance; positive turns red toward yellow and green. */
export function hueRotation(degrees: number): Matrix3 {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  return [
    0.213 + cos * 0.787 - sin * 0.213,
    0.715 - cos * 0.715 - sin * 0.715,
    0.072 - cos * 0.072 + sin * 0.928,
    0.213 - cos * 0.213 + sin * 0.143,
    0.715 + cos * 0.285 + sin * 0.14,
    0.072 - cos * 0.072 - sin * 0.283,
    0.213 - cos * 0.213 - sin * 0.787,
    0.715 - cos * 0.715 + sin * 0.715,
    0.072 + cos * 0.928 + sin * 0.072,
  ];
}

/** Scales saturation: 0 is greyscale (every row the same), 1 leaves colours, 2 doubles them. */
export function saturation(scale: number): Matrix3 {
  const s = scale;
  // prettier-ignore
  return [
    0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s,
    0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s,
    0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s,
  ];
}

/** Sepia toning, `amount` 0 (none) to 1 (full). */
export function sepia(amount: number): Matrix3 {
  const rest = 1 - amount;
  // prettier-ignore
  return [
    0.393 + 0.607 * rest, 0.769 - 0.769 * rest, 0.189 - 0.189 * rest,
    0.349 - 0.349 * rest, 0.686 + 0.314 * rest, 0.168 - 0.168 * rest,
    0.272 - 0.272 * rest, 0.534 - 0.534 * rest, 0.131 + 0.869 * rest,
  ];
}
