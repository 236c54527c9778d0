import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useAssetQuery, useAssetSourcesQuery } from '../../api/assets.ts';
import { useDocumentTitle } from '../../app/document-title.ts';
import { EditorToaster } from '../../ui/index.ts';
import { assetPagePath, fileNameOf } from '../assets/asset.utils.ts';
import { useRememberSource } from '../assets/last-used-source.ts';
import { errorMessageOf } from '../forms/server-errors.utils.ts';
import { ListEmpty, ListError } from '../lists/list-states.tsx';
import { EditorLoading } from './editor-loading.tsx';
import { originPathOfEditingSplat } from './editor-path.ts';
import { EditorScreen } from './editor-screen.tsx';
import { useOriginPropertiesQuery } from './origin-properties.ts';
import { editorCapabilitiesOf } from './premium/capabilities.ts';
import { PremiumAvailabilityProvider } from './premium/premium-availability.tsx';

/** The image editor (route `/assets/{source id}/{origin path}/editing`, spec editor section 2). */
export function EditorPage() {
  const routeParams = useParams();
  const sourceId = routeParams.sourceId ?? '';
  const originPath = originPathOfEditingSplat(routeParams['*'] ?? '');
  const assetQuery = useAssetQuery(sourceId, originPath);
  useRememberSource(sourceId);
  const sourcesQuery = useAssetSourcesQuery();
  const originQuery = useOriginPropertiesQuery(assetQuery.data);
  useDocumentTitle(`Image Editing: ${fileNameOf(originPath)}`);

  const backLink = (
    <Link
      to={assetPagePath(sourceId, originPath)}
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to the asset
    </Link>
  );
  const failure = (message: string, onRetry: () => void, retrying: boolean) => (
    <div className="mx-auto w-full max-w-3xl space-y-4 px-4 py-8 sm:px-6 lg:px-8">
      {backLink}
      <ListError message={message} onRetry={onRetry} retrying={retrying} />
    </div>
  );
  const notEditable = (description: string) => (
    <div className="mx-auto w-full max-w-3xl space-y-4 px-4 py-8 sm:px-6 lg:px-8">
      {backLink}
      <ListEmpty title="This asset cannot be edited" description={description} />
    </div>
  );

  if (assetQuery.isPending) return <EditorLoading label="Loading the image" />;
  if (assetQuery.isError) {
    return failure(
      errorMessageOf(assetQuery.error),
      () => void assetQuery.refetch(),
      assetQuery.isFetching,
    );
  }
  const asset = assetQuery.data;
  if (asset.fullURL === null) {
    return notEditable('Its source has no delivery address yet.');
  }
  if (asset.media_kind === 'VIDEO' || !asset.is_renderable) {
    return notEditable('Only images can be edited.');
  }
  if (originQuery.isError) {
    return failure(
      `${errorMessageOf(originQuery.error)} Try again or contact support.`,
      () => void originQuery.refetch(),
      originQuery.isFetching,
    );
  }
  if (originQuery.isPending) return <EditorLoading label="Reading the image" />;

  const source = sourcesQuery.data?.find((candidate) => candidate.id === asset.source_id);
  return (
    <PremiumAvailabilityProvider>
      <EditorScreen
        asset={asset}
        fullUrl={asset.fullURL}
        origin={originQuery.data}
        capabilities={editorCapabilitiesOf(source?.premium_capabilities ?? [])}
      />
      <EditorToaster />
    </PremiumAvailabilityProvider>
  );
}
