// Small HTTP and TCP servers on loopback for the origin tests: web folders, redirects, servers
// that stall or stop short, and the canary that must never be reached.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TestHttpServer {
  url: string;
  port: number;
  /** Requests received so far. */
  requests: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders }>;
  close(): Promise<void>;
}

/** Starts an HTTP server on `host` (127.0.0.1 unless told) and a free port. */
export async function startHttpServer(
  handler: http.RequestListener,
  host = '127.0.0.1',
  port = 0,
): Promise<TestHttpServer> {
  const requests: TestHttpServer['requests'] = [];
  const server = http.createServer((request, response) => {
    requests.push({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
    });
    handler(request, response);
  });
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface Canary {
  host: string;
  port: number;
  /** Connections accepted so far: the hostile-target tests expect zero. */
  connections(): number;
  close(): Promise<void>;
}

/** A TCP listener that counts every connection it receives and answers nothing. */
export async function startCanary(host = '127.0.0.1', port = 0): Promise<Canary> {
  let count = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    count += 1;
    sockets.add(socket);
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    host,
    port: (server.address() as AddressInfo).port,
    connections: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A free TCP port on loopback (for servers that must be told their port up front). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
