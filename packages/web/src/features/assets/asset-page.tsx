import { ArrowLeft, Sparkles } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { DEMO_SOURCE_ID, useAssetQuery } from '../../api/assets.ts';
import { isApiRequestError } from '../../api/client.ts';
import { useDocumentTitle } from '../../app/document-title.ts';
import { usePermission } from '../../app/permissions.ts';
import { errorMessageOf } from '../forms/server-errors.utils.ts';
import { ListEmpty, ListError } from '../lists/list-states.tsx';
import { PermissionNote } from '../permissions/permission-note.tsx';
import { AssetUrlPlayground } from '../playground/asset-url-playground.tsx';
import { AssetActions } from './asset-actions.tsx';
import { AssetDetails } from './asset-details.tsx';
import { AssetEditForm } from './asset-edit-form.tsx';
import { AssetPreview } from './asset-preview.tsx';
import { HiddenBadge } from './hidden-badge.tsx';
import { fileNameOf, sourceAssetsPath } from './asset.utils.ts';
import { useRememberSource } from './last-used-source.ts';
import { useNotePlaygroundOpened } from '../sources/list/onboarding-state.ts';

const backLinkClass =
  'inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline';

/** One asset (route /assets/{source id}/{origin path}): preview, details, edit form, actions. */
export function AssetPage() {
  const params = useParams();
  const sourceId = params.sourceId ?? '';
  const originPath = `/${params['*'] ?? ''}`;
  const query = useAssetQuery(sourceId, originPath);
  useRememberSource(sourceId);
  useNotePlaygroundOpened(query.data);
  // Changing an asset needs Asset Manager Edit (spec platform section 5); reading it, Browse.
  const canEdit = usePermission('asset_manager_edit');
  useDocumentTitle(query.data?.name ?? fileNameOf(originPath));
  const backLink = (
    <Link to={sourceAssetsPath(sourceId)} className={backLinkClass}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      All assets
    </Link>
  );

  if (query.isPending) {
    return (
      <div role="status" className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <span className="sr-only">Loading the asset</span>
        <div
          aria-hidden="true"
          className="h-[50dvh] animate-pulse rounded-lg bg-zinc-200 motion-reduce:animate-none"
        />
      </div>
    );
  }
  if (query.isError) {
    const missing = isApiRequestError(query.error) && query.error.status === 404;
    return (
      <div className="mx-auto w-full max-w-3xl space-y-4 px-4 py-8 sm:px-6 lg:px-8">
        {backLink}
        {missing ? (
          <ListEmpty
            title="Asset not found"
            description="This file is not in the source, or you do not have access to it."
          />
        ) : (
          <ListError
            message={errorMessageOf(query.error)}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        )}
      </div>
    );
  }

  const asset = query.data;
  const demo = asset.source_id === DEMO_SOURCE_ID;
  const readOnly = demo || !canEdit;
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      {backLink}
      <div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words text-zinc-900">
            {asset.name}
          </h1>
          {asset.hidden && <HiddenBadge />}
        </div>
        <p className="mt-1 text-sm break-all text-zinc-600">{asset.origin_path}</p>
      </div>
      <AssetActions asset={asset} readOnly={readOnly} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          <AssetPreview asset={asset} />
          {asset.alt_text && (
            <section
              aria-labelledby="alt-text-heading"
              className="rounded-lg bg-white p-4 ring-1 ring-zinc-200"
            >
              <h2
                id="alt-text-heading"
                className="flex items-center gap-2 text-sm font-semibold text-zinc-900"
              >
                <Sparkles aria-hidden="true" className="size-4 text-brand-600" />
                Generated alt text
              </h2>
              <p className="mt-2 text-sm text-zinc-800">{asset.alt_text}</p>
            </section>
          )}
        </div>
        <div className="space-y-6">
          {demo ? (
            <p className="rounded-lg bg-zinc-50 p-4 text-sm text-zinc-700 ring-1 ring-zinc-200">
              The demo source is read-only: its assets can be viewed, copied and downloaded.
            </p>
          ) : !canEdit ? (
            <PermissionNote
              boxed
              group="asset_manager_edit"
              action="Editing, refreshing or hiding this asset"
            />
          ) : (
            <section
              aria-labelledby="edit-heading"
              className="rounded-lg bg-white p-4 ring-1 ring-zinc-200"
            >
              <h2 id="edit-heading" className="mb-4 text-base font-semibold text-zinc-900">
                Details you manage
              </h2>
              <AssetEditForm key={asset.date_modified} asset={asset} />
            </section>
          )}
          <section
            aria-labelledby="details-heading"
            className="rounded-lg bg-white p-4 ring-1 ring-zinc-200"
          >
            <h2 id="details-heading" className="text-base font-semibold text-zinc-900">
              File details
            </h2>
            <AssetDetails asset={asset} />
          </section>
        </div>
      </div>
      <AssetUrlPlayground asset={asset} />
    </div>
  );
}
