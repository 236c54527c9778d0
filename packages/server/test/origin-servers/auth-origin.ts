// A loopback web folder that demands one origin authentication scheme, as a customer's server
// would: Basic authentication, a custom header, or the per-request signature, which it checks
// with its own reading of docs/origin-authentication.md (the values as they arrive on the wire:
// the method, the Host header and the request target), not with the server's code.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import { startHttpServer, type TestHttpServer } from './http.ts';

export type DemandedScheme =
  | { kind: 'basic'; username: string; password: string }
  | { kind: 'header'; name: string; value: string }
  | { kind: 'signature'; key: string; maxSkewSeconds?: number };

export interface AuthOriginOptions {
  scheme: DemandedScheme;
  /** Paths below `/images/` and their bytes. */
  files: Record<string, Buffer>;
  /** Paths below `/images/` answered with a redirect to this address. */
  redirects?: Record<string, string>;
  host?: string;
}

function equalText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Why the request is not authenticated, or null when it is. */
export function refusal(scheme: DemandedScheme, request: http.IncomingMessage): string | null {
  const headers = request.headers;
  switch (scheme.kind) {
    case 'basic': {
      const expected = `Basic ${Buffer.from(`${scheme.username}:${scheme.password}`).toString('base64')}`;
      return equalText(single(headers.authorization) ?? '', expected) ? null : 'basic';
    }
    case 'header':
      return equalText(single(headers[scheme.name.toLowerCase()]) ?? '', scheme.value)
        ? null
        : 'header';
    case 'signature': {
      const signature = single(headers['x-darkroom-signature']);
      const signedHost = single(headers['x-darkroom-host']);
      const requestId = single(headers['x-darkroom-request-id']);
      const timestamp = single(headers['x-darkroom-timestamp']);
      if (!signature || !signedHost || !requestId || !timestamp) return 'missing';
      // The signed host must be the one this request was sent to.
      if (signedHost !== (headers.host ?? '').toLowerCase()) return 'host';
      if (!/^\d+$/.test(timestamp)) return 'timestamp';
      const skew = Math.abs(Date.now() / 1000 - Number(timestamp));
      if (skew > (scheme.maxSkewSeconds ?? 300)) return 'stale';
      const canonical = `${request.method}\n${signedHost}\n${request.url}\n${requestId}\n${timestamp}`;
      const expected = createHmac('sha256', scheme.key).update(canonical).digest('hex');
      return equalText(signature, expected) ? null : 'signature';
    }
  }
}

/** Starts the origin; `refusals` lists why each refused request was refused. */
export async function startAuthOrigin(
  options: AuthOriginOptions,
): Promise<TestHttpServer & { refusals: string[] }> {
  const refusals: string[] = [];
  const server = await startHttpServer((request, response) => {
    const why = refusal(options.scheme, request);
    if (why !== null) {
      refusals.push(why);
      response.writeHead(options.scheme.kind === 'basic' ? 401 : 403, {
        'content-type': 'text/plain',
        ...(options.scheme.kind === 'basic' ? { 'www-authenticate': 'Basic realm="images"' } : {}),
      });
      response.end('not allowed');
      return;
    }
    const path = new URL(request.url ?? '/', 'http://origin').pathname;
    const name = path.startsWith('/images/') ? path.slice('/images/'.length) : null;
    const redirect = name === null ? undefined : options.redirects?.[name];
    if (redirect !== undefined) {
      response.writeHead(302, { location: redirect });
      response.end();
      return;
    }
    const file = name === null ? undefined : options.files[name];
    if (file === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('no such file');
      return;
    }
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': file.length });
    response.end(request.method === 'HEAD' ? undefined : file);
  }, options.host);
  return Object.assign(server, { refusals });
}
