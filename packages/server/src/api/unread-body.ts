// An answer sent before its request's body was read (a refusal on the headers alone, a body
// over the limit) must still reach the client. node:http closes a `Connection: close` socket
// once the answer is written, and closing a socket with bytes still arriving makes the kernel
// reset the connection: the client, still sending, gets EPIPE or ECONNRESET and often never
// reads the answer. RFC 9112 section 9.6 asks a server to keep reading in that case (a
// "lingering close"); here the rest of the body is read and discarded before the answer goes
// out, within a cap of bytes and of time, past which the connection is closed as before.
import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { announcesBody } from './body-idle.ts';

/** The most of an unread body read and discarded so that its answer arrives. */
const DRAIN_MAX_BYTES = 16 * 1024 * 1024;
/** The longest an answer waits for the rest of its body. */
const DRAIN_MAX_MS = 2_000;

/** Whether the request's body is still arriving with nothing reading it. */
function unreadBody(raw: IncomingMessage): boolean {
  if (raw.complete || raw.readableEnded || raw.destroyed) return false;
  if (!(raw.socket instanceof Socket) || !announcesBody(raw)) return false;
  // A body piped somewhere (an upload being written) is its reader's to finish or abandon.
  if (raw.listenerCount('data') > 0 || raw.readableFlowing === true) return false;
  const announced = Number(raw.headers['content-length'] ?? Number.NaN);
  return !(announced > DRAIN_MAX_BYTES);
}

/** Reads and discards the rest of `raw`: until its end, an error, the byte cap or the time cap. */
function drain(raw: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    let bytes = 0;
    const stop = () => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', stop).off('error', stop).off('close', stop);
      raw.pause();
      resolve();
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > DRAIN_MAX_BYTES) stop();
    };
    const timer = setTimeout(stop, DRAIN_MAX_MS);
    raw.on('data', onData).once('end', stop).once('error', stop).once('close', stop);
    raw.resume();
  });
}

/** Reads what is left of a request's body before its answer is sent. */
export function registerUnreadBodyDrain(app: FastifyInstance): void {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (unreadBody(request.raw)) await drain(request.raw);
    return payload;
  });
}
