// A client that begins a request body and then sends nothing would hold its connection, the
// handler and (for an upload) a file being written until REQUEST_TIMEOUT_MS, minutes later. No
// honest client pauses that long between two chunks of a body it is sending: past
// BODY_IDLE_TIMEOUT_MS of silence the connection is closed (RFC 9112 section 9.6 lets a server
// close a connection it no longer waits on), the handler's streams fail, and an upload keeps
// nothing of it (storage/managed.ts stages it under a temporary name).
import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Whether the request announces a body (RFC 9112 section 6.3: a length, or chunked coding). */
export function announcesBody(raw: IncomingMessage): boolean {
  const length = raw.headers['content-length'];
  if (length !== undefined) return length !== '0';
  return raw.headers['transfer-encoding'] !== undefined;
}

/** Closes the connection of a request whose body has sent nothing for `idleMs`. */
export function registerBodyIdleTimeout(app: FastifyInstance, idleMs: number): void {
  app.addHook('onRequest', async (request) => {
    const raw = request.raw;
    // Only a connection can fall silent (app.inject's requests have no socket of their own).
    if (!(raw.socket instanceof Socket) || !announcesBody(raw)) return;
    // The socket's inactivity timer, for as long as the body is arriving; node:http restores its
    // own timers (keep-alive) once the answer is sent.
    raw.setTimeout(idleMs, () => {
      request.log.info({ idleMs }, 'the request body stopped arriving: connection closed');
      raw.socket.destroy();
    });
    raw.once('end', () => raw.socket.setTimeout(0));
  });
}
