import type { Rect, Size } from '@darkroom/core';
import sharp from 'sharp';
import type {
  AiModels,
  BackgroundRemovalOptions,
  DetectedFace,
  DetectedLabel,
  RawImage,
} from '../ai/types.ts';

interface FakeAiCalls {
  removeBackground: number;
  backgroundOptions: BackgroundRemovalOptions[];
  upscale: number[];
  inpaint: Rect[][];
  detect: number;
}

export interface FakeAi {
  models: AiModels;
  calls: FakeAiCalls;
}

/**
 * Models that do something simple and exact, for testing the pipeline around them: background
 * removal clears every pixel that is not mostly red, upscale is a cubic resize, inpainting
 * paints the boxes grey, and detection reports the faces and labelled objects it was given (in
 * the pixels of a `faceSpace`-sized image, scaled to whatever size it is asked about). `fail`
 * makes a method throw.
 */
export function fakeAi(
  options: {
    faces?: DetectedFace[];
    labels?: DetectedLabel[];
    faceSpace?: Size;
    fail?: readonly (keyof AiModels)[];
  } = {},
): FakeAi {
  const calls: FakeAiCalls = {
    removeBackground: 0,
    backgroundOptions: [],
    upscale: [],
    inpaint: [],
    detect: 0,
  };
  const failing = (name: keyof AiModels) => {
    if (options.fail?.includes(name)) throw new Error(`the ${name} model is out of order`);
  };
  const models: AiModels = {
    async removeBackground(image, backgroundOptions) {
      calls.removeBackground += 1;
      calls.backgroundOptions.push(backgroundOptions);
      failing('removeBackground');
      const data = new Uint8Array(image.width * image.height * 4);
      for (let pixel = 0; pixel < image.width * image.height; pixel += 1) {
        const source = pixel * image.channels;
        const red = image.data[source] ?? 0;
        const green = image.data[source + 1] ?? 0;
        const blue = image.data[source + 2] ?? 0;
        data.set([red, green, blue, red > 128 && red > green + 60 ? 255 : 0], pixel * 4);
      }
      return { data, width: image.width, height: image.height, channels: 4 };
    },
    async upscale(image, factor) {
      calls.upscale.push(factor);
      failing('upscale');
      const data = await sharp(image.data, { raw: rawOf(image) })
        .resize(image.width * factor, image.height * factor, { kernel: 'cubic' })
        .raw()
        .toBuffer();
      return { data, width: image.width * factor, height: image.height * factor, channels: 3 };
    },
    async inpaint(image, boxes) {
      calls.inpaint.push([...boxes]);
      failing('inpaint');
      const data = Uint8Array.from(image.data);
      for (const box of boxes) {
        for (let y = box.top; y < box.top + box.height; y += 1) {
          for (let x = box.left; x < box.left + box.width; x += 1) {
            const index = (y * image.width + x) * image.channels;
            data.fill(128, index, index + 3);
          }
        }
      }
      return { ...image, data };
    },
    async detect(image, detectOptions) {
      calls.detect += 1;
      failing('detect');
      const space = options.faceSpace ?? { width: image.width, height: image.height };
      const sx = image.width / space.width;
      const sy = image.height / space.height;
      const faces = (options.faces ?? []).map((face) => ({
        ...face,
        box: {
          left: face.box.left * sx,
          top: face.box.top * sy,
          width: face.box.width * sx,
          height: face.box.height * sy,
        },
        ...(face.leftEye && { leftEye: { x: face.leftEye.x * sx, y: face.leftEye.y * sy } }),
        ...(face.rightEye && { rightEye: { x: face.rightEye.x * sx, y: face.rightEye.y * sy } }),
      }));
      const scaleBox = (box: Rect): Rect => ({
        left: box.left * sx,
        top: box.top * sy,
        width: box.width * sx,
        height: box.height * sy,
      });
      const labels = (options.labels ?? []).map((label) => ({
        ...label,
        box: scaleBox(label.box),
      }));
      return { faces, labels: detectOptions.labels ? labels : [] };
    },
  };
  return { models, calls };
}

function rawOf(image: RawImage) {
  return { width: image.width, height: image.height, channels: image.channels };
}
