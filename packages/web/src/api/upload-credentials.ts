import type { UploadCredentialsAttributes } from '@darkroom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { assetKeys } from './assets.ts';
import { apiFetch, type ApiDocument } from './client.ts';

export type UploadCredentials = UploadCredentialsAttributes;

/**
 * `PUT /sources/{id}/upload-credentials` attributes: both keys of an S3-protocol source, or the
 * SAS of an Azure one. The server writes and deletes a probe object with them before saving.
 */
export type UploadCredentialChanges =
  { access_key: string; secret_key: string } | { sas_string: string };

interface UploadCredentialsResource {
  type: 'upload_credentials';
  id: string;
  attributes: UploadCredentials;
}

const uploadCredentialKeys = {
  // Beside the source's own key, so invalidating the source (exact) leaves it alone.
  detail: (sourceId: string) => ['sources', 'detail', sourceId, 'upload-credentials'] as const,
};

const path = (sourceId: string) => `/sources/${encodeURIComponent(sourceId)}/upload-credentials`;

async function getUploadCredentials(
  sourceId: string,
  signal?: AbortSignal,
): Promise<UploadCredentials> {
  const document = await apiFetch<ApiDocument<UploadCredentialsResource>>(path(sourceId), {
    signal,
  });
  return document.data.attributes;
}

export async function putUploadCredentials(
  sourceId: string,
  changes: UploadCredentialChanges,
): Promise<UploadCredentials> {
  const document = await apiFetch<ApiDocument<UploadCredentialsResource>>(path(sourceId), {
    method: 'PUT',
    body: { data: { type: 'upload_credentials', id: sourceId, attributes: changes } },
  });
  return document.data.attributes;
}

async function deleteUploadCredentials(sourceId: string): Promise<UploadCredentials> {
  const document = await apiFetch<ApiDocument<UploadCredentialsResource>>(path(sourceId), {
    method: 'DELETE',
  });
  return document.data.attributes;
}

export function useUploadCredentialsQuery(sourceId: string) {
  return useQuery({
    queryKey: uploadCredentialKeys.detail(sourceId),
    queryFn: ({ signal }) => getUploadCredentials(sourceId, signal),
  });
}

/** Saving or removing them changes whether the source takes uploads (`uploads_enabled`). */
function useOnChanged(sourceId: string) {
  const queryClient = useQueryClient();
  return (credentials: UploadCredentials) => {
    queryClient.setQueryData(uploadCredentialKeys.detail(sourceId), credentials);
    void queryClient.invalidateQueries({ queryKey: ['sources', 'detail', sourceId], exact: true });
    void queryClient.invalidateQueries({ queryKey: ['sources', 'list'] });
    void queryClient.invalidateQueries({ queryKey: assetKeys.sources() });
  };
}

export function useUpdateUploadCredentialsMutation(sourceId: string) {
  const onChanged = useOnChanged(sourceId);
  return useMutation({
    mutationFn: (changes: UploadCredentialChanges) => putUploadCredentials(sourceId, changes),
    onSuccess: onChanged,
  });
}

export function useRemoveUploadCredentialsMutation(sourceId: string) {
  const onChanged = useOnChanged(sourceId);
  return useMutation({
    mutationFn: () => deleteUploadCredentials(sourceId),
    onSuccess: onChanged,
  });
}
