import type {
  AssetAttributes,
  AssetResource,
  MediaKind,
  PaginationMeta,
  ResourceObject,
  SourceAttributes,
} from '@darkroom/core';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { apiFetch, type ApiDocument } from './client.ts';
import type { Source } from './sources.ts';

export { DEMO_SOURCE_ID } from './sources.ts';
import { paginationOf } from './users.ts';

/** Spec platform section 9: the asset manager asks for up to 300 sources at once. */
const ASSET_SOURCES_PAGE_SIZE = 300;

/** How many assets one page of the grid loads. */
const ASSETS_PAGE_SIZE = 100;

export type { AssetResource, MediaKind } from '@darkroom/core';

export interface Asset extends AssetAttributes {
  /** The source id followed by the origin path. */
  id: string;
}

type IndexStatus = 'running' | 'finished' | 'failed' | null;

/** A source as the asset manager lists it: with its asset count and indexing state. */
export interface AssetSource extends Source {
  asset_count: number;
  index_status: IndexStatus;
  indexed_at: string | null;
}

export type AssetSort =
  | '-date_created'
  | 'date_created'
  | '-date_modified'
  | 'date_modified'
  | '-file_size'
  | 'file_size'
  | 'name'
  | '-name';

/** What the grid shows: every field is a `filter[...]` of the list call (empty means no filter). */
export interface AssetFilters {
  keyword: string;
  mediaKinds: MediaKind[];
  contentType: string;
  hasFaces: boolean;
  /** A `#rrggbb` colour, or ''. */
  color: string;
  hidden: 'false' | 'true' | 'all';
  sort: AssetSort;
}

/** Fields the customer may change (`PATCH /assets/{sourceID}/{path}`). */
export interface AssetChanges {
  name?: string;
  description?: string | null;
  categories?: string[];
  labels_user_defined?: string[];
  hidden?: boolean;
}

export interface AssetsPage {
  assets: Asset[];
  pagination: PaginationMeta;
}

export const assetKeys = {
  all: ['assets'] as const,
  sources: () => [...assetKeys.all, 'sources'] as const,
  lists: (sourceId: string) => [...assetKeys.all, 'list', sourceId] as const,
  list: (sourceId: string, filters: AssetFilters) =>
    [...assetKeys.lists(sourceId), filters] as const,
  details: () => [...assetKeys.all, 'detail'] as const,
  detail: (sourceId: string, originPath: string) =>
    [...assetKeys.details(), sourceId, originPath] as const,
};

/** `/assets/{sourceID}/{path}`: the origin path percent-encoded per segment (a `#` stays a name). */
export function assetApiPath(sourceId: string, originPath: string): string {
  const segments = originPath
    .split('/')
    .filter((segment) => segment !== '')
    .map(encodeURIComponent);
  return `/assets/${encodeURIComponent(sourceId)}/${segments.join('/')}`;
}

export function toAsset(resource: AssetResource): Asset {
  return { id: resource.id, ...resource.attributes };
}

type AssetSourceResource = ResourceObject<
  'sources',
  SourceAttributes & Pick<AssetSource, 'asset_count' | 'index_status' | 'indexed_at'>
>;

/** `GET /assets/sources/`: the sources the caller may browse, the demo source included. */
export async function getAssetSources(signal?: AbortSignal): Promise<AssetSource[]> {
  const document = await apiFetch<ApiDocument<AssetSourceResource[]>>('/assets/sources/', {
    query: { 'page[size]': ASSET_SOURCES_PAGE_SIZE, 'filter[enabled]': true },
    signal,
  });
  return document.data.map((resource) => ({ id: resource.id, ...resource.attributes }));
}

/** The list call's query: filters left empty are not sent. */
export function assetListQuery(filters: AssetFilters, page: number, pageSize = ASSETS_PAGE_SIZE) {
  const keyword = filters.keyword.trim();
  return {
    'page[number]': page,
    'page[size]': pageSize,
    sort: filters.sort,
    'filter[keyword]': keyword || undefined,
    'filter[media_kind]': filters.mediaKinds.length > 0 ? filters.mediaKinds.join(',') : undefined,
    'filter[content_type]': filters.contentType || undefined,
    'filter[has_faces]': filters.hasFaces ? true : undefined,
    'filter[colors]': filters.color || undefined,
    'filter[hidden]': filters.hidden,
  };
}

