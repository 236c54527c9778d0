import { ArrowLeft, ExternalLink, Info, TriangleAlert } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { isApiRequestError } from '../../../api/client.ts';
import { usePlatformSettingsQuery, type PlatformSettings } from '../../../api/platform-settings.ts';
import { useSourceQuery, type Source } from '../../../api/sources.ts';
import { useDocumentTitle } from '../../../app/document-title.ts';
import { usePermission } from '../../../app/permissions.ts';
import { Button, useOverlay } from '../../../ui/index.ts';
import { errorMessageOf } from '../../forms/server-errors.utils.ts';
import { ListEmpty, ListError } from '../../lists/list-states.tsx';
import { PermissionNote } from '../../permissions/permission-note.tsx';
import { StatusBadge } from '../list/sources-list.tsx';
import { schemasFor } from '../source-schemas.ts';
import { sourceTypeLabel, subdomainUrl } from '../sources.utils.ts';
import { CacheSection } from './cache-section.tsx';
import { useSaveSource } from './config-controls.tsx';
import { CredentialsSection } from './credentials-section.tsx';
import { DefaultParamsSection } from './default-params-section.tsx';
import { DeleteSourceSection } from './delete-source-section.tsx';
import { HiddenAssetsSection } from './hidden-assets-section.tsx';
import { CrossOriginSection, FallbacksSection } from './delivery-section.tsx';
import { DomainsSection } from './domains-section.tsx';
import { FilesSection } from './files-section.tsx';
import { OriginAuthSection } from './origin-auth-section.tsx';
import { UploadCredentialsSection } from './upload-credentials-section.tsx';
import { PremiumFeaturesSection } from './premium-features-section.tsx';
import { SampleUrlSection, offersSampleUrl } from './sample-url-section.tsx';
import { SecureUrlsSection } from './secure-urls-section.tsx';

/** How often a deploying source is asked for its status. */
export const DEPLOYMENT_POLL_MS = 3000;

const backLink = (
  <Link
    to="/sources"
    className="inline-flex items-center gap-1 text-sm font-medium text-zinc-600 hover:text-zinc-900"
  >
    <ArrowLeft aria-hidden="true" className="size-4" />
    Sources
  </Link>
);

/** The configuration screen of one source (route /sources/:id). */
export function SourceConfigPage() {
  const { id = '' } = useParams();
  const settings = usePlatformSettingsQuery();
  const source = useSourceQuery(id, {
    poll: (current) => (current.deployment_status === 'deploying' ? DEPLOYMENT_POLL_MS : false),
  });
  useDocumentTitle(source.data?.name ?? 'Source');

  let body;
  if (source.isPending || settings.isPending) {
    body = (
      <div role="status" className="space-y-4">
        <span className="sr-only">Loading the source</span>
        <div
          aria-hidden="true"
          className="h-20 animate-pulse rounded-lg bg-white ring-1 ring-zinc-200"
        />
        <div
          aria-hidden="true"
          className="h-64 animate-pulse rounded-lg bg-white ring-1 ring-zinc-200"
        />
      </div>
    );
  } else if (source.isError && isApiRequestError(source.error) && source.error.status === 404) {
    body = (
      <ListEmpty
        title="Source not found"
        description="It does not exist, or it belongs to another account."
        action={backLink}
      />
    );
  } else if (source.isError || settings.isError) {
    const failed = source.isError ? source : settings;
    body = (
      <ListError
        message={errorMessageOf(failed.error)}
        onRetry={() => void failed.refetch()}
        retrying={failed.isFetching}
      />
    );
  } else {
    body = <SourceConfiguration source={source.data} settings={settings.data} />;
  }

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="mb-4">{backLink}</div>
      {body}
    </div>
  );
}

