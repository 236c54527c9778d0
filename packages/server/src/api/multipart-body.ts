// What @fastify/multipart leaves to its caller about a multipart/form-data body (RFC 7578 over
// RFC 2046 section 5.1.1): whether the content type names a boundary at all, and whether the body
// ended with its close delimiter. It ends its parts alike for a body that closed and for one cut
// short after a whole part ("Unexpected end of multipart data" is swallowed), and busboy throws a
// bare Error for a missing boundary, which would otherwise answer 500.
import type { Readable } from 'node:stream';

/** The `boundary` parameter of a multipart content type, or null when there is none. */
export function multipartBoundary(contentType: string | undefined): string | null {
  const match = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^\s;]+))/i.exec(contentType ?? '');
  return match?.[1] ?? match?.[2] ?? null;
}

/**
 * Watches `body` for the close delimiter (`CRLF--{boundary}--`) and returns whether it has gone
 * by. Call it in the same tick as the parser starts reading `body` (no data flows before the
 * next tick), so both see every chunk.
 */
export function watchCloseDelimiter(body: Readable, boundary: string): () => boolean {
  const delimiter = Buffer.from(`\r\n--${boundary}--`);
  const carried = delimiter.length - 1;
  let tail = Buffer.alloc(0);
  let seen = false;
  body.on('data', (chunk: Buffer) => {
    if (seen) return;
    // The delimiter may straddle two chunks: look across the join as well as inside the chunk.
    const join = Buffer.concat([tail, chunk.subarray(0, carried)]);
    seen = join.includes(delimiter) || chunk.includes(delimiter);
    tail = Buffer.concat([tail, chunk.subarray(-carried)]).subarray(-carried);
  });
  return () => seen;
}
