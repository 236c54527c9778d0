import { RATE_LIMIT_DETAIL } from '@darkroom/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectRedirects } from '../app/redirect.ts';
import { getSession, setSession, SESSION_STORAGE_KEY } from '../app/session.ts';
import { adminSession, userSession } from '../test/fixtures.ts';
import { documentOf, errorReply, mockApi } from '../test/fetch-mock.ts';
import { ApiRequestError, apiFetch, apiRequest, apiUrl, errorWithCode } from './client.ts';

const navigate = vi.fn();
let disconnect: () => void;

beforeEach(() => {
  navigate.mockReset();
  disconnect = connectRedirects({
    navigate,
    state: { location: { pathname: '/users', search: '?page=2' } },
  });
});

afterEach(() => disconnect());

describe('apiRequest', () => {
  it('sends JSON:API headers, the bearer token and same-origin credentials', async () => {
    setSession(userSession);
    const api = mockApi({ 'POST /api/v4/users': { status: 201, body: documentOf(null) } });

    await apiRequest('/users', { method: 'POST', body: { data: { type: 'users' } } });

    const [request] = api.requests;
    expect(request?.headers.get('Accept')).toBe('application/vnd.api+json');
    expect(request?.headers.get('Content-Type')).toBe('application/vnd.api+json');
    expect(request?.headers.get('Authorization')).toBe('Bearer user-token');
    expect(request?.credentials).toBe('same-origin');
    expect(request?.body).toEqual({ data: { type: 'users' } });
  });

  it('sends no Authorization header and no Content-Type without a token and a body', async () => {
    const api = mockApi({
      'GET /api/v4/sessions/current': errorReply(401, [{ code: 'unauthorized' }]),
    });

    await apiRequest('/sessions/current');

    expect(api.requests[0]?.headers.has('Authorization')).toBe(false);
    expect(api.requests[0]?.headers.has('Content-Type')).toBe(false);
  });

  it('answers status and data with the jsonapi member dropped', async () => {
    setSession(userSession);
    mockApi({ 'GET /api/v4/users/abc': { body: documentOf({ type: 'users', id: 'abc' }) } });

    const result = await apiRequest('/users/abc');

    expect(result.ok).toBe(true);
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ data: { type: 'users', id: 'abc' }, meta: expect.any(Object) });
    expect(result.data).not.toHaveProperty('jsonapi');
  });

  it('answers status, the error document and the first detail as the message on failure', async () => {
    setSession(userSession);
    mockApi({
      'POST /api/v4/users': errorReply(409, [
        {
          code: 'email_taken',
          detail: 'This email is taken',
          source: { pointer: '/data/attributes/email' },
        },
      ]),
    });

    const result = await apiRequest('/users', { method: 'POST', body: {} });

    expect(result).toMatchObject({ ok: false, status: 409, message: 'This email is taken' });
    expect(!result.ok && result.data?.errors[0]?.code).toBe('email_taken');
    expect(!result.ok && result.data).not.toHaveProperty('jsonapi');
  });

  it('answers the network error text when the request never gets an answer', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    const result = await apiRequest('/users');

    expect(result).toEqual({ ok: false, status: 0, data: null, message: 'Failed to fetch' });
  });

  it('answers a 204 with null data', async () => {
    setSession(userSession);
    mockApi({ 'DELETE /api/v4/users/abc': { status: 204 } });

    expect(await apiRequest('/users/abc', { method: 'DELETE' })).toEqual({
      ok: true,
      status: 204,
      data: null,
    });
  });

  it('shows the rate-limit text for a 429', async () => {
    mockApi({
      'POST /api/v4/sessions': {
        ...errorReply(429, [{ code: 'rate_limited', detail: 'slow down' }]),
        headers: { 'Retry-After': '30' },
      },
    });

    const result = await apiRequest('/sessions', { method: 'POST', body: {} });

    expect(result).toMatchObject({ ok: false, status: 429, message: RATE_LIMIT_DETAIL });
  });

  it('puts admin-capable calls under /admin for an admin session only', async () => {
    const api = mockApi({
      'GET /api/v4/admin/users': { body: documentOf([]) },
      'GET /api/v4/users': { body: documentOf([]) },
    });

    setSession(adminSession);
    await apiRequest('/users', { admin: true });
    await apiRequest('/users');
    setSession(userSession);
    await apiRequest('/users', { admin: true });

    expect(api.requests.map((request) => request.path)).toEqual([
      '/api/v4/admin/users',
      '/api/v4/users',
      '/api/v4/users',
    ]);
  });

  it('signs out and goes to sign-in when an authenticated request answers 401', async () => {
    setSession(userSession);
    mockApi({ 'GET /api/v4/users': errorReply(401, [{ code: 'unauthorized' }]) });

    const result = await apiRequest('/users');

    expect(result.status).toBe(401);
    expect(getSession()).toBeNull();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/sign-in?next=%2Fusers%3Fpage%3D2', { replace: true });
  });

  it('leaves the session alone for a 401 to a request made without one', async () => {
    mockApi({ 'POST /api/v4/sessions': errorReply(401, [{ code: 'invalid_credentials' }]) });

    await apiRequest('/sessions', { method: 'POST', body: {} });

    expect(navigate).not.toHaveBeenCalled();
  });

  it('keeps a newer session when an older request answers 401 late', async () => {
    setSession(userSession);
    let answer: (value: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );

    const pending = apiRequest('/users');
    setSession(adminSession);
    answer(new Response(null, { status: 401 }));
    await pending;

    expect(getSession()).toEqual(adminSession);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('apiUrl', () => {
  it('adds query parameters and leaves out empty ones', () => {
    expect(
      apiUrl('/users', { query: { 'page[number]': 2, sort: 'name', filter: undefined } }),
    ).toBe('/api/v4/users?page%5Bnumber%5D=2&sort=name');
  });
});

describe('apiFetch', () => {
  it('resolves with the document on success', async () => {
    mockApi({ 'GET /api/v4/users': { body: documentOf([]) } });

    await expect(apiFetch('/users')).resolves.toEqual({ data: [], meta: expect.any(Object) });
  });

  it('rejects with an ApiRequestError carrying status, code and errors', async () => {
    mockApi({
      'POST /api/v4/accounts': errorReply(422, [
        {
          code: 'weak_password',
          detail: 'Too short',
          source: { pointer: '/data/attributes/password' },
        },
      ]),
    });

    const error: unknown = await apiFetch('/accounts', { method: 'POST', body: {} }).catch(
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 422, code: 'weak_password', message: 'Too short' });
    expect((error as ApiRequestError).errors).toHaveLength(1);
  });
});

describe('errorWithCode', () => {
  const failure = (codes: string[]) =>
    new ApiRequestError({
      ok: false,
      status: 422,
      data: { errors: codes.map((code) => ({ status: '422', code, title: code, detail: code })) },
      message: 'failed',
    });

  it('finds the error with the code wherever it sits in errors[]', () => {
    const error = failure(['validation_failed', 'weak_password']);
    expect(errorWithCode(error, 'weak_password')).toMatchObject({ code: 'weak_password' });
  });

  it('answers undefined for another code or something that is not a failed call', () => {
    expect(errorWithCode(failure(['validation_failed']), 'weak_password')).toBeUndefined();
    expect(errorWithCode(new Error('weak_password'), 'weak_password')).toBeUndefined();
  });
});
