import type { AccountAttributes, ResourceObject, signUpSchema } from '@darkroom/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch, resourceDocument, type ApiDocument } from './client.ts';
import { toSession, type SessionResource } from './sessions.ts';
import type { Session } from '../app/session.ts';

type AccountResource = ResourceObject<'accounts', AccountAttributes>;
export type SignUpValues = z.output<typeof signUpSchema>;

export interface Account extends AccountAttributes {
  id: string;
}

const accountKeys = {
  all: ['accounts'] as const,
  details: () => [...accountKeys.all, 'detail'] as const,
  detail: (id: string) => [...accountKeys.details(), id] as const,
};

function toAccount(resource: AccountResource): Account {
  return { id: resource.id, ...resource.attributes };
}

/** `POST /accounts`: creates the company, its first user and a session for that user. */
async function signUp(values: SignUpValues): Promise<Session> {
  const document = await apiFetch<ApiDocument<SessionResource>>('/accounts', {
    method: 'POST',
    body: resourceDocument('accounts', values),
  });
  return toSession(document.data);
}

/** `GET /accounts/{id}`: the caller's own account (any account for an admin session). */
async function getAccount(id: string, signal?: AbortSignal): Promise<Account> {
  const document = await apiFetch<ApiDocument<AccountResource>>(
    `/accounts/${encodeURIComponent(id)}`,
    { admin: true, signal },
  );
  return toAccount(document.data);
}

export function useAccountQuery(id: string | undefined) {
  return useQuery({
    queryKey: accountKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getAccount(id ?? '', signal),
    enabled: Boolean(id),
  });
}

export function useSignUpMutation() {
  return useMutation({ mutationFn: signUp });
}
