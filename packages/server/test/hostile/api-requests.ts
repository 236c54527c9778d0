// Generated malformed API requests for `npm run battery` and its tests: for every route of
// api-routes.ts, bodies that are not JSON or not JSON:API, attributes of the wrong type or holding
// NUL bytes and lone surrogates, prototype keys, a 1 MB string, 10,000 levels of nesting, wrong
// media types, empty bodies, bad sort/filter/include/page parameters, bad path ids and bad
// credentials, each sent signed in and signed out.
import { JSONAPI_MEDIA_TYPE } from '@darkroom/core';
import { API_ROUTES, fillPattern, type ApiIds, type ApiRoute } from './api-routes.ts';
import { ANY_ANSWER, REFUSAL, type StatusExpectation } from './expectations.ts';
import { SeededRandom, roundRobinSample } from './random.ts';
import type { RawRequest } from './raw-http.ts';

export interface ApiCase {
  method: string;
  /** Path and query exactly as sent. */
  target: string;
  headers: Record<string, string>;
  body: Buffer | null;
  /** Which credentials the runner adds: none, the route's own (user, admin or disposable). */
  signedIn: boolean;
  route: ApiRoute;
  label: string;
  expect: StatusExpectation;
}

interface Mutation {
  label: string;
  /** Replaces the body (null: no body); undefined keeps the route's well-formed one. */
  body?: Buffer | null;
  contentType?: string | null;
  query?: string;
  headers?: Record<string, string>;
  /** Replaces the path's ids. */
  ids?: string;
  /** The route must refuse it (4xx) whoever sends it. */
  refused: boolean;
}

const text = (value: string) => Buffer.from(value, 'utf8');
const json = (value: unknown) => text(JSON.stringify(value));

