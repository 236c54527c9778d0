import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as TfCore from '@tensorflow/tfjs-core';
import type * as TfLayers from '@tensorflow/tfjs-layers';
import type { RawImage, UpscaleFactor } from '../types.ts';
import { packageDir } from './package-dir.ts';
import { toRgb } from './raw-image.ts';
import { loadTfjs, type Tf } from './tfjs-runtime.ts';

const require = createRequire(import.meta.url);

/**
 * Input pixels per tile side, and the context each tile borrows from its neighbours and crops
 * away again: a 128 px tile keeps the wasm backend near 150 MB for any image size (a whole
 * 500x500 image took 688 MB), and 12 px is more than the network's receptive field needs for
 * seams not to show.
 */
const tileSide = 128;
const tileContext = 12;

export interface Upscalers {
  tf: Tf;
  load(factor: UpscaleFactor): Promise<TfLayers.LayersModel>;
}

/** ESRGAN slim (RDN) from @upscalerjs/esrgan-slim, one model per factor, each loaded on demand. */
export async function loadUpscalers(): Promise<Upscalers> {
  const tf = await loadTfjs();
  const layers = require('@tensorflow/tfjs-layers') as typeof TfLayers;
  const modelsDir = path.join(packageDir('@upscalerjs/esrgan-slim'), 'models');
  const models = new Map<UpscaleFactor, Promise<TfLayers.LayersModel>>();
  return {
    tf,
    load(factor) {
      let model = models.get(factor);
      if (!model) {
        const modelFile = path.join(modelsDir, `x${factor}`, 'model.json');
        model = layers.loadLayersModel(pathToFileURL(modelFile).href);
        models.set(factor, model);
      }
      return model;
    },
  };
}

/** The image `factor` times larger, tile by tile; values in and out of the model are 0-255. */
export async function upscale(
  upscalers: Upscalers,
  image: RawImage,
  factor: UpscaleFactor,
): Promise<RawImage> {
  const { tf } = upscalers;
  const model = await upscalers.load(factor);
  const rgb = toRgb(image);
  const width = rgb.width * factor;
  const height = rgb.height * factor;
  const output = new Uint8Array(width * height * 3);
  for (let top = 0; top < rgb.height; top += tileSide) {
    for (let left = 0; left < rgb.width; left += tileSide) {
      const core = {
        left,
        top,
        width: Math.min(tileSide, rgb.width - left),
        height: Math.min(tileSide, rgb.height - top),
      };
      const padded = {
        left: Math.max(0, left - tileContext),
        top: Math.max(0, top - tileContext),
        right: Math.min(rgb.width, left + core.width + tileContext),
        bottom: Math.min(rgb.height, top + core.height + tileContext),
      };
      const tileWidth = padded.right - padded.left;
      const tileHeight = padded.bottom - padded.top;
      const pixels = tf.tidy(() => {
        const input = tf.tensor4d(cutTile(rgb, padded.left, padded.top, tileWidth, tileHeight), [
          1,
          tileHeight,
          tileWidth,
          3,
        ]);
        const result = model.predict(input) as TfCore.Tensor4D;
        return tf.round(tf.clipByValue(result, 0, 255));
      });
      const values = await pixels.data();
      pixels.dispose();
      pasteCore(output, width, values, tileWidth * factor, {
        fromLeft: (core.left - padded.left) * factor,
        fromTop: (core.top - padded.top) * factor,
        toLeft: core.left * factor,
        toTop: core.top * factor,
        width: core.width * factor,
        height: core.height * factor,
      });
    }
  }
  return { data: output, width, height, channels: 3 };
}

function cutTile(
  image: RawImage,
  left: number,
  top: number,
  width: number,
  height: number,
): Float32Array {
  const tile = new Float32Array(width * height * 3);
  for (let row = 0; row < height; row++) {
    const start = ((top + row) * image.width + left) * 3;
    tile.set(image.data.subarray(start, start + width * 3), row * width * 3);
  }
  return tile;
}

function pasteCore(
  output: Uint8Array,
  outputWidth: number,
  tile: ArrayLike<number>,
  tileWidth: number,
  region: {
    fromLeft: number;
    fromTop: number;
    toLeft: number;
    toTop: number;
    width: number;
    height: number;
  },
): void {
  for (let row = 0; row < region.height; row++) {
    const from = ((region.fromTop + row) * tileWidth + region.fromLeft) * 3;
    const to = ((region.toTop + row) * outputWidth + region.toLeft) * 3;
    for (let offset = 0; offset < region.width * 3; offset++) {
      output[to + offset] = tile[from + offset] ?? 0;
    }
  }
}
