// The AI worker process: loads the models on first use and answers the server's calls over the
// IPC channel, one at a time (the models are CPU-bound and not re-entrant). It exits with its
// parent, so a crashed or killed server never leaves a model process behind.
import { createLocalAiModels } from '../models/index.ts';
import { lowerThisThread } from '../../workers/thread-priority.ts';
import type { RawImage } from '../types.ts';
import { AI_METHODS, type AiCall, type AiReply } from './protocol.ts';

// Before the models start their threads, which inherit it: inference runs below the server's
// event loop (workers/thread-priority.ts).
lowerThisThread();
const models = createLocalAiModels();
let queue: Promise<void> = Promise.resolve();

function reply(message: AiReply): void {
  process.send?.(message);
}

async function answer(call: AiCall): Promise<void> {
  if (!AI_METHODS.includes(call.method)) {
    reply({ id: call.id, ok: false, message: `Unknown AI operation ${String(call.method)}.` });
    return;
  }
  const problem = imageProblem(call.args[0]);
  if (problem !== null) {
    reply({ id: call.id, ok: false, message: problem });
    return;
  }
  try {
    const method = models[call.method] as (...args: unknown[]) => Promise<unknown>;
    const result = await method.apply(models, call.args);
    reply({ id: call.id, ok: true, result });
  } catch (error) {
    reply({
      id: call.id,
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    });
  }
}

/** Every call's first argument is an image: one whose pixels do not add up never reaches a model. */
function imageProblem(value: unknown): string | null {
  const image = value as Partial<RawImage> | null;
  if (
    image === null ||
    typeof image !== 'object' ||
    !(image.data instanceof Uint8Array) ||
    !Number.isInteger(image.width) ||
    !Number.isInteger(image.height) ||
    (image.channels !== 3 && image.channels !== 4)
  ) {
    return 'The AI operation was given something that is not an image.';
  }
  const { width = 0, height = 0, channels } = image;
  if (width < 1 || height < 1 || image.data.length !== width * height * channels) {
    return `The image's ${image.data.length} bytes do not make ${width} x ${height} pixels of ${channels} channels.`;
  }
  return null;
}

process.on('message', (call: AiCall) => {
  queue = queue.then(() => answer(call));
});
process.on('disconnect', () => process.exit(0));
