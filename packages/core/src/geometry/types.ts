// One vocabulary for pixel geometry, shared by the editor and the render engine (STYLE.md: "Units
// are types"): a crop the editor draws is the rectangle the engine extracts, with no conversion
// between two shapes of the same thing. Values are pixels of the image the producer names, not
// necessarily whole; fractions of an image (a focal point's 0-1) are other types on purpose.

/** A width and a height in pixels. */
export interface Size {
  width: number;
  height: number;
}

/** A position in pixels, `x` across and `y` down from the image's top-left corner. */
export interface Point {
  x: number;
  y: number;
}

/**
 * A rectangle in pixels, `left`/`top` from the image's top-left corner: the names sharp's
 * `extract` and the `rect` parameter's `left,top,width,height` use, so neither needs a mapping.
 */
export interface Rect extends Size {
  left: number;
  top: number;
}
