import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as TfCore from '@tensorflow/tfjs-core';
import type * as TfWasm from '@tensorflow/tfjs-backend-wasm';

export type Tf = typeof TfCore;

const require = createRequire(import.meta.url);
let runtime: Promise<Tf> | undefined;

/**
 * The one TensorFlow.js instance of the process, on the wasm backend (it installs offline, unlike
 * tfjs-node). Loaded through `require` because @vladmandic/human requires the same CommonJS
 * builds: a second, ESM-loaded tfjs-core would have its own engine and no wasm kernels.
 */
export function loadTfjs(): Promise<Tf> {
  runtime ??= startTfjs();
  return runtime;
}

async function startTfjs(): Promise<Tf> {
  const tf = require('@tensorflow/tfjs-core') as Tf;
  const wasm = require('@tensorflow/tfjs-backend-wasm') as typeof TfWasm;
  // The package's main file lives in dist/, beside the .wasm binaries.
  wasm.setWasmPaths(`${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}/`);
  await tf.setBackend('wasm');
  await tf.ready();
  // Model loaders fetch their URLs, and Node's fetch cannot read file:// ones.
  tf.io.registerLoadRouter(fileRouter(tf));
  return tf;
}

/** tfjs's router type leaves out the null a router returns for URLs it does not handle. */
type LoadRouter = (url: string | string[]) => TfCore.io.IOHandler | null;

function fileRouter(tf: Tf): Parameters<Tf['io']['registerLoadRouter']>[0] {
  const router: LoadRouter = (url) =>
    typeof url === 'string' && url.startsWith('file://') ? fileModelHandler(tf, url) : null;
  return router as Parameters<Tf['io']['registerLoadRouter']>[0];
}

function fileModelHandler(tf: Tf, url: string): TfCore.io.IOHandler {
  const modelPath = fileURLToPath(url);
  return {
    async load() {
      const modelJson = JSON.parse(await readFile(modelPath, 'utf8')) as TfCore.io.ModelJSON;
      return tf.io.getModelArtifactsForJSON(modelJson, async (manifest) => {
        const shards = manifest.flatMap((group) =>
          group.paths.map((shard) => path.join(path.dirname(modelPath), shard)),
        );
        const buffers = await Promise.all(shards.map(readArrayBuffer));
        return [tf.io.getWeightSpecs(manifest), tf.io.concatenateArrayBuffers(buffers)];
      });
    },
  };
}

async function readArrayBuffer(file: string): Promise<ArrayBuffer> {
  const bytes = await readFile(file);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