/** `GET /sources/{id}/assets`: one page of a source's assets. */
export async function getAssets(
  sourceId: string,
  filters: AssetFilters,
  page: number,
  signal?: AbortSignal,
): Promise<AssetsPage> {
  const document = await apiFetch<ApiDocument<AssetResource[]>>(
    `/sources/${encodeURIComponent(sourceId)}/assets`,
    { query: assetListQuery(filters, page), signal },
  );
  return {
    assets: document.data.map(toAsset),
    pagination: paginationOf(document, page, ASSETS_PAGE_SIZE),
  };
}

/** `GET /assets/{sourceID}/{path}`. */
export async function getAsset(
  sourceId: string,
  originPath: string,
  signal?: AbortSignal,
): Promise<Asset> {
  const document = await apiFetch<ApiDocument<AssetResource>>(assetApiPath(sourceId, originPath), {
    signal,
  });
  return toAsset(document.data);
}

/** `PATCH /assets/{sourceID}/{path}`: saves only the given fields. */
export async function updateAsset(asset: Asset, changes: AssetChanges): Promise<Asset> {
  const document = await apiFetch<ApiDocument<AssetResource>>(
    assetApiPath(asset.source_id, asset.origin_path),
    { method: 'PATCH', body: { data: { type: 'assets', id: asset.id, attributes: changes } } },
  );
  return toAsset(document.data);
}

/** `POST /assets/{sourceID}/{path}/refresh`: re-reads the file at the origin. */
export async function refreshAsset(asset: Asset): Promise<Asset> {
  const document = await apiFetch<ApiDocument<AssetResource>>(
    `${assetApiPath(asset.source_id, asset.origin_path)}/refresh`,
    { method: 'POST' },
  );
  return toAsset(document.data);
}

/** `POST /sources/{id}/assets/index`: starts indexing the source again (202). */
export async function requestAssetIndex(sourceId: string): Promise<void> {
  await apiFetch<null>(`/sources/${encodeURIComponent(sourceId)}/assets/index`, {
    method: 'POST',
  });
}

/** How often the sources are read again while one of them is being indexed. */
const INDEXING_POLL_MS = 5000;

export function useAssetSourcesQuery() {
  return useQuery({
    queryKey: assetKeys.sources(),
    queryFn: ({ signal }) => getAssetSources(signal),
    // While a source is being indexed its count and state change: look again now and then.
    refetchInterval: (query) =>
      query.state.data?.some((source) => source.index_status === 'running')
        ? INDEXING_POLL_MS
        : false,
  });
}

export function useAssetsInfiniteQuery(sourceId: string, filters: AssetFilters) {
  return useInfiniteQuery({
    queryKey: assetKeys.list(sourceId, filters),
    queryFn: ({ signal, pageParam }) => getAssets(sourceId, filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: AssetsPage) => last.pagination.nextPage ?? undefined,
    enabled: sourceId !== '',
  });
}

export function useAssetQuery(sourceId: string, originPath: string) {
  return useQuery({
    queryKey: assetKeys.detail(sourceId, originPath),
    queryFn: ({ signal }) => getAsset(sourceId, originPath, signal),
  });
}

function useStoreAsset() {
  const queryClient = useQueryClient();
  return (asset: Asset) => {
    queryClient.setQueryData(assetKeys.detail(asset.source_id, asset.origin_path), asset);
    void queryClient.invalidateQueries({ queryKey: assetKeys.lists(asset.source_id) });
  };
}

export function useUpdateAssetMutation(asset: Asset) {
  const store = useStoreAsset();
  return useMutation({
    mutationFn: (changes: AssetChanges) => updateAsset(asset, changes),
    onSuccess: store,
  });
}

export function useRefreshAssetMutation(asset: Asset) {
  const store = useStoreAsset();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshAsset(asset),
    onSuccess: store,
    onError: () => {
      // A file gone from the origin lost its row too: the page and the grid must learn it.
      void queryClient.invalidateQueries({
        queryKey: assetKeys.detail(asset.source_id, asset.origin_path),
      });
      void queryClient.invalidateQueries({ queryKey: assetKeys.lists(asset.source_id) });
    },
  });
}

export function useRequestAssetIndexMutation(sourceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestAssetIndex(sourceId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: assetKeys.sources() }),
  });
}

/** The assets loaded so far by the infinite list, in order. */
export function loadedAssets(data: InfiniteData<AssetsPage> | undefined): Asset[] {
  return data?.pages.flatMap((page) => page.assets) ?? [];
}
