// One HTTP/1.1 request written byte for byte on a fresh socket: hostile requests are often not
// what an HTTP client library would agree to send (bad percent-encoding, a body cut short, a
// closing boundary in the packet of the headers, an upload that stops sending).
import net from 'node:net';
import { performance } from 'node:perf_hooks';

/** How the request's bytes go out after the head. */
export type SendMode =
  /** Head and body in one write: on loopback, one packet. */
  | 'whole'
  /** The head, a pause, then the body. */
  | 'split'
  /** Head and body, then nothing more, the socket kept open: the server must time it out. */
  | 'stall'
  /** Head and body, then the socket destroyed: the server sees the client vanish. */
  | 'abort';

export interface RawRequest {
  method: string;
  /** The request target exactly as it goes on the wire. */
  target: string;
  headers: Record<string, string>;
  body?: Buffer | null;
  /** Content-Length to announce; the body's length unless given (null: none). */
  contentLength?: number | null;
  mode?: SendMode;
}

export interface RawAnswer {
  /** The status code, or null when none came. */
  status: number | null;
  /**
   * `answered`: a status line came; `timeout`: nothing within the deadline; `closed`: the server
   * closed or reset the connection without answering; `aborted`: the client hung up on purpose.
   */
  outcome: 'answered' | 'timeout' | 'closed' | 'aborted';
  /** Milliseconds until the status line (or the outcome). */
  ms: number;
  /** The start of the answer's body, for the report. */
  excerpt: string;
}

/** The bytes of a request head with `Connection: close`. */
export function requestHead(request: RawRequest): Buffer {
  const body = request.body ?? null;
  const length =
    request.contentLength === undefined
      ? body === null
        ? null
        : body.length
      : request.contentLength;
  const lines = [`${request.method} ${request.target} HTTP/1.1`];
  for (const [name, value] of Object.entries(request.headers)) lines.push(`${name}: ${value}`);
  if (length !== null) lines.push(`Content-Length: ${length}`);
  lines.push('Connection: close', '', '');
  return Buffer.from(lines.join('\r\n'), 'latin1');
}

/** The start of an answer's body when it is text; its media type when it is not (an image). */
function excerptOf(received: Buffer): string {
  const headEnd = received.indexOf('\r\n\r\n');
  if (headEnd === -1) return '';
  const head = received.toString('latin1', 0, headEnd);
  const type = /^content-type:\s*([^\r\n;]+)/im.exec(head)?.[1]?.trim() ?? '';
  if (type !== '' && !/^text\/|json|xml/.test(type)) return `[${type} body]`;
  const body = received.subarray(headEnd + 4, headEnd + 404);
  return body.toString('utf8').replace(/\s+/g, ' ').trim();
}

/**
 * Sends one request to 127.0.0.1:`port` and waits for the answer's status line, then for the
 * server to close, at most `deadlineMs` in all.
 */
export function sendRaw(port: number, request: RawRequest, deadlineMs: number): Promise<RawAnswer> {
  const started = performance.now();
  const head = requestHead(request);
  const body = request.body ?? Buffer.alloc(0);
  const mode = request.mode ?? 'whole';
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let received = Buffer.alloc(0);
    let status: number | null = null;
    let statusAt = 0;
    let settled = false;
    const finish = (outcome: RawAnswer['outcome']) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      socket.destroy();
      resolve({
        status,
        outcome: status === null ? outcome : 'answered',
        ms: (status === null ? performance.now() : statusAt) - started,
        excerpt: excerptOf(received),
      });
    };
    const deadline = setTimeout(() => finish('timeout'), deadlineMs);
    socket.on('data', (chunk: Buffer) => {
      // Keep the head and the start of the body; the rest only needs reading.
      if (received.length < 8192) received = Buffer.concat([received, chunk]);
      if (status === null) {
        const match = /^HTTP\/1\.[01] (\d{3})/.exec(received.toString('latin1', 0, 64));
        if (match) {
          status = Number(match[1]);
          statusAt = performance.now();
        }
      }
    });
    socket.on('end', () => finish('closed'));
    socket.on('close', () => finish('closed'));
    // A server that answers before reading the whole body may reset the rest of the upload.
    socket.on('error', () => finish('closed'));
    socket.once('connect', () => {
      if (mode === 'whole') {
        socket.write(Buffer.concat([head, body]));
      } else if (mode === 'split') {
        socket.write(head);
        setTimeout(() => {
          if (!socket.destroyed) socket.write(body);
        }, 50);
      } else {
        socket.write(Buffer.concat([head, body]));
        if (mode === 'abort') setTimeout(() => finish('aborted'), 50);
      }
    });
  });
}
