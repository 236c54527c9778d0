import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useAssetQuery } from '../../api/assets.ts';
import { isApiRequestError } from '../../api/client.ts';
import { usePlatformSettingsQuery } from '../../api/platform-settings.ts';
import { useSourceQuery } from '../../api/sources.ts';
import { useDocumentTitle } from '../../app/document-title.ts';
import { assetPagePath } from '../assets/asset.utils.ts';
import { errorMessageOf } from '../forms/server-errors.utils.ts';
import { ListEmpty, ListError } from '../lists/list-states.tsx';
import { PermissionGate } from '../permissions/permission-required.tsx';
import { ImageToVideoStudio } from './image-to-video-studio.tsx';
import { isRenderingOf, parseSourceImage } from './image-to-video.utils.ts';

const backLinkClass =
  'inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline';

/**
 * `/assets/{source id}/image-to-video?sourceImage=...` (editor spec section 2). It reads the
 * asset, which needs Asset Manager Browse (platform spec section 5).
 */
export function ImageToVideoPage() {
  return (
    <PermissionGate group="asset_manager_browse" title="Image to video">
      <ImageToVideoScreen />
    </PermissionGate>
  );
}

function ImageToVideoScreen() {
  useDocumentTitle('Image to video');
  const sourceId = useParams().sourceId ?? '';
  const [search] = useSearchParams();
  const image = parseSourceImage(search.get('sourceImage'));
  const originPath = 'error' in image ? '' : image.originPath;
  const asset = useAssetQuery(sourceId, originPath);
  const source = useSourceQuery(sourceId);
  const settings = usePlatformSettingsQuery();
  const backLink = (
    <Link
      to={originPath === '' ? '/assets' : assetPagePath(sourceId, originPath)}
      className={backLinkClass}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to the image
    </Link>
  );
  const frame = (content: ReactNode) => (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      {backLink}
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">Image to video</h1>
      {content}
    </div>
  );

  if ('error' in image) {
    return frame(<ListEmpty title="Choose an image first" description={image.error} />);
  }
  if (asset.isPending || source.isPending) {
    return frame(
      <div
        role="status"
        className="h-[40dvh] animate-pulse rounded-lg bg-zinc-200 motion-reduce:animate-none"
      >
        <span className="sr-only">Loading the image</span>
      </div>,
    );
  }
  if (asset.isError || source.isError) {
    const error = asset.error ?? source.error;
    if (isApiRequestError(error) && error.status === 404) {
      return frame(
        <ListEmpty
          title="Image not found"
          description="This file is not in the source, or you do not have access to it."
        />,
      );
    }
    return frame(
      <ListError
        message={errorMessageOf(error)}
        onRetry={() => {
          void asset.refetch();
          void source.refetch();
        }}
        retrying={asset.isFetching || source.isFetching}
      />,
    );
  }
  const { fullURL, media_kind: mediaKind, name } = asset.data;
  if (fullURL === null || mediaKind !== 'IMAGE') {
    return frame(
      <ListEmpty
        title="Not a still image"
        description="Only still images can be turned into a video."
      />,
    );
  }
  if (image.stillUrl !== null && !isRenderingOf(image.stillUrl, fullURL)) {
    return frame(
      <ListEmpty
        title="Not an image of this source"
        description="The image address does not belong to this source."
      />,
    );
  }
  return frame(
    <ImageToVideoStudio
      assetUrl={fullURL}
      assetName={name}
      image={image}
      sourceId={sourceId}
      capable={source.data.premium_capabilities.includes('image_to_video')}
      generativeAvailable={settings.data?.generative_video === true}
    />,
  );
}
