import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminSession, sessionResource, storeSession, userSession } from '../test/fixtures.ts';
import { documentOf, errorReply, mockApi } from '../test/fetch-mock.ts';

/** A fresh start of the app's modules, as on a page load. */
async function freshStart() {
  vi.resetModules();
  const session = await import('./session.ts');
  const { bootstrapSession } = await import('./session-bootstrap.ts');
  return { ...session, bootstrapSession };
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

  it('asks nothing when a token is stored', async () => {
    storeSession(userSession);
    const api = mockApi();
    const app = await freshStart();

    await app.bootstrapSession();

    expect(api.fetch).not.toHaveBeenCalled();
    expect(app.getSession()).toEqual(userSession);
  });
});
