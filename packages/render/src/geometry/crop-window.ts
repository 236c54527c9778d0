import type { Rect, Size } from '@darkroom/core';
import { clamp } from './pixels.ts';

/**
 * Where a fit=crop window lies (imgix `crop` and focal-point docs). Directional values may be
 * combined (`top,left`); the detecting modes (`faces`, `auto`, object classes) are resolved by the
 * size step's crop chain (steps/crop-chain.ts) into a focal point on what they find.
 */
export type CropStrategy = AnchorCrop | FocalPointCrop | { kind: 'entropy' } | { kind: 'edges' };

export interface AnchorCrop {
  kind: 'anchor';
  horizontal: 'left' | 'center' | 'right';
  vertical: 'top' | 'middle' | 'bottom';
}

export interface FocalPointCrop extends FocalPoint {
  kind: 'focalpoint';
}

export interface FocalPoint {
  /** 0-1 across the image. */
  x: number;
  /** 0-1 down the image. */
  y: number;
  /** 1 = no zoom. */
  zoom: number;
}

export const CENTRE: AnchorCrop = { kind: 'anchor', horizontal: 'center', vertical: 'middle' };

/**
 * Reads the `crop` list without detecting anything: the first of focalpoint, entropy and edges
 * wins over directions.
 */
export function readCropStrategy(modes: readonly string[], focalPoint: FocalPoint): CropStrategy {
  for (const mode of modes) {
    const placed = placementOf(mode, focalPoint);
    if (placed !== undefined) return placed;
  }
  return anchorOf(modes);
}

/**
 * The window a mode places without detecting anything: focalpoint, entropy and edges always
 * place it; undefined for the directions and the detecting modes.
 */
export function placementOf(mode: string, focalPoint: FocalPoint): CropStrategy | undefined {
  if (mode === 'focalpoint') return { kind: 'focalpoint', ...focalPoint };
  if (mode === 'entropy') return { kind: 'entropy' };
  if (mode === 'edges') return { kind: 'edges' };
  return undefined;
}

/** The directions of the list combined (`top,left`); an axis none names is centred. */
export function anchorOf(modes: readonly string[]): AnchorCrop {
  const horizontal = modes.includes('left') ? 'left' : modes.includes('right') ? 'right' : 'center';
  const vertical = modes.includes('top') ? 'top' : modes.includes('bottom') ? 'bottom' : 'middle';
  return { kind: 'anchor', horizontal, vertical };
}

/** Places `window` inside `image` at an anchor or centred on a focal point, kept inside. */
export function placeWindow(
  image: Size,
  window: Size,
  strategy: AnchorCrop | FocalPointCrop,
): Rect {
  const slackX = Math.max(0, image.width - window.width);
  const slackY = Math.max(0, image.height - window.height);
  if (strategy.kind === 'focalpoint') {
    return {
      left: clamp(Math.round(strategy.x * image.width - window.width / 2), 0, slackX),
      top: clamp(Math.round(strategy.y * image.height - window.height / 2), 0, slackY),
      width: Math.min(window.width, image.width),
      height: Math.min(window.height, image.height),
    };
  }
  const share = { left: 0, top: 0, center: 0.5, middle: 0.5, right: 1, bottom: 1 };
  return {
    left: Math.round(slackX * share[strategy.horizontal]),
    top: Math.round(slackY * share[strategy.vertical]),
    width: Math.min(window.width, image.width),
    height: Math.min(window.height, image.height),
  };
}

/**
 * Maps a window of a scaled copy back onto the unscaled image, rounded outwards-safe so it
 * stays inside: used when a zoomed crop is cheaper to cut before resizing than after.
 */
export function unscaleWindow(window: Rect, scaled: Size, original: Size): Rect {
  const scaleX = original.width / scaled.width;
  const scaleY = original.height / scaled.height;
  const width = clamp(Math.round(window.width * scaleX), 1, original.width);
  const height = clamp(Math.round(window.height * scaleY), 1, original.height);
  return {
    left: clamp(Math.round(window.left * scaleX), 0, original.width - width),
    top: clamp(Math.round(window.top * scaleY), 0, original.height - height),
    width,
    height,
  };
}
