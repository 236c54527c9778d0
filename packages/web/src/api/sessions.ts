import type { ResourceObject, SessionAttributes, signInSchema } from '@darkroom/core';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { clearSession, getSession, getStashedAdminSession, type Session } from '../app/session.ts';
import {
  apiFetch,
  apiRequest,
  resourceDocument,
  type ApiDocument,
  type ApiRequestOptions,
  type ApiResult,
} from './client.ts';

export type SessionResource = ResourceObject<'sessions', SessionAttributes>;
export type SignInValues = z.output<typeof signInSchema>;

/** The stored session for a session resource; `token` is null when the server sent none. */
export function toSession(resource: SessionResource): Session {
  const { token, admin, impersonating, user_id, account_id, permissions } = resource.attributes;
  return {
    token: token ?? null,
    admin,
    impersonating,
    userId: user_id,
    accountId: account_id,
    permissions,
  };
}

/** `POST /sessions`: signs in. Admins also get the HttpOnly admin cookie. */
async function signIn(values: SignInValues): Promise<Session> {
  const document = await apiFetch<ApiDocument<SessionResource>>('/sessions', {
    method: 'POST',
    body: resourceDocument('sessions', values),
  });
  return toSession(document.data);
}

/** `GET /sessions/current`: the session the request is made with (bearer token or admin cookie). */
export function getCurrentSession(
  options: Pick<ApiRequestOptions, 'session' | 'signOutOnUnauthorized'> = {},
): Promise<ApiResult<ApiDocument<SessionResource>>> {
  return apiRequest<ApiDocument<SessionResource>>('/sessions/current', options);
}

/** `DELETE /sessions/current` for one session; its token (and the admin cookie) stop working. */
export function deleteSession(session: Session | null): Promise<ApiResult<null>> {
  // The session ends here whatever the answer, so an expired token is no reason to redirect.
  return apiRequest<null>('/sessions/current', {
    method: 'DELETE',
    session,
    signOutOnUnauthorized: false,
  });
}

/**
 * Signs out everywhere this browser is signed in: the current session and, while impersonating,
 * the admin session kept aside. The local session is cleared even when the server cannot be reached.
 */
async function signOut(): Promise<void> {
  const stashedAdmin = getStashedAdminSession();
  try {
    await Promise.all([deleteSession(getSession()), stashedAdmin && deleteSession(stashedAdmin)]);
  } finally {
    clearSession();
  }
}

export function useSignInMutation() {
  return useMutation({ mutationFn: signIn });
}

export function useSignOutMutation() {
  return useMutation({ mutationFn: signOut });
}
