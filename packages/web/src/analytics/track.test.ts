import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../app/session.ts';
import { impersonationSession, userSession } from '../test/fixtures.ts';
import { errorReply, mockApi } from '../test/fetch-mock.ts';
import { EVENTS, track } from './track.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('track', () => {
  it('posts the event to /events as a JSON:API document', async () => {
    setSession(userSession);
    const api = mockApi({ 'POST /api/v4/events': { status: 202, body: { data: null } } });

    track(EVENTS.userAdded, { role: 'member' });

    await vi.waitFor(() => expect(api.requests).toHaveLength(1));
    expect(api.requests[0]?.body).toEqual({
      data: { type: 'events', attributes: { name: 'User Added', properties: { role: 'member' } } },
    });
    expect(api.requests[0]?.headers.get('Authorization')).toBe('Bearer user-token');
  });

  it('never sends while impersonating', async () => {
    setSession(impersonationSession);
    const api = mockApi({ 'POST /api/v4/events': { status: 202 } });

    track(EVENTS.signedIn);
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('swallows failures and only warns', async () => {
    setSession(userSession);
    mockApi({
      'POST /api/v4/events': errorReply(503, [{ code: 'read_only', detail: 'Read-only' }]),
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    expect(() => track(EVENTS.signedIn)).not.toThrow();

    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(warn.mock.calls[0]?.[0]).toContain('Signed In');
  });

  it('swallows a network failure too', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    track(EVENTS.signedUp);

    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
  });
});
