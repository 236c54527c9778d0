// Cache hits on keep-alive connections answered straight from the socket (the cache-hit budget of
// `npm run bench`: over 20,000 hits a second from one process). On two cores node:http itself tops
// out near 20,000 answers a second however little the handler does: the parser's JavaScript
// callbacks, IncomingMessage and ServerResponse cost more than finding and writing a cached render.
// So a connection starts here: a read that holds exactly one plain GET or HEAD request head is
// parsed and offered to the fast path, and the answer is written as one buffer. The first read that
// is anything else (a partial or pipelined request, a body, an upgrade, a repeated header,
// HTTP/1.0, Connection: close, any byte this parser does not expect) or that the fast path declines
// hands the connection to node:http for good, with that read put back in front of its parser. The
// parser is strict on purpose: whatever it does not understand, node:http answers.
import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';

/** What a fast-path answer writes to: ServerResponse has it, and so has RawResponse. */
export interface HitResponse {
  /** Adds a header of this answer alone (its X-Request-Id) to those writeHead is given. */
  setHeader(name: string, value: string): unknown;
  writeHead(status: number, headers: Readonly<Record<string, string>>): unknown;
  end(body?: Buffer): unknown;
  readonly headersSent: boolean;
  /** The status written (for the request log). */
  readonly statusCode: number;
}

export interface RawRequest {
  method: 'GET' | 'HEAD';
  /** The request target exactly as sent (origin form). */
  url: string;
  /** Lowercased names; each appears once (a repeated header hands the connection over). */
  headers: Record<string, string>;
}

/** Longer heads go to node:http, whose limit (16 KiB) and 431 answer apply. */
const MAX_HEAD_BYTES = 8192;
const REQUEST_LINE = /^(GET|HEAD) (\/[\x21-\x7e]*) HTTP\/1\.1$/;
/** RFC 9110 5.1: a header name is a token. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// Control characters but tab may not appear in a value; a parser of raw bytes has to name them.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0a-\x1f\x7f]/;
/** Headers that give a request a body, change the connection or ask for an interim answer. */
const HANDED_OVER_HEADERS: ReadonlySet<string> = new Set([
  'content-length',
  'transfer-encoding',
  'expect',
  'upgrade',
  'http2-settings',
]);
const CR = 13;
const LF = 10;
const SPACE = 32;
const TAB = 9;

/** RFC 9110 5.6.3: the whitespace around a value is spaces and tabs (String.trim takes more). */
function withoutOptionalWhitespace(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && isOptionalWhitespace(value.charCodeAt(start))) start += 1;
  while (end > start && isOptionalWhitespace(value.charCodeAt(end - 1))) end -= 1;
  return start === 0 && end === value.length ? value : value.slice(start, end);
}

function isOptionalWhitespace(code: number): boolean {
  return code === SPACE || code === TAB;
}

/**
 * The request in `chunk` when it is exactly one complete, plain GET or HEAD head; null for
 * anything else, which node:http then parses. Runs on every hit: a scan with indexOf, no
 * backtracking pattern over the header values.
 */
export function parseRequestHead(chunk: Buffer): RawRequest | null {
  const length = chunk.length;
  if (length > MAX_HEAD_BYTES || length < 4) return null;
  if (chunk[length - 4] !== CR || chunk[length - 3] !== LF) return null;
  if (chunk[length - 2] !== CR || chunk[length - 1] !== LF) return null;
  // The head must end exactly where the read ends: bytes after it (a pipelined request, a body)
  // are node:http's to handle.
  const text = chunk.toString('latin1');
  const headEnd = length - 4;
  if (text.indexOf('\r\n\r\n') !== headEnd) return null;
  let lineEnd = text.indexOf('\r\n');
  const requestLine = REQUEST_LINE.exec(text.slice(0, lineEnd));
  if (requestLine === null) return null;
  // A literal, not Object.create(null): V8 keeps it fast. Names an Object has already ('__proto__',
  // 'constructor', ...) are in it from the start and hand the request over below.
  const headers: Record<string, string> = {};
  while (lineEnd < headEnd) {
    const lineStart = lineEnd + 2;
    lineEnd = text.indexOf('\r\n', lineStart);
    const colon = text.indexOf(':', lineStart);
    if (colon === -1 || colon > lineEnd) return null;
    const written = text.slice(lineStart, colon);
    if (!TOKEN.test(written)) return null;
    const value = text.slice(colon + 1, lineEnd);
    if (CONTROL.test(value)) return null;
    const name = written.toLowerCase();
    if (name in headers || HANDED_OVER_HEADERS.has(name)) return null;
    headers[name] = withoutOptionalWhitespace(value);
  }
  if (headers.host === undefined || headers.host === '') return null;
  const connection = headers.connection;
  if (connection !== undefined && connection.toLowerCase() !== 'keep-alive') return null;
  return { method: requestLine[1] as 'GET' | 'HEAD', url: requestLine[2] ?? '/', headers };
}

let dateSecond = -1;
let dateText = '';

/** The Date header's value, made once a second (RFC 9110 6.6.1: an origin server sends one). */
function httpDate(): string {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateText = new Date(now).toUTCString();
  }
  return dateText;
}

/** Serialised header blocks per headers object: a hit's headers are built once and reused. */
const headerBlocks = new WeakMap<object, string>();

