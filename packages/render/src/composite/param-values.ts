import type { ParamValue, Params, Rgba } from '@darkroom/core';
import { uniformRadii, type CornerRadii } from './shapes.ts';

/**
 * Readers for the value shapes the composite families share. The parser has already checked
 * types and ranges against the catalogue; these only turn the typed values into geometry.
 */

/** `corner-radius`, `border-radius`: one radius for all corners or four (top left, clockwise). */
export function cornerRadii(params: Params, name: string): CornerRadii | undefined {
  const value = params.get(name);
  if (!value) return undefined;
  if (value.type !== 'list') return uniformRadii(numberOf(value) ?? 0);
  const [topLeft, topRight, bottomRight, bottomLeft] = value.value.map((v) => numberOf(v) ?? 0);
  return {
    topLeft: topLeft ?? 0,
    topRight: topRight ?? 0,
    bottomRight: bottomRight ?? 0,
    bottomLeft: bottomLeft ?? 0,
  };
}

/** A two-colour list (`fill-gradient-linear`, `grid-colors`); one colour pairs with `second`. */
export function colourPair(params: Params, name: string, second?: Rgba): [Rgba, Rgba] | undefined {
  const value = params.get(name);
  if (value?.type === 'color') return second ? [value.value, second] : undefined;
  if (value?.type !== 'list') return undefined;
  const [first, last] = value.value.map((v) => (v.type === 'color' ? v.value : undefined));
  if (!first) return undefined;
  if (last) return [first, last];
  return second ? [first, second] : undefined;
}

/**
 * A length given either in pixels (an integer) or as a 0-1 fraction of `whole` (a
 * `unit_scalar`), as `fill-gradient-radial-x` and `-radius` take them.
 */
export function lengthOf(value: ParamValue, whole: number): number | undefined {
  if (value.type === 'unit_scalar') return value.value * whole;
  return numberOf(value);
}

export function numberOf(value: ParamValue): number | undefined {
  switch (value.type) {
    case 'integer':
    case 'number':
    case 'unit_scalar':
      return value.value;
    default:
      return undefined;
  }
}
