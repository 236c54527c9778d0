import type { Rect } from '@darkroom/core';

// drop-shadow-type=cast: "a realistic shadow thrown onto the floor by a light", built from the
// subject's silhouette as imgix's watermark pages name the model: a card standing on the floor
// at its lowest opaque row ("the watermark stands on its lowest opaque row"). The pages give the
// directions and the ends of each scale; the projection between them is Darkroom's (below).

/** The light and subject of a cast shadow, as the URL gives them. */
export interface CastLightAngles {
  /** Degrees around the subject: 0 behind it, 90 right, 180 in front, 270 left (wraps). */
  azimuth: number;
  /** Degrees above the horizon, 5 to 90. */
  elevation: number;
  /** How the subject was shot: 90 upright and head-on, 0 a flat lay from above. */
  pose: number;
}

/**
 * Where the silhouette's pixels land, per pixel of height above the ground line: `shear`
 * pixels to the right, and up the picture by `depth` times the height (a negative depth comes
 * down the picture, towards the viewer). A pixel h above the ground at column x lands at
 * (x + shear·h, ground − depth·h).
 */
export interface CastGeometry {
  shear: number;
  depth: number;
}

/**
 * The longest shadow, in heights of the subject: "at 5 the shadow reaches to twice the
 * watermark's height" (watermark-drop-shadow-elevation); 45 degrees is one height, 90 none.
 */
const LONGEST_SHADOW = 2;
/**
 * How much of the floor's depth a head-on camera sees: a product shot's camera sits a little
 * above the floor, so a shadow thrown towards it (azimuth 0: "towards the front, down the
 * picture") still shows. From above (pose 0) the floor is seen whole.
 */
const HEAD_ON_FLOOR = 0.25;
/**
 * A card has no thickness: lit from its side, or from straight above, its shadow would be a
 * line. The shadow keeps at least this share of the subject's height in depth.
 */
const THINNEST_SHADOW = 0.08;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The projection the light and pose make (pure arithmetic). */
export function castGeometry(light: CastLightAngles): CastGeometry {
  const elevation = radians(Math.min(90, Math.max(5, light.elevation)));
  const pose = radians(Math.min(90, Math.max(0, light.pose)));
  const azimuth = radians(light.azimuth);
  // Length on the floor per unit of height; cos/sin rather than 1/tan, which is infinite at 0.
  const length = Math.min(LONGEST_SHADOW, Math.cos(elevation) / Math.sin(elevation));
  // The shadow falls away from the light: azimuth 90 (light from the right) throws it left.
  const across = -Math.sin(azimuth) * length;
  const towardsViewer = Math.cos(azimuth) * length;
  // How upright the subject stands in the picture: a flat lay's shadow lies under it.
  const lift = Math.sin(pose);
  const floor = HEAD_ON_FLOOR + (1 - HEAD_ON_FLOOR) * Math.cos(pose);
  let depth = 1 - lift - lift * floor * towardsViewer;
  // Behind the subject unless the light clearly throws it forwards (cos 90 is not quite 0).
  if (Math.abs(depth) < THINNEST_SHADOW) {
    depth = depth < -1e-9 ? -THINNEST_SHADOW : THINNEST_SHADOW;
  }
  return { shear: lift * across, depth };
}

/** What the worker needs to project a silhouette: see `projectCast`. */
export interface CastProjection {
  /** The subject's top row and its ground line (one past its lowest opaque row). */
  top: number;
  ground: number;
  geometry: CastGeometry;
  /** The area drawn, in the layer's coordinates (it may reach outside the layer). */
  window: Rect;
  /**
   * Heights (0 at the ground, 1 at the subject's top) of the bands the shadow is split into, so
   * each can be blurred as far as it lies from the contact: each band is a tent between its
   * neighbours, and together they add up to the whole shadow.
   */
  bands: readonly number[];
  /** 0-1: how much the shadow fades by the subject's top ("fades towards its tip"). */
  falloff: number;
}

