import type { Rgba } from '@darkroom/core';
import { spaceConversion, type InterpolationSpace } from './colour-space.ts';

/** CSS Color 4 section 12.4's hue interpolation methods (`gradient-hue`). */
export type HueMethod = 'shorter' | 'longer' | 'increasing' | 'decreasing';

/** A colour and where it sits along the gradient line, 0 (start) to 1 (end). */
export interface ColourStop {
  colour: Rgba;
  position: number;
}

/**
 * Entries of a ramp: fine enough that 8-bit output shows no step along any gradient the budget
 * allows (an 8192-pixel line moves two pixels per entry), small enough to build in a moment and
 * to cross to a worker thread with its task.
 */
export const RAMP_SIZE = 4096;

/**
 * The stops of `colours` at `positions` (0-100, one per colour) or evenly spaced without them.
 * A position below the one before it is raised to it, so the line never runs backwards
 * (gradient-stops page, as CSS Images 3 section 3.5.3 fixes stop positions).
 */
export function colourStops(colours: readonly Rgba[], positions?: readonly number[]): ColourStop[] {
  const last = Math.max(1, colours.length - 1);
  let floor = 0;
  return colours.map((colour, index) => {
    const given = positions?.[index];
    const position = given === undefined ? index / last : given / 100;
    floor = Math.max(floor, Math.min(1, Math.max(0, position)));
    return { colour, position: floor };
  });
}

type Triple = [number, number, number];

interface Endpoint {
  coords: Triple;
  alpha: number;
}

/** The hue angles of two ends, adjusted so interpolating between them takes `method`'s arc. */
function fixHues(a: number, b: number, method: HueMethod): [number, number] {
  let start = ((a % 360) + 360) % 360;
  let end = ((b % 360) + 360) % 360;
  const turn = end - start;
  switch (method) {
    case 'shorter':
      if (turn > 180) start += 360;
      else if (turn < -180) end += 360;
      break;
    case 'longer':
      if (turn > 0 && turn < 180) start += 360;
      else if (turn > -180 && turn <= 0) end += 360;
      break;
    case 'increasing':
      if (end < start) end += 360;
      break;
    case 'decreasing':
      if (start < end) start += 360;
      break;
  }
  return [start, end];
}

/**
 * Straight (not premultiplied) RGBA, each 0-1, at RAMP_SIZE evenly spaced points of the gradient
 * line. Between two stops the colours are interpolated in `space` with premultiplied alpha and
 * the hue taking `hue`'s arc, as CSS Color 4 section 12 interpolates gradient colours; before
 * the first stop and after the last, their colours hold (CSS Images 3).
 */
export function gradientRamp(
  stops: readonly ColourStop[],
  space: InterpolationSpace,
  hue: HueMethod = 'shorter',
): Float32Array {
  const conversion = spaceConversion(space);
  const ends: Endpoint[] = stops.map(({ colour }) => ({
    coords: conversion.from([colour.r / 255, colour.g / 255, colour.b / 255]),
    alpha: colour.alpha,
  }));
  const ramp = new Float32Array(RAMP_SIZE * 4);
  let segment = 0;
  for (let i = 0; i < RAMP_SIZE; i += 1) {
    const t = i / (RAMP_SIZE - 1);
    while (segment < stops.length - 2 && t > (stops[segment + 1]?.position ?? 1)) segment += 1;
    const from = stops[segment];
    const to = stops[segment + 1] ?? from;
    const start = ends[segment];
    const end = ends[segment + 1] ?? start;
    if (!from || !to || !start || !end) break;
    const span = to.position - from.position;
    const u =
      span <= 0 ? (t < to.position ? 0 : 1) : Math.min(1, Math.max(0, (t - from.position) / span));
    ramp.set(mix(start, end, u, conversion, hue), i * 4);
  }
  return ramp;
}

/** The colour `u` of the way from `start` to `end`, as straight RGBA 0-1. */
function mix(
  start: Endpoint,
  end: Endpoint,
  u: number,
  conversion: ReturnType<typeof spaceConversion>,
  method: HueMethod,
): [number, number, number, number] {
  const a: Triple = [...start.coords];
  const b: Triple = [...end.coords];
  const { hue, chroma } = conversion;
  if (hue !== undefined && chroma !== undefined) {
    const aGrey = a[chroma] < conversion.powerlessBelow;
    const bGrey = b[chroma] < conversion.powerlessBelow;
    // A grey's hue is powerless: it takes the other end's, so the arc is the other's alone.
    if (aGrey && !bGrey) a[hue] = b[hue];
    if (bGrey && !aGrey) b[hue] = a[hue];
    [a[hue], b[hue]] = fixHues(a[hue], b[hue], method);
  }
  const alpha = start.alpha + (end.alpha - start.alpha) * u;
  const mixed = a.map((from, c) => {
    const to = b[c] ?? from;
    if (c === hue) return from + (to - from) * u;
    // Premultiplied (CSS Color 4 section 12.3): a transparent end lends no colour.
    const premultiplied = from * start.alpha + (to * end.alpha - from * start.alpha) * u;
    return alpha > 0 ? premultiplied / alpha : from + (to - from) * u;
  }) as Triple;
  const [red, green, blue] = conversion.to(mixed);
  return [unit(red), unit(green), unit(blue), alpha];
}

function unit(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}
