import type { PasswordResetInput, PasswordResetRequestInput } from '@darkroom/core';
import { useMutation } from '@tanstack/react-query';
import { apiFetch, resourceDocument } from './client.ts';

/**
 * `POST /password-resets`: asks for a link by email. The server answers alike whether or not an
 * account has the address, so there is nothing to read from the answer.
 */
async function requestPasswordReset(values: PasswordResetRequestInput): Promise<void> {
  await apiFetch<unknown>('/password-resets', {
    method: 'POST',
    session: null,
    body: resourceDocument('password_resets', values),
  });
}

/** `POST /password-resets/{token}`: sets the new password; every session of the user ends. */
async function resetPassword({
  token,
  values,
}: {
  token: string;
  values: PasswordResetInput;
}): Promise<void> {
  await apiFetch<null>(`/password-resets/${encodeURIComponent(token)}`, {
    method: 'POST',
    session: null,
    body: resourceDocument('password_resets', values),
  });
}

export function useRequestPasswordResetMutation() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