function headerBlock(headers: Readonly<Record<string, string>>): string {
  const cached = headerBlocks.get(headers);
  if (cached !== undefined) return cached;
  let block = '';
  for (const [name, value] of Object.entries(headers)) {
    // Values come from the server's own answers; one that could split the head is refused the
    // way node:http refuses it, before anything is written.
    if (!TOKEN.test(name) || /[\r\n\0]/.test(value)) {
      throw new TypeError(`Invalid character in header "${name}"`);
    }
    block += `${name}: ${value}\r\n`;
  }
  headerBlocks.set(headers, block);
  return block;
}

/** An answer written to the socket as one buffer: status line, headers, Date, keep-alive. */
class RawResponse implements HitResponse {
  readonly #socket: Socket;
  readonly #keepAlive: string;
  #status = 0;
  #headers: Readonly<Record<string, string>> | null = null;
  /** Header lines of this answer alone (setHeader), after the ready-made block of #headers. */
  #ownLines = '';
  #ended = false;

  constructor(socket: Socket, keepAliveSeconds: number) {
    this.#socket = socket;
    this.#keepAlive = `Connection: keep-alive\r\nKeep-Alive: timeout=${keepAliveSeconds}\r\n`;
  }

  get headersSent(): boolean {
    return this.#ended;
  }

  get statusCode(): number {
    return this.#status;
  }

  setHeader(name: string, value: string): this {
    // Refused as node:http refuses it, before anything is written.
    if (!TOKEN.test(name) || /[\r\n\0]/.test(value)) {
      throw new TypeError(`Invalid character in header "${name}"`);
    }
    this.#ownLines += `${name}: ${value}\r\n`;
    return this;
  }

  writeHead(status: number, headers: Readonly<Record<string, string>>): this {
    this.#status = status;
    this.#headers = headers;
    // Checked now, like ServerResponse.writeHead, so a bad header throws before any byte goes.
    headerBlock(headers);
    return this;
  }

  end(body?: Buffer): this {
    const headers = this.#headers;
    if (headers === null || this.#ended) throw new Error('RawResponse.end before writeHead');
    const length =
      body !== undefined && headers['content-length'] === undefined
        ? `content-length: ${body.length}\r\n`
        : '';
    const head =
      `HTTP/1.1 ${this.#status} ${STATUS_CODES[this.#status] ?? ''}\r\n` +
      `${headerBlock(headers)}${this.#ownLines}${length}Date: ${httpDate()}\r\n${this.#keepAlive}\r\n`;
    this.#ended = true;
    const socket = this.#socket;
    socket.cork();
    socket.write(head, 'latin1');
    if (body !== undefined && body.length > 0) socket.write(body);
    socket.uncork();
    return this;
  }
}

export interface RawConnectionOptions {
  /** How long an idle keep-alive connection stays open (node:http's keepAliveTimeout). */
  keepAliveTimeoutMs: number;
  /**
   * Answers `request` on `response` and returns true, or returns false having written nothing.
   * It should not throw (the fast path catches and logs its own faults); if it does, the
   * connection goes to node:http unless an answer was already written.
   */
  answer: (request: RawRequest, response: RawResponse, socket: Socket) => boolean;
}

/**
 * Makes `server` offer each new connection's reads to `options.answer` before node:http sees
 * them (module comment). Connections answered here are closed with node:http's idle ones.
 */
export function answerHitsFromSockets(server: Server, options: RawConnectionOptions): void {
  // node:http's own connection listener, which attaches its parser; it runs at hand-over.
  const httpListeners = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  const rawSockets = new Set<Socket>();
  const keepAliveSeconds = Math.round(options.keepAliveTimeoutMs / 1000);

  server.on('connection', (socket: Socket) => {
    rawSockets.add(socket);
    const handOver = (chunk: Buffer) => {
      rawSockets.delete(socket);
      socket.removeListener('data', onData);
      socket.removeListener('error', onError);
      socket.removeListener('timeout', onTimeout);
      socket.removeListener('close', onClose);
      socket.setTimeout(0);
      socket.pause();
      socket.unshift(chunk);
      for (const listener of httpListeners) listener.call(server, socket);
      socket.resume();
    };
    const onData = (chunk: Buffer) => {
      // The last answer is still being written (the client sent again before reading all of it,
      // or the write just has not completed yet): read nothing more until it has gone.
      if (socket.writableNeedDrain) {
        socket.pause();
        socket.once('drain', () => {
          socket.resume();
          onData(chunk);
        });
        return;
      }
      const request = parseRequestHead(chunk);
      if (request === null) {
        handOver(chunk);
        return;
      }
      const response = new RawResponse(socket, keepAliveSeconds);
      try {
        if (options.answer(request, response, socket)) return;
      } catch {
        // Declined, unless it got as far as writing (then the connection carries on here).
      }
      if (!response.headersSent) handOver(chunk);
    };
    const onError = () => socket.destroy();
    const onTimeout = () => socket.destroy();
    const onClose = () => rawSockets.delete(socket);
    socket.on('data', onData);
    socket.on('error', onError);
    socket.on('timeout', onTimeout);
    socket.on('close', onClose);
    if (options.keepAliveTimeoutMs > 0) socket.setTimeout(options.keepAliveTimeoutMs);
  });

  // Between reads a connection answered here is idle: closing the server closes it too.
  const closeIdle = server.closeIdleConnections.bind(server);
  const closeAll = server.closeAllConnections.bind(server);
  const destroyRaw = () => {
    for (const socket of rawSockets) socket.destroy();
    rawSockets.clear();
  };
  server.closeIdleConnections = () => {
    destroyRaw();
    closeIdle();
  };
  server.closeAllConnections = () => {
    destroyRaw();
    closeAll();
  };
}
