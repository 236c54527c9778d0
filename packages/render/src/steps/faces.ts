import type { Rect } from '@darkroom/core';
import sharp from 'sharp';
import type { RenderContext } from '../pipeline/context.ts';
import type { StepModule } from '../pipeline/step.ts';
import { facesInPipeline } from '../ai/faces.ts';
import type { DetectedFace } from '../ai/types.ts';
import { restartFromPixels } from '../pipeline/context-factory.ts';
import { cloneSharingPixels } from '../pipeline/clone-image.ts';

/**
 * Face obscuring and red-eye correction (imgix face-blur, face-pixel, auto=redeye) on the
 * image at its output size, so detection and the filters work on the fewest pixels.
 */
export const faceStep: StepModule = {
  name: 'faces',
  parameters: ['face-blur', 'face-pixel'],
  async run(context) {
    const blur = context.params.number('face-blur') ?? 0;
    const pixel = context.params.number('face-pixel') ?? 0;
    const redeye = context.params.strings('auto').includes('redeye');
    if (blur <= 0 && pixel <= 0 && !redeye) return;
    if (context.animated) return;
    const faces = await facesInPipeline(context);
    if (faces.length === 0) return;
    if (redeye) await correctRedEye(context, faces);
    if (blur > 0 || pixel > 0) await obscureFaces(context, faces, blur, pixel);
  },
};

/** Each face, grown a little so the hairline and chin are covered, blurred and/or pixelated. */
async function obscureFaces(
  context: RenderContext,
  faces: readonly DetectedFace[],
  blur: number,
  pixel: number,
): Promise<void> {
  await context.materialize();
  const overlays: sharp.OverlayOptions[] = [];
  for (const face of faces) {
    const region = clampRegion(face, context, 0.15);
    if (region === null) continue;
    let patch = cloneSharingPixels(context.image).extract(region);
    const side = Math.min(region.width, region.height);
    if (pixel > 0) {
      // face-pixel 100 leaves about four blocks across the face.
      const block = Math.max(2, Math.round((side / 4) * (pixel / 100)));
      const small = {
        width: Math.max(1, Math.round(region.width / block)),
        height: Math.max(1, Math.round(region.height / block)),
      };
      const reduced = await patch
        .resize(small.width, small.height, { fit: 'fill' })
        .png()
        .toBuffer();
      patch = sharp(reduced).resize(region.width, region.height, {
        fit: 'fill',
        kernel: 'nearest',
      });
    }
    if (blur > 0)
      patch = sharp(await patch.png().toBuffer()).blur(Math.max(0.3, (side / 3) * (blur / 100)));
    overlays.push({ input: await patch.png().toBuffer(), left: region.left, top: region.top });
  }
  if (overlays.length === 0) return;
  context.image = context.image.composite(overlays);
  await context.materialize();
}

/**
 * Takes the red out of the pupils: within each eye's radius, a pixel whose red clearly
 * dominates gets the mean of its green and blue.
 */
async function correctRedEye(
  context: RenderContext,
  faces: readonly DetectedFace[],
): Promise<void> {
  const eyes = faces.flatMap((face) =>
    [face.leftEye, face.rightEye]
      .filter((eye) => eye !== undefined)
      .map((eye) => ({ ...eye, radius: face.eyeRadius ?? face.box.width / 12 })),
  );
  if (eyes.length === 0) return;
  const { data, info } = await context.image.raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  for (const eye of eyes) {
    const radius = Math.max(2, eye.radius * 1.2);
    const x0 = Math.max(0, Math.floor(eye.x - radius));
    const x1 = Math.min(width - 1, Math.ceil(eye.x + radius));
    const y0 = Math.max(0, Math.floor(eye.y - radius));
    const y1 = Math.min(height - 1, Math.ceil(eye.y + radius));
    for (let y = y0; y <= y1; y += 1) {
      for (let x = x0; x <= x1; x += 1) {
        if ((x - eye.x) ** 2 + (y - eye.y) ** 2 > radius ** 2) continue;
        const index = (y * width + x) * channels;
        const red = data[index] ?? 0;
        const green = data[index + 1] ?? 0;
        const blue = data[index + 2] ?? 0;
        if (red > 80 && red > 1.6 * Math.max(green, blue)) {
          data[index] = Math.round((green + blue) / 2);
        }
      }
    }
  }
  restartFromPixels(context, data, info);
}

function clampRegion(face: DetectedFace, context: RenderContext, grow: number): Rect | null {
  const { box } = face;
  const left = Math.max(0, Math.floor(box.left - box.width * grow));
  const top = Math.max(0, Math.floor(box.top - box.height * grow));
  const right = Math.min(context.width, Math.ceil(box.left + box.width * (1 + grow)));
  const bottom = Math.min(context.height, Math.ceil(box.top + box.height * (1 + grow)));
  if (right - left < 2 || bottom - top < 2) return null;
  return { left, top, width: right - left, height: bottom - top };
}
