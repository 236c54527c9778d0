import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  adminSession,
  impersonationSession,
  sessionWith,
  storeSession,
  userSession,
} from '../test/fixtures.ts';
import { connectRedirects } from './redirect.ts';
import {
  ADMIN_SESSION_STORAGE_KEY,
  SESSION_STORAGE_KEY,
  clearSession,
  getSession,
  getStashedAdminSession,
  setSession,
  startImpersonation,
  stopImpersonation,
  subscribeToSession,
  syncFromStorage,
} from './session.ts';

/** A fresh copy of the store module, as after a page reload. */
async function reloadStore() {
  vi.resetModules();
  return import('./session.ts');
}

afterEach(() => {
  vi.resetModules();
});

describe('session store', () => {
  it('persists the session under darkroom.session and reads it back after a reload', async () => {
    setSession(userSession);

    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual({
      token: 'user-token',
      admin: false,
      impersonating: false,
      userId: userSession.userId,
      accountId: userSession.accountId,
      permissions: userSession.permissions,
    });
    const reloaded = await reloadStore();
    expect(reloaded.getSession()).toEqual(userSession);
  });

  it('keeps a session stored before permission groups, its groups not known yet', async () => {
    const { permissions: _permissions, ...stored } = userSession;
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(stored));

    expect((await reloadStore()).getSession()).toEqual({ ...userSession, permissions: null });
  });

  it('starts signed out when the stored groups are not permission groups', async () => {
    window.localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ ...userSession, permissions: ['root'] }),
    );
    expect((await reloadStore()).getSession()).toBeNull();
  });

  it('starts signed out when storage holds something that is not a session', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, '{"token": 42}');
    expect((await reloadStore()).getSession()).toBeNull();
    window.localStorage.setItem(SESSION_STORAGE_KEY, 'not json');
    expect((await reloadStore()).getSession()).toBeNull();
  });

  it('keeps a cookie-backed admin session in memory only', () => {
    setSession({ ...adminSession, token: null });

    expect(getSession()).toEqual({ ...adminSession, token: null });
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('notifies subscribers of every change', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);
    setSession(userSession);
    clearSession();
    unsubscribe();
    setSession(userSession);

    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps the admin session aside while impersonating, across a reload', async () => {
    setSession(adminSession);
    startImpersonation(impersonationSession);

    expect(getSession()).toEqual(impersonationSession);
    expect(JSON.parse(window.localStorage.getItem(ADMIN_SESSION_STORAGE_KEY) ?? 'null')).toEqual(
      adminSession,
    );
    const reloaded = await reloadStore();
    expect(reloaded.getSession()).toEqual(impersonationSession);
    expect(reloaded.getStashedAdminSession()).toEqual(adminSession);
  });

  it('restores the admin session when impersonation stops', () => {
    setSession(adminSession);
    startImpersonation(impersonationSession);

    expect(stopImpersonation()).toEqual(adminSession);
    expect(getSession()).toEqual(adminSession);
    expect(getStashedAdminSession()).toBeNull();
    expect(window.localStorage.getItem(ADMIN_SESSION_STORAGE_KEY)).toBeNull();
  });

  it('signs out when impersonation stops with no admin session to return to', () => {
    storeSession(impersonationSession);
    setSession(impersonationSession);

    expect(stopImpersonation()).toBeNull();
    expect(getSession()).toBeNull();
  });

  it('forgets the admin session kept aside on sign-out', () => {
    setSession(adminSession);
    startImpersonation(impersonationSession);
    clearSession();

    expect(getSession()).toBeNull();
    expect(window.localStorage.getItem(ADMIN_SESSION_STORAGE_KEY)).toBeNull();
  });

  it('follows a sign-out in another tab and goes to sign-in', () => {
    const navigate = vi.fn();
    const disconnect = connectRedirects({
      navigate,
      state: { location: { pathname: '/users', search: '' } },
    });
    setSession(userSession);
    window.localStorage.removeItem(SESSION_STORAGE_KEY);

    syncFromStorage();

    expect(getSession()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/sign-in', { replace: true });
    disconnect();
  });

  it("takes another tab's newer permission groups for the same session", () => {
    const listener = vi.fn();
    setSession(userSession);
    const unsubscribe = subscribeToSession(listener);
    storeSession(sessionWith(userSession, ['billing']));

    syncFromStorage();
    syncFromStorage();

    expect(getSession()?.permissions).toEqual(['billing']);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
