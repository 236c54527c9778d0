import type { Readable } from 'node:stream';

/**
 * Reads a stream to its end into one buffer. Storage adapters' streams error (never end early and
 * cleanly) at their byte cap or a cut-off, so what comes back is the whole object.
 */
export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer>) chunks.push(chunk);
  // Buffer.concat copies even a single chunk, which a file read in one go arrives as.
  return chunks.length === 1 && chunks[0] !== undefined ? chunks[0] : Buffer.concat(chunks);
}
