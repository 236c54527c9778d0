import { bestWindowStart, edgeProfile } from '../geometry/edges.ts';
import type { Rect, Size } from '@darkroom/core';
import { clamp, toPixels } from '../geometry/pixels.ts';
import type { RenderContext } from '../pipeline/context.ts';
import { cloneSharingPixels } from '../pipeline/clone-image.ts';

/** Longest side of the greyscale copy that `crop=edges` measures: detail enough, little work. */
const PROBE_SIDE = 256;

/**
 * `crop=edges`: places `window` inside the image scaled to `scaled` where a small greyscale copy
 * of the current image shows the most edge detail along the side that has room to move.
 */
export async function placeByEdges(
  context: RenderContext,
  scaled: Size,
  window: Size,
): Promise<Rect> {
  const slackX = scaled.width - window.width;
  const slackY = scaled.height - window.height;
  const centred = {
    left: Math.round(slackX / 2),
    top: Math.round(slackY / 2),
    ...window,
  };
  if (slackX <= 0 && slackY <= 0) return centred;

  const factor = Math.min(1, PROBE_SIDE / Math.max(context.width, context.height));
  const probe = {
    width: toPixels(context.width * factor),
    height: toPixels(context.height * factor),
  };
  const { data, info } = await cloneSharingPixels(context.image)
    .resize(probe.width, probe.height, { fit: 'fill' })
    .removeAlpha()
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey = info.channels === 1 ? data : data.filter((_, index) => index % info.channels === 0);

  const axis = slackX >= slackY ? 'x' : 'y';
  const probeLength = axis === 'x' ? info.width : info.height;
  const scaledLength = axis === 'x' ? scaled.width : scaled.height;
  const windowLength = axis === 'x' ? window.width : window.height;
  const profile = edgeProfile(grey, { width: info.width, height: info.height }, axis);
  const start = bestWindowStart(profile, (windowLength * probeLength) / scaledLength);
  const offset = clamp(
    Math.round((start * scaledLength) / probeLength),
    0,
    scaledLength - windowLength,
  );
  return axis === 'x' ? { ...centred, left: offset } : { ...centred, top: offset };
}
