import type { Point, Size } from '@darkroom/core';

/**
 * `fp-debug`: crosshairs through the focal point and a rule-of-thirds grid over the output,
 * so a person can see where the focal point landed (imgix focal-point-debug doc). Returned as
 * an SVG the size step composites on top.
 */
export function focalDebugOverlay(output: Size, focus: Point): Buffer {
  const { width, height } = output;
  const stroke = Math.max(1, Math.round(Math.min(width, height) / 200));
  const radius = Math.max(4, Math.round(Math.min(width, height) / 20));
  const thirds = [1, 2].flatMap((n) => [
    line((width * n) / 3, 0, (width * n) / 3, height),
    line(0, (height * n) / 3, width, (height * n) / 3),
  ]);
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">`,
    `<g stroke="#ffffff" stroke-opacity="0.6" stroke-width="${stroke}">${thirds.join('')}</g>`,
    `<g stroke="#ff0000" stroke-width="${stroke}" fill="none">`,
    line(focus.x, 0, focus.x, height),
    line(0, focus.y, width, focus.y),
    `<circle cx="${focus.x}" cy="${focus.y}" r="${radius}"/>`,
    '</g></svg>',
  ].join('');
  return Buffer.from(svg);
}

function line(x1: number, y1: number, x2: number, y2: number): string {
  const f = (value: number) => value.toFixed(1);
  return `<line x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}"/>`;
}
