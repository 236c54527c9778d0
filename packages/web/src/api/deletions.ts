import type { ResourceObject } from '@darkroom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { assetApiPath, assetKeys } from './assets.ts';
import { apiFetch, resourceDocument, type ApiDocument } from './client.ts';

/** The query keys of every source list and detail (api/sources.ts keeps them under 'sources'). */
const SOURCES_KEY = ['sources'] as const;

/** `DELETE /sources/{id}`: the source, its assets, files and renders; its subdomain is held. */
async function deleteSource(id: string): Promise<void> {
  await apiFetch<null>(`/sources/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** `DELETE /assets/{sourceId}/{path}`: a Darkroom Storage file, its asset and its renders. */
async function deleteAsset(target: { sourceId: string; originPath: string }): Promise<void> {
  await apiFetch<null>(assetApiPath(target.sourceId, target.originPath), { method: 'DELETE' });
}

export function useDeleteSourceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSource,
    onSuccess: (_done, id) => {
      queryClient.removeQueries({ queryKey: [...SOURCES_KEY, 'detail', id] });
      void queryClient.invalidateQueries({ queryKey: SOURCES_KEY });
      void queryClient.invalidateQueries({ queryKey: assetKeys.all });
    },
  });
}

export function useDeleteAssetMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAsset,
    onSuccess: (_done, { sourceId, originPath }) => {
      queryClient.removeQueries({ queryKey: assetKeys.detail(sourceId, originPath) });
      void queryClient.invalidateQueries({ queryKey: assetKeys.lists(sourceId) });
      void queryClient.invalidateQueries({ queryKey: assetKeys.sources() });
    },
  });
}

/** A source's hidden assets and whether delivery still serves them. */
export interface HiddenAssets {
  stop_delivering: boolean;
  hidden_count: number;
}

type HiddenAssetsResource = ResourceObject<'hidden_assets', HiddenAssets>;

const hiddenAssetsKey = (sourceId: string) => [...SOURCES_KEY, 'hidden-assets', sourceId] as const;

export function useHiddenAssetsQuery(sourceId: string) {
  return useQuery({
    queryKey: hiddenAssetsKey(sourceId),
    queryFn: async ({ signal }) => {
      const document = await apiFetch<ApiDocument<HiddenAssetsResource>>(
        `/sources/${encodeURIComponent(sourceId)}/hidden-assets`,
        { signal },
      );
      return document.data.attributes;
    },
  });
}

export function useStopDeliveringHiddenMutation(sourceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (stop: boolean) => {
      const document = await apiFetch<ApiDocument<HiddenAssetsResource>>(
        `/sources/${encodeURIComponent(sourceId)}/hidden-assets`,
        {
          method: 'PATCH',
          body: resourceDocument('hidden_assets', { stop_delivering: stop }),
        },
      );
      return document.data.attributes;
    },
    onSuccess: (saved) => queryClient.setQueryData(hiddenAssetsKey(sourceId), saved),
  });
}
