import type { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Bytes copied between two turns of the event loop when chunks are joined. Copying tens of
 * megabytes in one go holds the loop for tens of milliseconds (the hostile-input battery's
 * profiles, `npm run battery -- --only=files`), and `/healthz` must answer within 100 ms while
 * renders run (platform budget).
 */
const BYTES_PER_TURN = 4 * 1024 * 1024;

/**
 * Joins chunks into one buffer, as `Buffer.concat` does, but yields to the event loop between
 * slices of {@link BYTES_PER_TURN} so other requests are served while a large body is joined.
 */
export async function joinChunks(chunks: readonly Buffer[]): Promise<Buffer> {
  // A body read in one go arrives as one chunk: nothing to copy.
  if (chunks.length === 1 && chunks[0] !== undefined) return chunks[0];
  let total = 0;
  for (const chunk of chunks) total += chunk.length;
  const joined = Buffer.allocUnsafe(total);
  let offset = 0;
  let sinceTurn = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.length;
    sinceTurn += chunk.length;
    if (sinceTurn >= BYTES_PER_TURN) {
      sinceTurn = 0;
      await nextTurn();
    }
  }
  return joined;
}

/**
 * Reads a stream to its end into one buffer. Storage adapters' streams error (never end early and
 * cleanly) at their byte cap or a cut-off, so what comes back is the whole object.
 */
export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer>) chunks.push(chunk);
  return joinChunks(chunks);
}
