/** Widths in pixels on each side of an image (padding, border). */
export interface Sides {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export function isEmpty(sides: Sides): boolean {
  return sides.top <= 0 && sides.right <= 0 && sides.bottom <= 0 && sides.left <= 0;
}

/**
 * `all` on every side, except where a side of its own is given: imgix's `pad-top` and
 * `border-top` adjust that one side of `pad` and `border`. Negative widths count as none.
 */
export function resolveSides(all: number, own: Partial<Record<keyof Sides, number>>): Sides {
  const side = (value: number | undefined) => Math.max(0, Math.round(value ?? all));
  return {
    top: side(own.top),
    right: side(own.right),
    bottom: side(own.bottom),
    left: side(own.left),
  };
}

export function addSides(a: Sides, b: Sides): Sides {
  return {
    top: a.top + b.top,
    right: a.right + b.right,
    bottom: a.bottom + b.bottom,
    left: a.left + b.left,
  };
}