/** `[[[...]]]` or `{"a":{"a":...}}` `depth` levels deep, built without recursion. */
export function deeplyNested(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** Bodies no route can take: not JSON, not a JSON:API document, or over the size limit. */
function bodyMutations(document: (attributes: unknown) => unknown): Mutation[] {
  const refused = (label: string, body: Buffer, contentType: string | null = JSONAPI_MEDIA_TYPE) =>
    ({ label, body, contentType, refused: true }) satisfies Mutation;
  return [
    refused('bad JSON', text('{"data":')),
    refused('JSON with a comment', text('{"data": /* x */ {}}')),
    refused('JSON with a trailing comma', text('{"data":{},}')),
    refused('JSON with NaN', text('{"data":NaN}')),
    refused('JSON null', text('null')),
    refused('JSON array', text('[]')),
    refused('JSON string', text('"data"')),
    refused('JSON number 1e309', text('1e309')),
    refused('data is an array', json({ data: [] })),
    refused('data.type is a number', json({ data: { type: 42, attributes: {} } })),
    refused(
      'raw invalid UTF-8 bytes',
      Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
    ),
    refused('UTF-16 body', Buffer.from('\ufeff{"data":{}}', 'utf16le')),
    refused('2 MB body', json(document({ padding: 'x'.repeat(2_000_000) }))),
    refused('10,000 nested arrays', text(`{"data":${deeplyNested(10_000, 'array')}}`)),
    refused('10,000 nested objects', text(`{"data":${deeplyNested(10_000, 'object')}}`)),
    refused(
      '__proto__ at the top',
      text(`{"__proto__":{"admin":true},"data":${JSON.stringify(document({}))}}`),
    ),
    refused(
      'constructor.prototype',
      text(`{"constructor":{"prototype":{"admin":true}},"data":{}}`),
    ),
    refused('text/plain', text('{"data":{}}'), 'text/plain'),
    refused('form-urlencoded', text('data[type]=x'), 'application/x-www-form-urlencoded'),
    refused('multipart without a boundary', text('--x\r\n\r\n--x--'), 'multipart/form-data'),
    refused('JSON:API with an ext parameter', text('{"data":{}}'), `${JSONAPI_MEDIA_TYPE}; ext=x`),
    refused('application/xml', text('<data/>'), 'application/xml'),
    refused('a body without a content type', text('{"data":{}}'), null),
    { label: 'empty JSON body', body: Buffer.alloc(0), refused: false },
    { label: 'duplicate keys', body: text('{"data":{},"data":{}}'), refused: true },
  ];
}

/** Hostile values for one attribute of a well-formed body. */
function attributeMutations(
  attributes: Record<string, unknown>,
  document: (a: unknown) => unknown,
): Mutation[] {
  const mutations: Mutation[] = [];
  for (const [key, value] of Object.entries(attributes)) {
    const wrongType = typeof value === 'string' ? 42 : 'not-a-thing';
    const withValue = (replacement: unknown) =>
      json(document({ ...attributes, [key]: replacement }));
    // Lone surrogates and NUL written as JSON escapes: valid JSON, text no database can store.
    const escaped = (escape: string) =>
      text(JSON.stringify(document({ ...attributes, [key]: '@' })).replace('"@"', `"a${escape}b"`));
    mutations.push(
      { label: `${key} of the wrong type`, body: withValue(wrongType), refused: true },
      // A password is hashed, never stored: NUL in it may be accepted.
      { label: `NUL in ${key}`, body: escaped('\\u0000'), refused: key !== 'password' },
      // Stored as U+FFFD by the database driver: accepting it is no fault.
      { label: `lone surrogate in ${key}`, body: escaped('\\ud800'), refused: false },
      { label: `1 MB string in ${key}`, body: withValue('x'.repeat(1_000_000)), refused: true },
      {
        label: `${key} nested 10,000 deep`,
        body: text(
          JSON.stringify(document({ ...attributes, [key]: '@' })).replace(
            '"@"',
            deeplyNested(10_000, 'array'),
          ),
        ),
        refused: true,
      },
    );
  }
  mutations.push(
    {
      label: 'attributes.__proto__',
      body: text(
        JSON.stringify(document(attributes)).replace(
          '"attributes":{',
          '"attributes":{"__proto__":{"admin":true},',
        ),
      ),
      refused: true,
    },
    { label: 'attributes is a string', body: json(document('x')), refused: true },
  );
  return mutations;
}

/** sort, filter, include and page values no list declares. */
function queryMutations(route: ApiRoute): Mutation[] {
  const list = route.query === 'list';
  const includes = route.query !== undefined;
  const query = (label: string, value: string, refused: boolean): Mutation => ({
    label,
    query: value,
    refused,
  });
  return [
    ...[
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      '-',
      ',,,',
      `${'a,'.repeat(3000)}a`,
    ].map((value) => query(`sort=${value.slice(0, 20)}`, `sort=${value}`, list)),
    query('sort twice', 'sort=name&sort=-name', list),
    query('filter[__proto__]', 'filter[__proto__]=1', list),
    query('filter[constructor]', 'filter[constructor]=1', list),
    query('filter[a][b]', 'filter[a][b]=1', list),
    query('include=__proto__', 'include=__proto__', includes),
    query('include of 2,000 names', `include=${'x,'.repeat(2000)}x`, includes),
    query('page[size]=1e308', 'page[size]=1e308', false),
    query('page[number]=9007199254740993', 'page[number]=9007199254740993', false),
    query('page[size]=-1', 'page[size]=-1', false),
    query('NUL in a filter', 'filter[name]=%00', false),
    query('bad percent-encoding', 'sort=%zz&filter[%=1', false),
    query('lone surrogate bytes', 'q=%ED%A0%80', false),
  ];
}

function headerMutations(): Mutation[] {
  return [
    {
      label: 'Accept with an ext parameter',
      headers: { accept: `${JSONAPI_MEDIA_TYPE}; ext=x` },
      refused: false,
    },
    {
      label: 'a 6,000-character bearer',
      headers: { authorization: `Bearer ${'a'.repeat(6000)}` },
      refused: false,
    },
    {
      label: 'Basic credentials',
      headers: { authorization: 'Basic Zm9vOmJhcg==' },
      refused: false,
    },
    {
      label: 'a bearer of latin-1 bytes',
      headers: { authorization: 'Bearer \u00ff\u00fe' },
      refused: false,
    },
    {
      label: 'a garbage cookie',
      headers: { cookie: `darkroom_session=${'%'.repeat(100)}; x=\u00ff` },
      refused: false,
    },
  ];
}

/** Ids that name nothing: prototype names, traversal, NUL, huge numbers, overlong. */
function idMutations(route: ApiRoute): Mutation[] {
  if (route.ids === undefined) return [];
  const ids = [
    '__proto__',
    'constructor',
    '..%2F..%2Fetc%2Fpasswd',
    '%00',
    '%ED%A0%80',
    '1e308',
    '-1',
    'a'.repeat(3000),
    '%F0%9F%98%80',
  ];
  return ids.map((id) => ({ label: `id ${id.slice(0, 24)}`, ids: id, refused: true }));
}

function idValues(route: ApiRoute, ids: ApiIds): string[] {
  return (route.ids ?? []).map((kind) => ids[kind]);
}

function routeCases(route: ApiRoute, ids: ApiIds): ApiCase[] {
  const type = route.body?.type ?? 'things';
  const attributes = route.body?.attributes(ids) ?? {};
  const document = (attrs: unknown) => ({ data: { type, attributes: attrs } });
  const takesBody = route.body !== undefined;
  const mutations = [
    ...bodyMutations(document).map((mutation) => ({
      ...mutation,
      refused: mutation.refused && takesBody,
    })),
    ...(takesBody ? attributeMutations(attributes, document) : []),
    ...queryMutations(route),
    ...headerMutations(),
    ...idMutations(route),
  ];
  const cases: ApiCase[] = [];
  for (const mutation of mutations) {
    const path =
      mutation.ids === undefined
        ? fillPattern(route, idValues(route, ids))
        : fillPattern(
            route,
            (route.ids ?? []).map((kind) =>
              kind === 'assetRefresh' ? `${mutation.ids}/refresh` : (mutation.ids ?? ''),
            ),
          );
    const body =
      mutation.body === undefined ? (takesBody ? json(document(attributes)) : null) : mutation.body;
    const contentType =
      mutation.contentType === undefined
        ? body === null
          ? null
          : JSONAPI_MEDIA_TYPE
        : mutation.contentType;
    const headers: Record<string, string> = { accept: JSONAPI_MEDIA_TYPE, ...mutation.headers };
    if (contentType !== null) headers['content-type'] = contentType;
    for (const signedIn of [true, false]) {
      cases.push({
        method: route.method,
        target: mutation.query === undefined ? path : `${path}?${mutation.query}`,
        headers,
        body,
        signedIn,
        route,
        label: `${route.method} ${route.pattern}: ${mutation.label}${signedIn ? '' : ' (signed out)'}`,
        expect: mutation.refused || (!signedIn && route.access !== 'public') ? REFUSAL : ANY_ANSWER,
      });
    }
  }
  return cases;
}

/**
 * The malformed requests for every route, deterministic for a seed; `count` takes them round robin
 * over the routes, so a small sample still reaches each.
 */
export function apiCases(options: { seed: number; ids: ApiIds; count?: number }): ApiCase[] {
  const groups = API_ROUTES.map((route) => routeCases(route, options.ids));
  const total = groups.reduce((sum, group) => sum + group.length, 0);
  return roundRobinSample(groups, options.count ?? total, new SeededRandom(options.seed));
}

/** Bearer tokens for the signed-in requests, by the route's access. */
export interface ApiTokens {
  user: string;
  admin: string;
  /** A session the route may end (`DELETE /sessions/current`). */
  disposable: string;
}

/** The raw request of a case: its own headers, plus the route's credentials when signed in. */
export function rawApiRequest(apiCase: ApiCase, tokens: ApiTokens, host: string): RawRequest {
  const headers: Record<string, string> = { host, ...apiCase.headers };
  if (apiCase.signedIn && headers.authorization === undefined) {
    const { access } = apiCase.route;
    const token =
      access === 'admin'
        ? tokens.admin
        : access === 'disposable-session'
          ? tokens.disposable
          : tokens.user;
    headers.authorization = `Bearer ${token}`;
  }
  return { method: apiCase.method, target: apiCase.target, headers, body: apiCase.body };
}
