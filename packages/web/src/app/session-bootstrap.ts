import { getCurrentSession, toSession } from '../api/sessions.ts';
import { getSession, setSession } from './session.ts';

let bootstrap: Promise<void> | null = null;

async function adoptCookieSession(): Promise<void> {
  try {
    const result = await getCurrentSession({ signOutOnUnauthorized: false });
    // Without a stored token only the HttpOnly admin cookie can authenticate this request
    // (spec platform section 6), and only an admin session is adopted from it.
    if (!result.ok || !result.data?.data.attributes.admin || getSession()) return;
    setSession({ ...toSession(result.data.data), token: null, impersonating: false });
  } catch (error) {
    console.warn('Could not check for an admin session', error);
  }
}

/**
 * Asks the server for the current session's permission groups and keeps them: an Account Admin
 * may have changed them since they were stored (platform spec section 5). A failure keeps the
 * stored ones; the server still refuses, with its reason, what they no longer allow.
 */
export async function refreshSessionPermissions(): Promise<void> {
  const asked = getSession();
  if (!asked) return;
  try {
    const result = await getCurrentSession({ session: asked, signOutOnUnauthorized: false });
    // A session that changed meanwhile (signed out, impersonating) keeps its own groups.
    if (!result.ok || !result.data || getSession() !== asked) return;
    setSession({ ...asked, permissions: result.data.data.attributes.permissions });
  } catch (error) {
    console.warn('Could not refresh the permission groups', error);
  }
}

async function startUp(): Promise<void> {
  const stored = getSession();
  if (!stored) return adoptCookieSession();
  const refreshing = refreshSessionPermissions();
  // The stored groups show at once and are corrected when the answer comes; a session stored
  // before groups existed has none to show, so the first screen waits for them.
  if (stored.permissions === null) await refreshing;
}

/**
 * Settles once the start-up session is known. With a stored token that is at once (its groups
 * are refreshed in the background); otherwise `GET /sessions/current` is asked once, and an
 * admin cookie session is adopted without a token.
 */
export function bootstrapSession(): Promise<void> {
  bootstrap ??= startUp();
  return bootstrap;
}
