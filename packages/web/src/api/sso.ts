import type { ResourceObject } from '@darkroom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Session } from '../app/session.ts';
import { apiFetch, resourceDocument, type ApiDocument } from './client.ts';
import { toSession, type SessionResource } from './sessions.ts';

/** A single sign-on provider the sign-in page offers (`GET /sso/providers`). */
export interface SsoProvider {
  id: string;
  /** "Google": the button says "Sign in with {name}". */
  name: string;
  /** Where the browser goes to sign in there: a full page navigation, never a fetch. */
  startUrl: string;
}

type SsoProviderResource = ResourceObject<'sso_providers', { name: string; start_url: string }>;

/** The account's single sign-on requirement (`GET /account/sso`, Account Admin). */
export interface AccountSso {
  /** Single sign-on is configured on this install. */
  available: boolean;
  providerName: string | null;
  requireSso: boolean;
  /** The caller's own last sign-in went through single sign-on. */
  signedInWithSso: boolean;
}

type AccountSsoResource = ResourceObject<
  'sso_settings',
  {
    available: boolean;
    provider_name: string | null;
    require_sso: boolean;
    signed_in_with_sso: boolean;
  }
>;

const ssoKeys = {
  providers: ['sso', 'providers'] as const,
  account: ['sso', 'account'] as const,
};

async function getSsoProviders(signal?: AbortSignal): Promise<SsoProvider[]> {
  const document = await apiFetch<ApiDocument<SsoProviderResource[]>>('/sso/providers', {
    signal,
  });
  return document.data.map(({ id, attributes }) => ({
    id,
    name: attributes.name,
    startUrl: attributes.start_url,
  }));
}

export function useSsoProvidersQuery() {
  return useQuery({
    queryKey: ssoKeys.providers,
    queryFn: ({ signal }) => getSsoProviders(signal),
    staleTime: Infinity,
  });
}

/** `POST /sessions` with the one-time code a finished single sign-on came back with. */
export async function signInWithSsoCode(code: string): Promise<Session> {
  const document = await apiFetch<ApiDocument<SessionResource>>('/sessions', {
    method: 'POST',
    body: resourceDocument('sessions', { sso_auth_code: code }),
  });
  return toSession(document.data);
}

function toAccountSso({ attributes }: AccountSsoResource): AccountSso {
  return {
    available: attributes.available,
    providerName: attributes.provider_name,
    requireSso: attributes.require_sso,
    signedInWithSso: attributes.signed_in_with_sso,
  };
}

async function getAccountSso(signal?: AbortSignal): Promise<AccountSso> {
  const document = await apiFetch<ApiDocument<AccountSsoResource>>('/account/sso', { signal });
  return toAccountSso(document.data);
}

async function patchAccountSso(requireSso: boolean): Promise<AccountSso> {
  const document = await apiFetch<ApiDocument<AccountSsoResource>>('/account/sso', {
    method: 'PATCH',
    body: resourceDocument('sso_settings', { require_sso: requireSso }),
  });
  return toAccountSso(document.data);
}

export function useAccountSsoQuery() {
  return useQuery({
    queryKey: ssoKeys.account,
    queryFn: ({ signal }) => getAccountSso(signal),
  });
}

export function useRequireSsoMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchAccountSso,
    onSuccess: (settings) => queryClient.setQueryData(ssoKeys.account, settings),
  });
}
