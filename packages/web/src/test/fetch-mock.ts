import { JSONAPI_MEDIA_TYPE, type DocumentMeta, type ErrorObject } from '@darkroom/core';
import { vi, type Mock } from 'vitest';

/** One request the code under test made. */
export interface RecordedRequest {
  method: string;
  url: string;
  path: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

export interface MockReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Handler = MockReply | ((request: RecordedRequest) => MockReply | Promise<MockReply>);

const testMeta: DocumentMeta = {
  authentication: {
    authorized: true,
    clientId: 'c'.repeat(24),
    mode: 'user',
    modeTitle: 'User',
    tag: 'a'.repeat(24),
    user: null,
  },
  server: { commit: 'test', status: 'healthy', version: '0.0.0' },
};

/** A JSON:API success document. */
export function documentOf(data: unknown, extra: Record<string, unknown> = {}) {
  return { data, jsonapi: { version: '1.0' }, meta: testMeta, ...extra };
}

/** A JSON:API error reply. */
export function errorReply(status: number, errors: Partial<ErrorObject>[]): MockReply {
  return {
    status,
    body: {
      errors: errors.map((error) => ({ status: String(status), title: 'Error', ...error })),
      jsonapi: { version: '1.0' },
      meta: testMeta,
    },
  };
}

/**
 * Replaces `fetch` with a table of replies keyed by "METHOD /path" (the path without its query
 * string). Unknown requests answer 404 route_not_found, like the server.
 */
export function mockApi(routes: Record<string, Handler> = {}) {
  const requests: RecordedRequest[] = [];
  const fetchMock: Mock<typeof fetch> = vi.fn(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const path = url.split('?')[0] ?? url;
    const rawBody = init?.body;
    const request: RecordedRequest = {
      method,
      url,
      path,
      headers: new Headers(init?.headers),
      credentials: init?.credentials,
      body: typeof rawBody === 'string' ? (JSON.parse(rawBody) as unknown) : undefined,
    };
    requests.push(request);
    const handler = routes[`${method} ${path}`];
    const reply: MockReply =
      handler === undefined
        ? errorReply(404, [{ code: 'route_not_found', detail: `No route ${method} ${path}` }])
        : typeof handler === 'function'
          ? await handler(request)
          : handler;
    const status = reply.status ?? 200;
    const noBody = reply.body === undefined || status === 204;
    return new Response(noBody ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'Content-Type': JSONAPI_MEDIA_TYPE, ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetch: fetchMock,
    requests,
    /** The requests made to one "METHOD /path". */
    requestsTo: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key),
    /** Adds or replaces a route. */
    on: (key: string, handler: Handler) => {
      routes[key] = handler;
    },
  };
}

export type ApiMock = ReturnType<typeof mockApi>;
