import { pathToFileURL } from 'node:url';
import path from 'node:path';
import type { BackgroundRemovalOptions, RawImage } from '../types.ts';
import { packageDir } from './package-dir.ts';
import { toRgb } from './raw-image.ts';

/** The slice of @imgly/background-removal-node this module uses. */
interface BackgroundRemovalConfig {
  publicPath: string;
  model: 'small' | 'medium';
  output: { format: 'image/x-rgba8' };
}
interface BackgroundRemovalModule {
  removeBackground(image: Blob, config: BackgroundRemovalConfig): Promise<Blob>;
}

/**
 * ISNet 'medium' (fp16). 'small' (the quantised one) was tried and is worse on every count here:
 * chelsea.png took 15.6 s against 5.8 s (onnxruntime's int8 kernels are slow on this CPU), peak
 * RSS 1.1 GB against 0.87 GB, and the matte was no better.
 */
const model = 'medium';
/** A soft matte cut to opaque or clear at half coverage. */
const matteCut = 128;

export interface BackgroundRemover {
  removeBackground: BackgroundRemovalModule['removeBackground'];
  config: BackgroundRemovalConfig;
}

export async function loadBackgroundRemover(): Promise<BackgroundRemover> {
  const library = (await import('@imgly/background-removal-node')) as BackgroundRemovalModule;
  const config: BackgroundRemovalConfig = {
    // The package's default resolves node_modules against the working directory; point it at
    // the installed dist folder, read from disk, never the network.
    publicPath: `${pathToFileURL(path.join(packageDir('@imgly/background-removal-node'), 'dist')).href}/`,
    model,
    output: { format: 'image/x-rgba8' },
  };
  // The library creates its onnxruntime session on first use and memoises it per config: run
  // it once on a tiny image so the load is paid here, not in the first request.
  await library.removeBackground(rgbaBlob(new Uint8Array(4 * 16), 4, 4), config);
  return { removeBackground: library.removeBackground, config };
}

/**
 * The image with an alpha channel from the ISNet matte. The model separates salient foreground
 * from background and knows no classes, so `foreground: 'car'` runs the same model: a car in
 * front of its surroundings is what it segments anyway.
 */
export async function removeBackground(
  remover: BackgroundRemover,
  image: RawImage,
  options: BackgroundRemovalOptions,
): Promise<RawImage> {
  const rgb = toRgb(image);
  const pixels = rgb.width * rgb.height;
  const rgba = new Uint8Array(pixels * 4);
  for (let pixel = 0; pixel < pixels; pixel++) {
    rgba.set(rgb.data.subarray(pixel * 3, pixel * 3 + 3), pixel * 4);
    rgba[pixel * 4 + 3] = 255;
  }
  const result = await remover.removeBackground(
    rgbaBlob(rgba, rgb.width, rgb.height),
    remover.config,
  );
  const matted = new Uint8Array(await result.arrayBuffer());
  if (matted.length !== rgba.length) {
    throw new Error(`background removal returned ${matted.length} bytes for ${rgba.length}`);
  }
  for (let pixel = 0; pixel < pixels; pixel++) {
    const alpha = matted[pixel * 4 + 3] ?? 0;
    // The input's own transparency still counts: a clear pixel does not become opaque.
    const kept =
      image.channels === 4 ? Math.round((alpha * (image.data[pixel * 4 + 3] ?? 0)) / 255) : alpha;
    rgba[pixel * 4 + 3] = options.semiTransparency ? kept : kept >= matteCut ? 255 : 0;
  }
  return { data: rgba, width: rgb.width, height: rgb.height, channels: 4 };
}

/** Raw RGBA in the library's own raw format, which skips a PNG encode and decode each way. */
function rgbaBlob(rgba: Uint8Array, width: number, height: number): Blob {
  return new Blob([rgba], { type: `image/x-rgba8;width=${width};height=${height}` });
}
