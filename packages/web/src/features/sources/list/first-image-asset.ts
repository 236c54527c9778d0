import type { AssetResource } from '@darkroom/core';
import { useQuery } from '@tanstack/react-query';
import { assetKeys, assetListQuery, toAsset, type Asset } from '../../../api/assets.ts';
import { apiFetch, type ApiDocument } from '../../../api/client.ts';

/** `GET /sources/{id}/assets`, one row: the newest visible image of the source, or null. */
async function getFirstImageAsset(sourceId: string, signal?: AbortSignal): Promise<Asset | null> {
  const query = assetListQuery(
    {
      keyword: '',
      mediaKinds: ['IMAGE'],
      contentType: '',
      hasFaces: false,
      color: '',
      hidden: 'false',
      sort: '-date_created',
    },
    1,
    1,
  );
  const document = await apiFetch<ApiDocument<AssetResource[]>>(
    `/sources/${encodeURIComponent(sourceId)}/assets`,
    { query, signal },
  );
  const first = document.data[0];
  return first === undefined ? null : toAsset(first);
}

/**
 * An image of the source to try things on (the onboarding checklist's sample URL and playground),
 * null while the source has none indexed. Kept under the source's asset lists, so whatever
 * refreshes them (an index, an upload) refreshes it too.
 */
export function useFirstImageAsset(sourceId: string | null) {
  return useQuery({
    queryKey: [...assetKeys.lists(sourceId ?? ''), 'first-image'],
    queryFn: ({ signal }) => getFirstImageAsset(sourceId ?? '', signal),
    enabled: sourceId !== null,
  });
}
