import { RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  DEMO_SOURCE_ID,
  loadedAssets,
  useAssetSourcesQuery,
  useAssetsInfiniteQuery,
  useRequestAssetIndexMutation,
  type AssetFilters,
  type AssetSource,
} from '../../api/assets.ts';
import { usePlatformSettingsQuery } from '../../api/platform-settings.ts';
import { useDocumentTitle } from '../../app/document-title.ts';
import { usePermission } from '../../app/permissions.ts';
import { useSession } from '../../app/session.ts';
import { Button, Select, toast } from '../../ui/index.ts';
import { errorMessageOf } from '../forms/server-errors.utils.ts';
import { ListEmpty, ListError } from '../lists/list-states.tsx';
import { PermissionNote } from '../permissions/permission-note.tsx';
import { PermissionGate } from '../permissions/permission-required.tsx';
import { AltTextLanguagesButton } from './alt-text-languages/alt-text-languages-button.tsx';
import { AssetFiltersBar } from './asset-filters.tsx';
import {
  SEARCH_DEBOUNCE_MS,
  filtersFromParams,
  filtersToParams,
  isFiltered,
} from './asset-filters.utils.ts';
import { AssetGrid } from './asset-grid.tsx';
import { AssetGridSkeleton } from './asset-grid-skeleton.tsx';
import { AssetUpload, UploadsUnavailableNote } from './asset-upload.tsx';
import { lastUsedSourceId, startingSourceId, useRememberSource } from './last-used-source.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

function sourceLabel(source: AssetSource): string {
  const name = source.id === DEMO_SOURCE_ID ? 'Demo source' : source.name;
  return `${name} · ${source.asset_count} ${source.asset_count === 1 ? 'asset' : 'assets'}`;
}

function ReindexButton({ sourceId, readOnly }: { sourceId: string; readOnly: boolean }) {
  const reindex = useRequestAssetIndexMutation(sourceId);
  if (readOnly) return null;
  return (
    <Button
      type="button"
      variant="secondary"
      size="small"
      working={reindex.isPending}
      onClick={() =>
        reindex.mutate(undefined, {
          onSuccess: () => toast.success('Indexing started'),
          onError: (error) =>
            toast.error('Could not start indexing', { description: errorMessageOf(error) }),
        })
      }
    >
      {!reindex.isPending && <RefreshCw aria-hidden="true" className="size-4" />}
      Re-index
    </Button>
  );
}

/** Web folders and web proxies cannot be listed: their assets are the paths delivery served. */
function isIndexedFromServedPaths(source: AssetSource): boolean {
  return source.production.type === 'webfolder' || source.production.type === 'webproxy';
}

function ServedPathsNote({ source, readOnly }: { source: AssetSource; readOnly: boolean }) {
  return (
    <div className="flex flex-col gap-3 rounded-lg bg-sky-50 p-3 text-sm text-sky-900 ring-1 ring-sky-200 sm:flex-row sm:items-center sm:justify-between">
      <p>
        {source.production.type === 'webproxy' ? 'A web proxy' : 'A web folder'} cannot be listed:
        its images are indexed from the paths delivery has served. An image appears here once it has
        been requested through this source, after the next indexing run.
      </p>
      <div className="shrink-0">
        <ReindexButton sourceId={source.id} readOnly={readOnly} />
      </div>
    </div>
  );
}

/**
 * The view (search, filters, sort) lives in the address, so a reload, the back button and a
 * shared link show the same assets. The search box runs ahead of the address while typing.
 */
function useAddressFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(searchParams), [searchParams]);
  const [searchText, setSearchText] = useState(filters.keyword);
  const keyword = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);

  // A navigation waits for the route's loaders: a second change made meanwhile builds on the
  // first one (kept here until the address shows it) instead of undoing it.
  const pendingView = useRef<AssetFilters | null>(null);
  useEffect(() => {
    pendingView.current = null;
  }, [searchParams]);
  const showView = (
    change: (view: AssetFilters) => AssetFilters,
    options: { replace: boolean },
  ) => {
    const view = change(pendingView.current ?? filters);
    pendingView.current = view;
    setSearchParams(filtersToParams(view, searchParams), options);
  };

  // Typing replaces the address entry: the back button skips the keystrokes. An effect event,
  // as it must run when the typing settles, not each time the address changes (going back).
  const writeKeyword = useEffectEvent((settled: string) => {
    if (settled === (pendingView.current ?? filters).keyword) return;
    showView((view) => ({ ...view, keyword: settled }), { replace: true });
  });
  useEffect(() => writeKeyword(keyword), [keyword]);

  // The address changed under the box (back button, link): the box shows its keyword.
  const [addressKeyword, setAddressKeyword] = useState(filters.keyword);
  if (filters.keyword !== addressKeyword) {
    setAddressKeyword(filters.keyword);
    if (filters.keyword !== keyword) setSearchText(filters.keyword);
  }

  // A filter choice is a new history entry; it carries the box's text even before it settles.
  const changeFilters = (change: (view: AssetFilters) => AssetFilters) =>
    showView((view) => ({ ...change(view), keyword: searchText }), { replace: false });

  return { filters, searchText, setSearchText, changeFilters };
}

