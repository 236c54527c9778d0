import type { OriginAuthAttributes } from '@darkroom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, type ApiDocument } from './client.ts';

export type OriginAuth = OriginAuthAttributes;

/**
 * `PUT /sources/{id}/origin-authentication` attributes: a scheme left out stays, null turns it
 * off; a secret left out keeps the stored one. `test_path` is fetched with the new settings
 * before they are saved.
 */
export interface OriginAuthChanges {
  basic_auth?: { username: string; password?: string } | null;
  custom_header?: { name: string; value?: string } | null;
  signing_key?: string | null;
  test_path?: string;
}

interface OriginAuthResource {
  type: 'origin_authentications';
  id: string;
  attributes: OriginAuth;
}

const originAuthKeys = {
  // Beside the source's own key, so invalidating the source (exact) leaves it alone.
  detail: (sourceId: string) => ['sources', 'detail', sourceId, 'origin-authentication'] as const,
};

const path = (sourceId: string) => `/sources/${encodeURIComponent(sourceId)}/origin-authentication`;

/** `GET /sources/{id}/origin-authentication`: what is set, secrets masked. */
async function getOriginAuth(sourceId: string, signal?: AbortSignal): Promise<OriginAuth> {
  const document = await apiFetch<ApiDocument<OriginAuthResource>>(path(sourceId), { signal });
  return document.data.attributes;
}

async function putOriginAuth(sourceId: string, changes: OriginAuthChanges): Promise<OriginAuth> {
  const document = await apiFetch<ApiDocument<OriginAuthResource>>(path(sourceId), {
    method: 'PUT',
    body: { data: { type: 'origin_authentications', id: sourceId, attributes: changes } },
  });
  return document.data.attributes;
}

export function useOriginAuthQuery(sourceId: string) {
  return useQuery({
    queryKey: originAuthKeys.detail(sourceId),
    queryFn: ({ signal }) => getOriginAuth(sourceId, signal),
  });
}

export function useUpdateOriginAuthMutation(sourceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: OriginAuthChanges) => putOriginAuth(sourceId, changes),
    onSuccess: (auth) => queryClient.setQueryData(originAuthKeys.detail(sourceId), auth),
  });
}