function SourceHeader({
  source,
  settings,
  canChange,
}: {
  source: Source;
  settings: PlatformSettings;
  /** The user's groups include Sources (spec platform section 5). */
  canChange: boolean;
}) {
  const subdomain = source.production.darkroom_subdomains[0];
  const url = subdomain ? subdomainUrl(subdomain, settings.delivery_domain) : null;
  const overlay = useOverlay();
  const { save, saving } = useSaveSource(source.id);

  const toggleEnabled = async () => {
    const enabling = !source.enabled;
    const confirmed = await overlay.confirm(
      enabling
        ? {
            title: `Enable ${source.name}?`,
            message: 'The source serves media again from its subdomains and custom domains.',
            confirmLabel: 'Enable source',
          }
        : {
            title: `Disable ${source.name}?`,
            message:
              'Every request to its subdomains and custom domains fails until you enable it again.',
            confirmLabel: 'Disable source',
            style: 'attention',
          },
    );
    if (confirmed)
      await save({ enabled: enabling }, enabling ? 'Source enabled' : 'Source disabled');
  };

  return (
    <div className="mb-6 space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="truncate text-2xl font-semibold tracking-tight text-zinc-900">
              {source.name}
            </h1>
            <StatusBadge source={source} />
          </div>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 text-sm text-zinc-600">
            {url && (
              <a
                href={url}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 text-brand-700 hover:underline"
              >
                {url}
                <ExternalLink aria-hidden="true" className="size-3.5" />
              </a>
            )}
            <span>{sourceTypeLabel(source.production)}</span>
          </p>
        </div>
        {!source.demo && canChange && (
          <Button
            type="button"
            variant={source.enabled ? 'secondary' : 'primary'}
            color={source.enabled ? 'default' : 'orange'}
            working={saving}
            onClick={() => void toggleEnabled()}
          >
            {source.enabled ? 'Disable source' : 'Enable source'}
          </Button>
        )}
      </div>
      {source.deployment_status === 'deploying' && (
        <p className="text-sm text-zinc-600" aria-live="polite">
          Deploying: the source can serve media once it deploys. This page updates by itself.
        </p>
      )}
      {source.deployment_status === 'failed' && (
        <div
          role="alert"
          className="flex gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200 ring-inset"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-600" />
          <div>
            <p className="font-medium">The deployment failed</p>
            <p>{source.deployment_error ?? 'Darkroom could not reach your storage.'}</p>
          </div>
        </div>
      )}
      {!source.demo && !canChange && (
        <PermissionNote boxed group="sources" action="Changing this source's settings" />
      )}
      {source.demo && (
        <div className="flex gap-2 rounded-lg bg-blue-50 p-3 text-sm text-blue-900 ring-1 ring-blue-200 ring-inset">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-blue-600" />
          <p>
            This is the demo source: look around, but its settings are read-only.{' '}
            <Link to="/sources/new" className="font-medium underline">
              Create your own source
            </Link>{' '}
            to change them.
          </p>
        </div>
      )}
    </div>
  );
}

function SourceConfiguration({ source, settings }: { source: Source; settings: PlatformSettings }) {
  const schemas = schemasFor(settings);
  // Spec platform section 5: changing a source needs Sources, uploading to it Asset Manager Edit.
  const canChange = usePermission('sources');
  const canUpload = usePermission('asset_manager_edit');
  const readOnly = source.demo || !canChange;
  // Each section keeps its own draft; a new version of the source (after a save elsewhere or a
  // poll) starts them over from what the server holds.
  const key = `${source.id}:${source.global_version}`;
  const managed = source.production.type === 'darkroom_storage' && !source.demo;
  return (
    <>
      <SourceHeader source={source} settings={settings} canChange={canChange} />
      {/* Outside the keyed settings so a new source version never interrupts an upload. */}
      {(managed || offersSampleUrl(source)) && (
        <div className="mb-6 rounded-lg bg-white px-4 shadow-sm ring-1 ring-zinc-200 sm:px-6">
          {managed &&
            (canUpload ? (
              <FilesSection
                source={source}
                deliveryDomain={settings.delivery_domain}
                maxBytes={settings.max_origin_bytes}
              />
            ) : (
              <PermissionNote
                boxed
                className="my-4"
                group="asset_manager_edit"
                action="Uploading files to this source"
              />
            ))}
          <SampleUrlSection source={source} deliveryDomain={settings.delivery_domain} />
        </div>
      )}
      <div key={key} className="rounded-lg bg-white px-4 shadow-sm ring-1 ring-zinc-200 sm:px-6">
        <CacheSection source={source} schemas={schemas} readOnly={readOnly} />
        <DomainsSection
          source={source}
          schemas={schemas}
          deliveryDomain={settings.delivery_domain}
          readOnly={readOnly}
        />
        <DefaultParamsSection source={source} readOnly={readOnly} />
        <SecureUrlsSection source={source} readOnly={readOnly} />
        <FallbacksSection source={source} schemas={schemas} readOnly={readOnly} />
        <CrossOriginSection source={source} readOnly={readOnly} />
        <CredentialsSection source={source} schemas={schemas} readOnly={readOnly} />
        <OriginAuthSection source={source} readOnly={readOnly} />
        <UploadCredentialsSection source={source} readOnly={readOnly} />
        <PremiumFeaturesSection source={source} installFeatures={settings.premium_features} />
        {!source.demo && <HiddenAssetsSection source={source} readOnly={readOnly} />}
        {!readOnly && <DeleteSourceSection source={source} />}
      </div>
    </>
  );
}
