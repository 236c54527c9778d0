import {
  JSONAPI_MEDIA_TYPE,
  RATE_LIMIT_DETAIL,
  matchesErrorCode,
  type DocumentMeta,
  type ErrorCode,
  type ErrorObject,
  type ResourceObject,
} from '@darkroom/core';
import { clearSession, getSession, type Session } from '../app/session.ts';
import { currentPath, redirectTo, signInPath } from '../app/redirect.ts';

/** The versioned API base (spec platform section 7). */
const API_BASE = '/api/v4';

/** Spec platform section 8: the bare message when the server gives none we can show. */
const FALLBACK_ERROR_MESSAGE = 'Something went wrong';

/** A response document with the `jsonapi` member dropped (spec platform section 3). */
export interface ApiDocument<TData> {
  data: TData;
  included?: ResourceObject[];
  meta?: DocumentMeta;
}

/** An error document with the `jsonapi` member dropped. */
export interface ApiErrorDocument {
  errors: ErrorObject[];
  meta?: DocumentMeta;
}

interface ApiSuccess<TBody> {
  ok: true;
  status: number;
  /** The response document, or null for an empty answer (204, 202 without a body). */
  data: TBody;
}

export interface ApiFailure {
  ok: false;
  /** The HTTP status, or 0 when the request never got an answer. */
  status: number;
  data: ApiErrorDocument | null;
  message: string;
}

export type ApiResult<TBody> = ApiSuccess<TBody> | ApiFailure;

type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** A JSON:API request document. */
  body?: unknown;
  /** Query parameters such as `{'page[number]': 2, sort: 'name'}`; null and undefined are left out. */
  query?: Record<string, QueryValue>;
  /**
   * Marks the call admin-capable: for an admin session it goes under `/admin` (spec platform
   * section 6), where the same handler answers across accounts. Other sessions call the plain path.
   */
  admin?: boolean;
  /** Acts with this session instead of the current one (e.g. ending the admin session kept aside). */
  session?: Session | null;
  /**
   * A 401 with the current session means it ended: the client signs out and goes to sign-in.
   * Calls that expect a 401 as an answer (the start-up session check) set this to false.
   */
  signOutOnUnauthorized?: boolean;
  signal?: AbortSignal;
}

/** The path a call is sent to, with the admin prefix when it applies. */
export function apiUrl(
  path: string,
  {
    admin = false,
    session = getSession(),
    query,
  }: Pick<ApiRequestOptions, 'admin' | 'session' | 'query'> = {},
): string {
  const prefix = admin && session?.admin ? '/admin' : '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) search.set(key, String(value));
  }
  const queryString = search.toString();
  return `${API_BASE}${prefix}${path}${queryString ? `?${queryString}` : ''}`;
}

/** The message of a failed answer (spec platform section 7): the first error's detail. */
export function failureMessage(status: number, errors: ErrorObject[] | undefined): string {
  // The rate-limit text is fixed by the spec (section 8), whatever the server or a proxy says.
  if (status === 429) return RATE_LIMIT_DETAIL;
  const first = errors?.[0];
  return first?.detail || first?.title || FALLBACK_ERROR_MESSAGE;
}

function dropJsonapi(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const { jsonapi: _jsonapi, ...rest } = body as Record<string, unknown>;
  return rest;
}

export function isErrorDocument(body: unknown): body is ApiErrorDocument {
  return (
    typeof body === 'object' &&
    body !== null &&
    Array.isArray((body as { errors?: unknown }).errors)
  );
}

async function readBody(response: Response): Promise<unknown> {
  return parseBodyText(await response.text());
}

/** A JSON body's value; null when empty, undefined when it is not JSON. */
export function parseBodyText(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy's HTML error page, say: there is no document to hand back.
    return undefined;
  }
}

/** Ends the session after a 401, unless a newer session has replaced it meanwhile. */
export function handleUnauthorized(session: Session): void {
  // Only the session that is still current is ended; a late answer to an older one changes nothing.
  if (getSession() !== session) return;
  clearSession();
  const here = currentPath();
  const onAuthPage = here.startsWith('/sign-in') || here.startsWith('/sign-up');
  redirectTo(onAuthPage ? here : signInPath(here), { replace: true });
}

/**
 * The one fetch client. Never throws for HTTP errors or network failures: it answers
 * `{ok: true, status, data}` or `{ok: false, status, data, message}`. Aborting throws the abort reason.
 */
export async function apiRequest<TBody = ApiDocument<unknown>>(
  path: string,
  options: ApiRequestOptions = {},
): Promise<ApiResult<TBody>> {
  const session = options.session === undefined ? getSession() : options.session;
  const headers: Record<string, string> = { Accept: JSONAPI_MEDIA_TYPE };
  // Bodiless requests carry no Content-Type: some servers reject an empty body that claims JSON.
  if (options.body !== undefined) headers['Content-Type'] = JSONAPI_MEDIA_TYPE;
  if (session?.token) headers.Authorization = `Bearer ${session.token}`;

  let response: Response;
  try {
    response = await fetch(apiUrl(path, { admin: options.admin, session, query: options.query }), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      // Sends the HttpOnly admin cookie (spec platform section 6) on same-origin calls.
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    return {
      ok: false,
      status: 0,
      data: null,
      message: error instanceof Error && error.message ? error.message : FALLBACK_ERROR_MESSAGE,
    };
  }

  let body: unknown;
  try {
    body = dropJsonapi(await readBody(response));
  } catch {
    if (options.signal?.aborted) throw options.signal.reason;
    body = undefined;
  }

  if (response.ok) return { ok: true, status: response.status, data: (body ?? null) as TBody };

  if (response.status === 401 && session && options.signOutOnUnauthorized !== false) {
    handleUnauthorized(session);
  }
  const errorDocument = isErrorDocument(body) ? body : null;
  return {
    ok: false,
    status: response.status,
    data: errorDocument,
    message: failureMessage(response.status, errorDocument?.errors),
  };
}

/** A failed API call, thrown by `apiFetch` for TanStack Query and mutation handlers. */
export class ApiRequestError extends Error {
  readonly status: number;
  /** The first error's code (e.g. `email_taken`), if the server sent one. */
  readonly code: string | undefined;
  readonly errors: ErrorObject[];

  constructor(failure: ApiFailure) {
    super(failure.message);
    this.name = 'ApiRequestError';
    this.status = failure.status;
    this.errors = failure.data?.errors ?? [];
    this.code = this.errors[0]?.code;
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

/**
 * The error of a failed call that carries `code`, whichever place it has in `errors[]`; undefined
 * for any other failure. `code` is a catalogue code, so a misspelt or removed one does not compile.
 */
export function errorWithCode(error: unknown, code: ErrorCode): ErrorObject | undefined {
  if (!isApiRequestError(error)) return undefined;
  return error.errors.find((item) => matchesErrorCode(item.code, code));
}

/** The throwing adapter over `apiRequest`: resolves with the document, rejects with ApiRequestError. */
export async function apiFetch<TBody = ApiDocument<unknown>>(
  path: string,
  options: ApiRequestOptions = {},
): Promise<TBody> {
  const result = await apiRequest<TBody>(path, options);
  if (!result.ok) throw new ApiRequestError(result);
  return result.data;
}

/** A JSON:API request document for one resource. */
export function resourceDocument<TType extends string, TAttributes extends object>(
  type: TType,
  attributes: TAttributes,
): { data: { type: TType; attributes: TAttributes } } {
  return { data: { type, attributes } };
}
