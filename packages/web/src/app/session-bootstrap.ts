import { getCurrentSession, toSession } from '../api/sessions.ts';
import { getSession, setSession } from './session.ts';

let bootstrap: Promise<void> | null = null;

async function adoptCookieSession(): Promise<void> {
  if (getSession()) return;
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
 * Settles once the start-up session is known. With a stored token that is at once; otherwise
 * `GET /sessions/current` is asked once, and an admin cookie session is adopted without a token.
 */
export function bootstrapSession(): Promise<void> {
  bootstrap ??= adoptCookieSession();
  return bootstrap;
}