/** The grid of one source: search, filters, states, and upload on managed storage. */
function SourceAssets({ source, maxBytes }: { source: AssetSource; maxBytes: number | null }) {
  const { filters, searchText, setSearchText, changeFilters } = useAddressFilters();
  const query = useAssetsInfiniteQuery(source.id, filters);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  // Uploading and indexing need Asset Manager Edit (spec platform section 5); the page says so.
  const canEdit = usePermission('asset_manager_edit');
  const readOnly = source.id === DEMO_SOURCE_ID || !canEdit;
  const indexing = source.index_status === 'running';
  const servedPaths = isIndexedFromServedPaths(source);

  const assets = loadedAssets(query.data);
  const total = query.data?.pages[0]?.pagination.totalRecords ?? 0;

  const content = query.isPending ? (
    <AssetGridSkeleton />
  ) : query.isError ? (
    <ListError
      message={errorMessageOf(query.error)}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  ) : assets.length === 0 ? (
    isFiltered(filters) ? (
      <ListEmpty title="No assets match" description="Try other words or fewer filters." />
    ) : indexing ? (
      <ListEmpty
        title="Indexing in progress"
        description="Darkroom is reading this source's files. They appear here as they are found."
        // A web folder or proxy has its Re-index in the note about served paths above.
        action={
          servedPaths ? undefined : <ReindexButton sourceId={source.id} readOnly={readOnly} />
        }
      />
    ) : (
      <ListEmpty
        title="No assets yet"
        description={
          source.index_status === 'failed'
            ? 'The last indexing run failed. Check the storage settings, then index again.'
            : servedPaths
              ? 'No image of this source has been served yet. Request one through its delivery URL, then re-index.'
              : 'This source holds no images, animations or videos that Darkroom has found.'
        }
        action={
          servedPaths ? undefined : <ReindexButton sourceId={source.id} readOnly={readOnly} />
        }
      />
    )
  ) : (
    <AssetGrid
      assets={assets}
      total={total}
      hasNextPage={hasNextPage}
      fetchingNextPage={isFetchingNextPage}
      onLoadMore={loadMore}
    />
  );

  // Managed storage, or a storage source with upload credentials (its own bucket).
  const uploads = source.uploads_enabled && !readOnly && maxBytes !== null;

  return (
    <div className="space-y-4">
      <AssetFiltersBar
        filters={filters}
        searchText={searchText}
        onSearchTextChange={setSearchText}
        onChange={changeFilters}
      />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-zinc-600">
        <p aria-live="polite">
          {query.isSuccess && `${total} ${total === 1 ? 'asset' : 'assets'}`}
          {indexing && ' · indexing in progress'}
        </p>
        {assets.length > 0 && !servedPaths && (
          <ReindexButton sourceId={source.id} readOnly={readOnly} />
        )}
      </div>
      {servedPaths && <ServedPathsNote source={source} readOnly={readOnly} />}
      {!source.uploads_enabled && !readOnly && !source.demo && (
        <UploadsUnavailableNote source={source} />
      )}
      {uploads ? (
        <AssetUpload sourceId={source.id} maxBytes={maxBytes}>
          {content}
        </AssetUpload>
      ) : (
        content
      )}
    </div>
  );
}

/**
 * The asset manager (route /assets): pick a source, then browse its assets. Browsing needs
 * Asset Manager Browse (platform spec section 5).
 */
export function AssetManagerPage() {
  return (
    <PermissionGate group="asset_manager_browse" title="Assets">
      <AssetManagerScreen />
    </PermissionGate>
  );
}

function AssetManagerScreen() {
  useDocumentTitle('Assets');
  const [searchParams, setSearchParams] = useSearchParams();
  const chosenId = searchParams.get('source');
  const sources = useAssetSourcesQuery();
  const settings = usePlatformSettingsQuery();
  const list = sources.data ?? [];
  const source = list.find((candidate) => candidate.id === chosenId) ?? null;
  const canEdit = usePermission('asset_manager_edit');
  const userId = useSession()?.userId ?? null;
  useRememberSource(source?.id ?? null);

  // Without a choice in the address, the page starts where the user last worked (the address
  // then remembers it, keeping any view a link brought along).
  const startId = startingSourceId(list, userId === null ? null : lastUsedSourceId(userId));
  useEffect(() => {
    if (chosenId === null && startId !== null) {
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.set('source', startId);
          return next;
        },
        { replace: true },
      );
    }
  }, [chosenId, startId, setSearchParams]);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">Assets</h1>
          <p className="mt-1 text-sm text-zinc-600">
            The images, animations and videos your sources hold.
          </p>
          {!canEdit && (
            <PermissionNote
              className="mt-2"
              group="asset_manager_edit"
              action="Changing assets (uploads, indexing, alt text languages)"
            />
          )}
        </div>
        <div className="flex w-full flex-wrap items-end gap-2 sm:w-auto">
          {canEdit && <AltTextLanguagesButton />}
          {list.length > 0 && (
            <Select
              label="Source"
              className="w-full sm:w-80"
              options={list.map((candidate) => ({
                value: candidate.id,
                label: sourceLabel(candidate),
              }))}
              value={source?.id ?? null}
              placeholder="Choose a source"
              onChange={(id) => setSearchParams({ source: id })}
            />
          )}
        </div>
      </div>

      {sources.isPending ? (
        <AssetGridSkeleton />
      ) : sources.isError ? (
        <ListError
          message={errorMessageOf(sources.error)}
          onRetry={() => void sources.refetch()}
          retrying={sources.isFetching}
        />
      ) : list.length === 0 ? (
        <ListEmpty
          title="No sources to browse"
          description="Create a source first: its assets appear here once it is indexed."
        />
      ) : source === null ? (
        chosenId !== null && (
          <ListEmpty
            title="This source is not available"
            description="It may have been removed or disabled. Choose another source above."
          />
        )
      ) : (
        <SourceAssets
          key={source.id}
          source={source}
          maxBytes={settings.data?.max_origin_bytes ?? null}
        />
      )}
    </div>
  );
}
