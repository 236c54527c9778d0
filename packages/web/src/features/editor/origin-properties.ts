import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Asset } from '../../api/assets.ts';
import { signUrls } from '../delivery-urls/sign-urls.ts';
import type { OriginProperties } from './editor-types.ts';
import {
  ORIGIN_RETRY_MS,
  originPropertiesOf,
  originPropertiesOfAsset,
} from './image-status.utils.ts';

/** A 423 from `fm=json`: the origin is still being read; asked again after 3 s. */
class OriginLockedError extends Error {}

/** How long a locked origin is waited for before the editor gives up (40 tries of 3 s). */
const ORIGIN_MAX_TRIES = 40;

const originKeys = {
  all: ['editor-origin'] as const,
  detail: (fullUrl: string) => [...originKeys.all, fullUrl] as const,
};

/**
 * `GET {asset URL}?fm=json` (spec editor section 7). A delivery domain that sends no CORS
 * headers cannot be read from the dashboard: the asset record's own dimensions stand in.
 */
async function getOriginProperties(
  queryClient: QueryClient,
  asset: Asset,
  signal?: AbortSignal,
): Promise<OriginProperties> {
  const fallback = originPropertiesOfAsset(asset);
  if (asset.fullURL === null) throw new Error('This asset has no delivery URL.');
  const unsigned = new URL(asset.fullURL);
  unsigned.searchParams.set('fm', 'json');
  // Signed when the source requires it (delivery-urls/): the data, and the original that crop
  // mode shows.
  const [url = unsigned.href, originUrl = asset.fullURL] = await signUrls(
    queryClient,
    asset.source_id,
    [unsigned.href, asset.fullURL],
  );
  let response: Response;
  try {
    response = await fetch(url, { signal });
  } catch (error) {
    if (fallback && !signal?.aborted) return fallback;
    throw error;
  }
  if (response.status === 423) throw new OriginLockedError('The image is still processing.');
  if (!response.ok) {
    throw new Error(`The image data could not be read: ${response.status} ${response.statusText}`);
  }
  const properties = originPropertiesOf(await response.json(), originUrl);
  if (properties) return properties;
  if (fallback) return fallback;
  throw new Error('The image data has no dimensions.');
}

export function useOriginPropertiesQuery(asset: Asset | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: originKeys.detail(asset?.fullURL ?? ''),
    queryFn: ({ signal }) => getOriginProperties(queryClient, asset as Asset, signal),
    enabled: asset !== undefined && asset.fullURL !== null,
    retry: (failures, error) => error instanceof OriginLockedError && failures < ORIGIN_MAX_TRIES,
    retryDelay: ORIGIN_RETRY_MS,
    staleTime: Infinity,
  });
}
