import type { ApiKeyAttributes, NewApiKeyInput, ResourceObject } from '@darkroom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, resourceDocument, type ApiDocument } from './client.ts';

type ApiKeyResource = ResourceObject<'api_keys', ApiKeyAttributes>;

/** An API key as listed: never the key itself, which only its creation answer holds. */
export interface ApiKey extends Omit<ApiKeyAttributes, 'key'> {
  id: string;
}

/** A key just created, with the secret that is shown this once and kept nowhere. */
export interface CreatedApiKey extends ApiKey {
  key: string;
}

/** What `POST /api-keys` takes: a name, groups no wider than the creator's, an optional expiry. */
export type NewApiKeyValues = Required<Pick<NewApiKeyInput, 'name' | 'permissions'>> & {
  date_expires: number | null;
};

export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: () => [...apiKeyKeys.all, 'list'] as const,
};

function toApiKey({ id, attributes }: ApiKeyResource): ApiKey {
  const { key: _key, ...listed } = attributes;
  return { id, ...listed };
}

/** `GET /api-keys`: the account's usable keys (neither revoked nor expired), newest first. */
async function getApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  const document = await apiFetch<ApiDocument<ApiKeyResource[]>>('/api-keys', { signal });
  return document.data.map(toApiKey);
}

/** `POST /api-keys`: a new key; 409 once the account holds its 20, 403 for groups too wide. */
async function createApiKey(values: NewApiKeyValues): Promise<CreatedApiKey> {
  const document = await apiFetch<ApiDocument<ApiKeyResource>>('/api-keys', {
    method: 'POST',
    body: resourceDocument('api_keys', values),
  });
  const key = document.data.attributes.key ?? '';
  return { ...toApiKey(document.data), key };
}

/** `DELETE /api-keys/{id}`: the key stops working at once. */
async function revokeApiKey(id: string): Promise<void> {
  await apiFetch<null>(`/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useApiKeysQuery() {
  return useQuery({
    queryKey: apiKeyKeys.list(),
    queryFn: ({ signal }) => getApiKeys(signal),
  });
}

export function useCreateApiKeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
