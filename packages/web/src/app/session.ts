import { PERMISSION_GROUPS, type PermissionGroup } from '@darkroom/core';
import { useSyncExternalStore } from 'react';
import { redirectTo } from './redirect.ts';

/**
 * The signed-in session (spec platform section 3, Session). `token` is null only for an admin
 * session adopted from the HttpOnly admin cookie (spec section 6), which the browser cannot read.
 */
export interface Session {
  token: string | null;
  admin: boolean;
  impersonating: boolean;
  userId: string;
  accountId: string;
  /**
   * The user's permission groups, implied ones included (platform spec section 5). Null for a
   * session stored before groups existed, until the start-up check has asked the server.
   */
  permissions: PermissionGroup[] | null;
}

export const SESSION_STORAGE_KEY = 'darkroom.session';
export const ADMIN_SESSION_STORAGE_KEY = 'darkroom.adminSession';

type Listener = () => void;

const listeners = new Set<Listener>();
let current: Session | null = readStored(SESSION_STORAGE_KEY);

function isPermissionList(value: unknown): value is PermissionGroup[] {
  return (
    Array.isArray(value) &&
    value.every((group) => PERMISSION_GROUPS.includes(group as PermissionGroup))
  );
}

/** A stored session; one from before permission groups lacks them (read as not known yet). */
function isStoredSession(
  value: unknown,
): value is Omit<Session, 'permissions'> & Partial<Pick<Session, 'permissions'>> {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    (typeof candidate.token === 'string' || candidate.token === null) &&
    typeof candidate.admin === 'boolean' &&
    typeof candidate.impersonating === 'boolean' &&
    typeof candidate.userId === 'string' &&
    typeof candidate.accountId === 'string' &&
    (candidate.permissions === undefined ||
      candidate.permissions === null ||
      isPermissionList(candidate.permissions))
  );
}

function readStored(key: string): Session | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    return isStoredSession(parsed) ? { ...parsed, permissions: parsed.permissions ?? null } : null;
  } catch {
    // Storage can be disabled (private mode) or hold garbage from an older build: start signed out.
    return null;
  }
}

function writeStored(key: string, session: Session | null): void {
  try {
    if (session) window.localStorage.setItem(key, JSON.stringify(session));
    else window.localStorage.removeItem(key);
  } catch {
    // Without storage the session still lives for this page; it just does not survive a reload.
  }
}

function publish(next: Session | null): void {
  current = next;
  for (const listener of listeners) listener();
}

/** The current session, or null when signed out. */
export function getSession(): Session | null {
  return current;
}

/** The admin session kept aside while impersonating, if any. */
export function getStashedAdminSession(): Session | null {
  return readStored(ADMIN_SESSION_STORAGE_KEY);
}

/**
 * Replaces the current session. A cookie-backed admin session (no token) is kept in memory only:
 * the cookie itself is what survives a reload, and the start-up check adopts it again.
 */
export function setSession(session: Session): void {
  writeStored(SESSION_STORAGE_KEY, session.token === null ? null : session);
  publish(session);
}

/** Signs out locally: forgets the session and any admin session kept aside. */
export function clearSession(): void {
  writeStored(SESSION_STORAGE_KEY, null);
  writeStored(ADMIN_SESSION_STORAGE_KEY, null);
  publish(null);
}

/** Keeps the admin session aside and switches to the impersonation session. */
export function startImpersonation(impersonation: Session): void {
  if (current && !current.impersonating) writeStored(ADMIN_SESSION_STORAGE_KEY, current);
  setSession(impersonation);
}

/**
 * Leaves the impersonation session and returns to the admin session kept aside.
 * Returns the restored session, or null (signed out) when there was none to return to.
 */
export function stopImpersonation(): Session | null {
  const admin = getStashedAdminSession();
  writeStored(ADMIN_SESSION_STORAGE_KEY, null);
  if (!admin) {
    clearSession();
    return null;
  }
  setSession(admin);
  return admin;
}

export function subscribeToSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function samePermissions(
  a: readonly PermissionGroup[] | null,
  b: readonly PermissionGroup[] | null,
): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((group) => b.includes(group));
}

/** Follows a session change made in another tab, so no tab keeps acting with a revoked token. */
export function syncFromStorage(): void {
  const stored = readStored(SESSION_STORAGE_KEY);
  // A cookie-backed admin session is not in storage; another tab's silence does not end it.
  if (!stored && current?.token === null) return;
  if (stored?.token === current?.token) {
    // The same session with other groups: another tab learnt them (spec platform section 5).
    if (stored && current && !samePermissions(stored.permissions, current.permissions)) {
      publish(stored);
    }
    return;
  }
  publish(stored);
  if (!stored) redirectTo('/sign-in', { replace: true });
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) syncFromStorage();
  });
}

/** The current session, re-rendering when it changes. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeToSession, getSession, getSession);
}