/** Row `line` of `mask` (`width` wide) read from column `first` on, between two columns. */
function sampleRow(
  mask: Uint8Array,
  line: number,
  width: number,
  first: number,
  into: Float64Array,
): void {
  for (let x = 0; x < into.length; x += 1) {
    const at = first + x;
    const left = Math.floor(at);
    const fraction = at - left;
    const a = left >= 0 && left < width ? (mask[line + left] ?? 0) : 0;
    const b = left + 1 >= 0 && left + 1 < width ? (mask[line + left + 1] ?? 0) : 0;
    into[x] = a + (b - a) * fraction;
  }
}

/** The tent of band `index` at height `t`: 1 at its own height, 0 at its neighbours'. */
function tent(bands: readonly number[], index: number, t: number): number {
  const at = bands[index] ?? 0;
  const below = bands[index - 1];
  const above = bands[index + 1];
  if (t === at) return 1;
  if (t < at) return below === undefined ? 1 : Math.max(0, (t - below) / (at - below));
  return above === undefined ? 1 : Math.max(0, (above - t) / (above - at));
}

/**
 * The shadow of a one-byte-a-pixel silhouette `width` x `height`, projected onto the floor, one
 * plane of `window` size per band, planes one after the other. Each output row takes the
 * silhouette rows it covers (averaged, so a shadow foreshortened to a few rows keeps the
 * silhouette's weight), each shifted by the shear at its height, between two columns.
 * Pure JavaScript over every pixel of the window: it runs in a render worker (workers/tasks.ts).
 */
export function projectCast(
  mask: Uint8Array,
  width: number,
  height: number,
  projection: CastProjection,
): Uint8Array {
  const { top, ground, geometry, window, bands, falloff } = projection;
  const plane = window.width * window.height;
  const out = new Uint8Array(plane * bands.length);
  const tall = Math.max(1, ground - top);
  const { shear, depth } = geometry;
  // Per band, the output row being summed; and one silhouette row, shifted.
  const sums = bands.map(() => new Float64Array(window.width));
  const sample = new Float64Array(window.width);
  for (let y = 0; y < window.height; y += 1) {
    // The output row spans [edge, edge + 1) in layer rows; the heights that land there.
    const edge = window.top + y;
    const low = (ground - edge - 1) / depth;
    const high = (ground - edge) / depth;
    const from = Math.max(0, Math.min(low, high));
    const to = Math.min(tall, Math.max(low, high));
    if (to <= from) continue;
    for (const sum of sums) sum.fill(0);
    // Silhouette rows between heights `from` and `to`, each weighted by how much of it is there
    // and shifted, faded and split into bands as its own height says.
    for (let h = Math.floor(from); h < to; h += 1) {
      const lower = Math.max(from, h);
      const share = Math.min(to, h + 1) - lower;
      const source = ground - 1 - h;
      if (share <= 0 || source < 0 || source >= height) continue;
      const middle = lower + share / 2;
      sampleRow(mask, source * width, width, window.left - shear * middle, sample);
      const t = Math.min(1, middle / tall);
      const weight = share * (1 - falloff * t);
      for (let band = 0; band < bands.length; band += 1) {
        const part = weight * tent(bands, band, t);
        const sum = sums[band];
        if (part <= 0 || sum === undefined) continue;
        for (let x = 0; x < window.width; x += 1) sum[x] = (sum[x] ?? 0) + part * (sample[x] ?? 0);
      }
    }
    // An average over the row's whole span, so a row the silhouette only partly reaches is
    // partly covered (an anti-aliased tip), not stretched to full strength.
    const span = Math.abs(high - low);
    for (let band = 0; band < bands.length; band += 1) {
      const sum = sums[band];
      if (sum === undefined) continue;
      const start = band * plane + y * window.width;
      for (let x = 0; x < window.width; x += 1) {
        out[start + x] = Math.min(255, Math.round((sum[x] ?? 0) / span));
      }
    }
  }
  return out;
}
