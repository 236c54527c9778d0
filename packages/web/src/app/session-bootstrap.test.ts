import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  adminSession,
  sessionResource,
  sessionWith,
  storeSession,
  userSession,
} from '../test/fixtures.ts';
import { documentOf, errorReply, mockApi } from '../test/fetch-mock.ts';
import { SESSION_STORAGE_KEY } from './session.ts';

/** A fresh start of the app's modules, as on a page load. */
async function freshStart() {
  vi.resetModules();
  const session = await import('./session.ts');
  const { bootstrapSession, refreshSessionPermissions } = await import('./session-bootstrap.ts');
  return { ...session, bootstrapSession, refreshSessionPermissions };
}

afterEach(() => {
  vi.resetModules();
});

describe('bootstrapSession', () => {
  it('adopts an admin session from the admin cookie when no token is stored', async () => {
    const api = mockApi({
      'GET /api/v4/sessions/current': {
        body: documentOf(sessionResource({ ...adminSession, token: null })),
      },
    });
    const app = await freshStart();

    await app.bootstrapSession();
    await app.bootstrapSession();

    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]?.credentials).toBe('same-origin');
    expect(api.requests[0]?.headers.has('Authorization')).toBe(false);
    expect(app.getSession()).toEqual({ ...adminSession, token: null });
  });

  it('stays signed out when there is no cookie session', async () => {
    mockApi({ 'GET /api/v4/sessions/current': errorReply(401, [{ code: 'unauthorized' }]) });
    const app = await freshStart();

    await app.bootstrapSession();

    expect(app.getSession()).toBeNull();
  });

  it('does not adopt a session that is not an admin one', async () => {
    mockApi({ 'GET /api/v4/sessions/current': { body: documentOf(sessionResource(userSession)) } });
    const app = await freshStart();

    await app.bootstrapSession();

    expect(app.getSession()).toBeNull();
  });

  it('starts at once with a stored token, then refreshes its permission groups', async () => {
    storeSession(userSession);
    const demoted = sessionWith(userSession, ['billing']);
    let answer: (() => void) | undefined;
    const api = mockApi({
      'GET /api/v4/sessions/current': () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: documentOf(sessionResource(demoted)) });
        }),
    });
    const app = await freshStart();

    await app.bootstrapSession();

    // Settled before the answer: the stored groups show meanwhile.
    expect(app.getSession()).toEqual(userSession);
    await vi.waitFor(() => expect(answer).toBeDefined());
    expect(api.requests[0]?.headers.get('Authorization')).toBe('Bearer user-token');
    answer?.();
    await vi.waitFor(() => expect(app.getSession()).toEqual(demoted));
    expect(app.getSession()?.permissions).toEqual(['billing']);
  });

  it('waits for the groups of a session stored before they existed', async () => {
    const { permissions: _permissions, ...legacy } = userSession;
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(legacy));
    mockApi({
      'GET /api/v4/sessions/current': {
        body: documentOf(sessionResource(sessionWith(userSession, ['analytics']))),
      },
    });
    const app = await freshStart();

    await app.bootstrapSession();

    expect(app.getSession()?.permissions).toEqual(['analytics']);
  });

  it('keeps the stored groups when the refresh fails', async () => {
    storeSession(userSession);
    mockApi({ 'GET /api/v4/sessions/current': errorReply(500, [{ code: 'internal_error' }]) });
    const app = await freshStart();

    await app.bootstrapSession();
    await app.refreshSessionPermissions();

    expect(app.getSession()).toEqual(userSession);
  });
});
