// The server process as main.ts starts it (serve.ts), with AI models that stand in for the real
// ones so a test controls how long an AI render takes: STAND_IN_MODEL_DELAY_MS holds each
// background removal that long (a job in hand for as long as a test needs). The real models are
// tested in packages/render. STAND_IN_FAULTS=1 also raises an exception and a rejection nobody
// handles once the server listens, as a bug in any module would.
import type { AiModels, RawImage } from '@darkroom/render';
import { loadConfig } from '../../src/config.ts';
import { serve } from '../../src/serve.ts';

const delayMs = Number(process.env.STAND_IN_MODEL_DELAY_MS ?? '0');

/** The image with an opaque alpha channel added: a background removal that keeps everything. */
function withOpaqueAlpha(image: RawImage): RawImage {
  const pixels = image.width * image.height;
  const data = new Uint8Array(pixels * 4);
  for (let pixel = 0; pixel < pixels; pixel += 1) {
    data.set(image.data.subarray(pixel * image.channels, pixel * image.channels + 3), pixel * 4);
    data[pixel * 4 + 3] = 255;
  }
  return { data, width: image.width, height: image.height, channels: 4 };
}

/** Nearest-neighbour enlargement, 3 channels. */
function enlarged(image: RawImage, factor: number): RawImage {
  const width = image.width * factor;
  const height = image.height * factor;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const from = (Math.floor(y / factor) * image.width + Math.floor(x / factor)) * image.channels;
      data.set(image.data.subarray(from, from + 3), (y * width + x) * 3);
    }
  }
  return { data, width, height, channels: 3 };
}

const models: AiModels = {
  async removeBackground(image) {
    console.info(JSON.stringify({ msg: 'stand-in background removal started' }));
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return withOpaqueAlpha(image);
  },
  async upscale(image, factor) {
    return enlarged(image, factor);
  },
  async inpaint(image) {
    return image;
  },
  async detect() {
    return { faces: [], labels: [] };
  },
};

await serve(loadConfig(process.env), { aiModels: { detector: models, premium: models } });

if (process.env.STAND_IN_FAULTS === '1') {
  setTimeout(() => {
    throw new Error('a stray exception');
  });
  void Promise.reject(new Error('a stray rejection'));
}
