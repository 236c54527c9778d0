import type { InvitationAcceptanceInput } from '@darkroom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Session } from '../app/session.ts';
import { apiFetch, resourceDocument, type ApiDocument } from './client.ts';
import { toInvitation, type Invitation, type InvitationResource } from './invitation-resource.ts';
import { toSession, type SessionResource } from './sessions.ts';
import { userKeys } from './users.ts';

// The link's token is the only credential of these calls: no session goes with them, so one
// left in this browser (another user's, or expired) cannot change the answer.

/** `GET /invitations/{token}`: who is invited, to which account, until when. */
async function getInvitation(token: string, signal?: AbortSignal): Promise<Invitation> {
  const document = await apiFetch<ApiDocument<InvitationResource>>(
    `/invitations/${encodeURIComponent(token)}`,
    { session: null, signal },
  );
  return toInvitation(document.data);
}

/** `POST /invitations/{token}/acceptance`: sets the password and signs the teammate in. */
async function acceptInvitation({
  token,
  values,
}: {
  token: string;
  values: InvitationAcceptanceInput;
}): Promise<Session> {
  const document = await apiFetch<ApiDocument<SessionResource>>(
    `/invitations/${encodeURIComponent(token)}/acceptance`,
    { method: 'POST', session: null, body: resourceDocument('invitation_acceptances', values) },
  );
  return toSession(document.data);
}

/** `POST /users/{id}/invitation`: emails a teammate a new link; older ones stop working. */
async function resendInvitation(userId: string): Promise<Invitation> {
  const document = await apiFetch<ApiDocument<InvitationResource>>(
    `/users/${encodeURIComponent(userId)}/invitation`,
    { method: 'POST' },
  );
  return toInvitation(document.data);
}

export function useInvitationQuery(token: string) {
  return useQuery({
    queryKey: ['invitations', token],
    queryFn: ({ signal }) => getInvitation(token, signal),
    enabled: token !== '',
  });
}

export function useAcceptInvitationMutation() {
  return useMutation({ mutationFn: acceptInvitation });
}

export function useResendInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
