// The entry of a render worker thread (workers/pool.ts): runs one task at a time and answers
// on its port, transferring the buffers it returns.
import { parentPort } from 'node:worker_threads';
import { RenderError } from '../pipeline/context.ts';
import { TASKS, type TaskMessage, type TaskReply } from './tasks.ts';
import { lowerThisThread } from './thread-priority.ts';

const port = parentPort;
if (port === null) throw new Error('worker-main.ts runs only as a worker thread.');
// Render work runs below the event loop (thread-priority.ts).
lowerThisThread();

port.on('message', ({ name, input }: TaskMessage) => {
  let reply: TaskReply;
  const transfer: ArrayBuffer[] = [];
  try {
    const run = TASKS[name] as (input: unknown) => unknown;
    const output = run(input);
    // Pixels go back moved, whether they are the answer or a field of it.
    const values = output instanceof Uint8Array ? [output] : Object.values(output ?? {});
    for (const value of values) {
      if (value instanceof Uint8Array && value.buffer instanceof ArrayBuffer) {
        transfer.push(value.buffer);
      }
    }
    reply = { ok: true, output };
  } catch (error) {
    reply =
      error instanceof RenderError
        ? { ok: false, message: error.message, status: error.status, name: error.name }
        : { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply, transfer);
});
