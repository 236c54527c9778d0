// The origin images of the suite and the output sizes imgix documents for the parameters the
// client libraries write (docs.imgix.com/apis/rendering/size/fit, .../size/w, .../size/h,
// .../pixel-density/dpr).

export interface Size {
  width: number;
  height: number;
}

export interface OriginImage extends Size {
  path: string;
}

/**
 * A wide strip. The imgix libraries' default width srcsets reach 8192 pixels with fit=clip,
 * which scales up as well as down; on this shape an 8192-wide render is 8192 x 328 pixels, so
 * those entries render fast.
 */
export const STRIP: OriginImage = { path: 'strip.png', width: 1000, height: 40 };

/** The strip standing up, so `h` past 8192 also renders few pixels. */
export const TOWER: OriginImage = { path: 'tower.png', width: 40, height: 1000 };

/**
 * A photo-shaped image narrower than the widest entries of Next.js's and unpic's srcsets:
 * their fit modes (max, min) must not enlarge it.
 */
export const PHOTO: OriginImage = { path: 'photo.png', width: 1200, height: 900 };

/** imgix: "All output images will be sized down to accommodate this limit" (8192 a side). */
const MAX_SIDE = 8192;

/** imgix dpr: "The maximum value is 5". */
const MAX_DPR = 5;

export interface SizeParams {
  w?: number;
  h?: number;
  dpr?: number;
  /** `clip` is imgix's default. */
  fit: 'clip' | 'max' | 'min';
}

function scaled(origin: Size, factor: number): Size {
  return { width: origin.width * factor, height: origin.height * factor };
}

/**
 * The exact (unrounded) size imgix documents for `params` on `origin`:
 * - clip: "Resizes the image to fit within the width and height boundaries without cropping or
 *   distorting the image", up or down;
 * - max: the same, but it "will not increase the size of the image if it is smaller than the
 *   output size";
 * - min: "Resizes and crops the image to match the aspect ratio of the requested width and
 *   height. Will not exceed the original width and height of the image"; with one side given
 *   there is no ratio to match and it scales like max;
 * - dpr multiplies `w` and `h`, held at 5;
 * - the result is sized down until its longest side is 8192.
 */
export function imgixSize(origin: Size, params: SizeParams): Size {
  const dpr = Math.min(params.dpr ?? 1, MAX_DPR);
  const width = params.w === undefined ? null : params.w * dpr;
  const height = params.h === undefined ? null : params.h * dpr;
  let size: Size = origin;
  if (width !== null || height !== null) {
    const contain = Math.min(
      width === null ? Infinity : width / origin.width,
      height === null ? Infinity : height / origin.height,
    );
    if (params.fit === 'clip') {
      size = scaled(origin, contain);
    } else if (params.fit === 'min' && width !== null && height !== null) {
      const cover = Math.max(width / origin.width, height / origin.height);
      size =
        cover <= 1
          ? { width, height }
          : {
              width: Math.min(origin.width, width / cover),
              height: Math.min(origin.height, height / cover),
            };
    } else {
      size = scaled(origin, Math.min(contain, 1));
    }
  }
  const longest = Math.max(size.width, size.height);
  return longest > MAX_SIDE ? scaled(size, MAX_SIDE / longest) : size;
}
