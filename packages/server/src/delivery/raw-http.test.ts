import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { answerHitsFromSockets, parseRequestHead } from './raw-http.ts';

const head = (text: string) => Buffer.from(text, 'latin1');

describe('parseRequestHead', () => {
  it('reads one plain GET or HEAD head: lowercased names, values without optional whitespace', () => {
    expect(
      parseRequestHead(
        head(
          'GET /cat.jpg?w=300 HTTP/1.1\r\nHost: demo.localhost\r\nUser-Agent:  Browser/1 \t\r\nIf-None-Match: "a"\r\n\r\n',
        ),
      ),
    ).toEqual({
      method: 'GET',
      url: '/cat.jpg?w=300',
      headers: { host: 'demo.localhost', 'user-agent': 'Browser/1', 'if-none-match': '"a"' },
    });
    expect(
      parseRequestHead(
        head('HEAD / HTTP/1.1\r\nhost: a.localhost\r\nConnection: Keep-Alive\r\n\r\n'),
      ),
    ).toMatchObject({ method: 'HEAD', url: '/', headers: { connection: 'Keep-Alive' } });
  });

  it.each([
    ['another method', 'POST /a HTTP/1.1\r\nHost: a\r\n\r\n'],
    ['HTTP/1.0', 'GET /a HTTP/1.0\r\nHost: a\r\n\r\n'],
    ['an absolute target', 'GET http://a/b HTTP/1.1\r\nHost: a\r\n\r\n'],
    ['a space in the target', 'GET /a b HTTP/1.1\r\nHost: a\r\n\r\n'],
    ['no Host', 'GET /a HTTP/1.1\r\nAccept: */*\r\n\r\n'],
    ['an empty Host', 'GET /a HTTP/1.1\r\nHost:\r\n\r\n'],
    ['two Hosts', 'GET /a HTTP/1.1\r\nHost: a\r\nhost: b\r\n\r\n'],
    ['any repeated header', 'GET /a HTTP/1.1\r\nHost: a\r\nAccept: x\r\nAccept: y\r\n\r\n'],
    ['a body', 'GET /a HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n'],
    ['chunked', 'GET /a HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n'],
    ['Expect', 'GET /a HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\n\r\n'],
    ['Upgrade', 'GET /a HTTP/1.1\r\nHost: a\r\nUpgrade: websocket\r\n\r\n'],
    ['Connection: close', 'GET /a HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n'],
    ['a folded line', 'GET /a HTTP/1.1\r\nHost: a\r\nX-A: b\r\n c\r\n\r\n'],
    ['a control character', 'GET /a HTTP/1.1\r\nHost: a\r\nX-A: b\u0001c\r\n\r\n'],
    ['a bare LF', 'GET /a HTTP/1.1\nHost: a\r\n\r\n'],
    ['a line without a colon', 'GET /a HTTP/1.1\r\nHost: a\r\nnonsense\r\n\r\n'],
    ['a name that is no token', 'GET /a HTTP/1.1\r\nHost: a\r\nX A: b\r\n\r\n'],
    ['a name an object already has', 'GET /a HTTP/1.1\r\nHost: a\r\n__proto__: b\r\n\r\n'],
    ['half a head', 'GET /a HTTP/1.1\r\nHost: a\r\n'],
    [
      'a pipelined second request',
      'GET /a HTTP/1.1\r\nHost: a\r\n\r\nGET /b HTTP/1.1\r\nHost: a\r\n\r\n',
    ],
    ['bytes after the head', 'GET /a HTTP/1.1\r\nHost: a\r\n\r\nx'],
  ])('leaves %s to node:http', (_case, text) => {
    expect(parseRequestHead(head(text))).toBeNull();
  });

  it('leaves heads over 8 KiB to node:http', () => {
    const long = `GET /a HTTP/1.1\r\nHost: a\r\nX-Long: ${'a'.repeat(8200)}\r\n\r\n`;
    expect(parseRequestHead(head(long))).toBeNull();
  });
});

/** Reads one answer off `socket`: the head, then Content-Length bytes of body (none for HEAD). */
function readAnswer(socket: net.Socket, method = 'GET'): Promise<{ head: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return;
      const text = received.subarray(0, end).toString('latin1');
      const length = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? 0);
      const status = Number(text.split(' ')[1]);
      const bodyLength = method === 'HEAD' || status === 304 ? 0 : length;
      if (received.length < end + 4 + bodyLength) return;
      socket.removeListener('data', onData);
      socket.removeListener('error', reject);
      resolve({ head: text, body: received.subarray(end + 4, end + 4 + bodyLength) });
    };
    socket.on('data', onData);
    socket.once('error', reject);
  });
}

describe('answerHitsFromSockets', () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  /** A server whose fast path answers /hit and whose node:http listener answers the rest. */
  async function start() {
    const raw: string[] = [];
    const viaHttp: string[] = [];
    const server = http.createServer((request, response) => {
      viaHttp.push(`${request.method} ${request.url}`);
      response.end(`http ${request.url}`);
    });
    answerHitsFromSockets(server, {
      keepAliveTimeoutMs: 5000,
      answer: (request, response) => {
        if (!request.url.startsWith('/hit')) return false;
        raw.push(`${request.method} ${request.url}`);
        response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '3' });
        response.end(Buffer.from('hit'));
        return true;
      },
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    return { server, socket, raw, viaHttp };
  }

  it('answers hits on the socket, then hands the connection to node:http for good', async () => {
    const { socket, raw, viaHttp } = await start();
    const ask = async (method: string, target: string) => {
      const answer = readAnswer(socket, method);
      socket.write(`${method} ${target} HTTP/1.1\r\nHost: a.localhost\r\n\r\n`);
      return answer;
    };

    const first = await ask('GET', '/hit/1');
    expect(first.head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(first.head).toMatch(
      /\r\nDate: .+ GMT\r\nConnection: keep-alive\r\nKeep-Alive: timeout=5$/,
    );
    expect(first.body.toString()).toBe('hit');
    expect((await ask('HEAD', '/hit/2')).body.length).toBe(0);

    // A request the fast path declines goes to node:http, with the bytes already read.
    expect((await ask('GET', '/other')).body.toString()).toBe('http /other');
    expect((await ask('GET', '/hit/3')).body.toString()).toBe('http /hit/3');
    expect(raw).toEqual(['GET /hit/1', 'HEAD /hit/2']);
    expect(viaHttp).toEqual(['GET /other', 'GET /hit/3']);
    socket.destroy();
  });

  it('hands a request with a body to node:http whole', async () => {
    const { socket, viaHttp } = await start();
    const answer = readAnswer(socket);
    socket.write('POST /hit HTTP/1.1\r\nHost: a.localhost\r\nContent-Length: 5\r\n\r\nhello');
    expect((await answer).body.toString()).toBe('http /hit');
    expect(viaHttp).toEqual(['POST /hit']);
    socket.destroy();
  });

  it('closes its idle connections when the server closes', async () => {
    const { server, socket } = await start();
    const answer = readAnswer(socket);
    socket.write('GET /hit HTTP/1.1\r\nHost: a.localhost\r\n\r\n');
    await answer;
    const closed = new Promise((resolve) => socket.once('close', resolve));
    servers.splice(servers.indexOf(server), 1);
    await new Promise((resolve) => server.close(resolve));
    await closed;
  });
});
