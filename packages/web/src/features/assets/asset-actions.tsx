import { Code, Copy, Download, Eye, EyeOff, Pencil, RefreshCw } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useRefreshAssetMutation, useUpdateAssetMutation, type Asset } from '../../api/assets.ts';
import { Button, toast } from '../../ui/index.ts';
import { signUrls, signUrlsInSnippet } from '../delivery-urls/sign-urls.ts';
import { useSignedUrl } from '../delivery-urls/use-signed-urls.ts';
import { errorMessageOf } from '../forms/server-errors.utils.ts';
import { assetPagePath, downloadUrl, embedCode } from './asset.utils.ts';
import { ASSET_EVENTS, trackAssetEvent } from './asset-events.ts';
import { copyToClipboard } from './copy-to-clipboard.ts';
import { videoEmbedCode } from './video-embed.utils.ts';
import { PurgeAssetButton } from '../purges/purge-asset-button.tsx';
import { DeleteAssetButton } from './delete-asset-button.tsx';

const linkButtonClass =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg border border-zinc-300 bg-white px-4 text-sm font-medium text-zinc-900 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-brand-600';

/**
 * The asset's actions (spec platform section 2, editor section 2 'Asset share menu'). Demo
 * assets are read-only: the actions that change them are left out.
 */
export function AssetActions({ asset, readOnly }: { asset: Asset; readOnly: boolean }) {
  const refresh = useRefreshAssetMutation(asset);
  const update = useUpdateAssetMutation(asset);
  // Editor spec section 2: the embed of a video is an HLS player of its stream.
  const videoUrl = asset.media_kind === 'VIDEO' ? asset.fullVideoURL : null;
  const embeddable = asset.media_kind !== 'VIDEO' || videoUrl !== null;
  // Without a subdomain or domain the source serves nothing: there is no URL to share.
  const url = asset.fullURL;
  // Every URL handed out is signed when the source requires it (delivery-urls/).
  const queryClient = useQueryClient();
  const signedDownloadUrl = useSignedUrl(
    asset.source_id,
    url === null ? '' : downloadUrl({ fullURL: url, origin_path: asset.origin_path }),
  );
  const signingFailed = (error: unknown) =>
    toast.error('Could not sign the URL', { description: errorMessageOf(error) });

  const copyUrl = async (fullUrl: string) => {
    let shared: string;
    try {
      [shared = fullUrl] = await signUrls(queryClient, asset.source_id, [fullUrl]);
    } catch (error) {
      signingFailed(error);
      return;
    }
    if (await copyToClipboard(shared, 'URL copied')) {
      trackAssetEvent(ASSET_EVENTS.urlCopied, asset);
    }
  };
  const copyEmbed = async (fullUrl: string) => {
    const unsigned =
      videoUrl === null
        ? embedCode({ ...asset, fullURL: fullUrl })
        : videoEmbedCode({ ...asset, fullURL: fullUrl, fullVideoURL: videoUrl });
    let code: string;
    try {
      code = await signUrlsInSnippet(queryClient, asset.source_id, unsigned, {
        baseUrl: fullUrl,
        html: true,
      });
    } catch (error) {
      signingFailed(error);
      return;
    }
    if (await copyToClipboard(code, 'Embed code copied')) {
      trackAssetEvent(ASSET_EVENTS.embedCopied, asset);
    }
  };
  const onRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: () =>
        toast.success('Asset refreshed', { description: 'Read again from the origin.' }),
      onError: (error) =>
        toast.error('Could not refresh the asset', { description: errorMessageOf(error) }),
    });
  const toggleHidden = () =>
    update.mutate(
      { hidden: !asset.hidden },
      {
        onSuccess: (saved) => toast.success(saved.hidden ? 'Image hidden' : 'Image shown again'),
        onError: (error) =>
          toast.error('Could not change the visibility', { description: errorMessageOf(error) }),
      },
    );

  return (
    <div role="group" aria-label="Asset actions" className="flex flex-wrap gap-2">
      {url !== null && (
        <>
          <Button type="button" variant="secondary" onClick={() => void copyUrl(url)}>
            <Copy aria-hidden="true" className="size-4" />
            Copy URL
          </Button>
          {embeddable && (
            <Button type="button" variant="secondary" onClick={() => void copyEmbed(url)}>
              <Code aria-hidden="true" className="size-4" />
              Copy Embed Code
            </Button>
          )}
          {signedDownloadUrl === null ? (
            <Button type="button" variant="secondary" working disabled>
              Download
            </Button>
          ) : (
            <a
              href={signedDownloadUrl}
              download
              className={linkButtonClass}
              onClick={() => trackAssetEvent(ASSET_EVENTS.downloaded, asset)}
            >
              <Download aria-hidden="true" className="size-4" />
              Download
            </a>
          )}
        </>
      )}
      {!readOnly && (
        <Button type="button" variant="secondary" working={refresh.isPending} onClick={onRefresh}>
          {!refresh.isPending && <RefreshCw aria-hidden="true" className="size-4" />}
          Refresh asset
        </Button>
      )}
      {!readOnly && (
        <Button type="button" variant="secondary" working={update.isPending} onClick={toggleHidden}>
          {!update.isPending &&
            (asset.hidden ? (
              <Eye aria-hidden="true" className="size-4" />
            ) : (
              <EyeOff aria-hidden="true" className="size-4" />
            ))}
          {asset.hidden ? 'Unhide image' : 'Hide image'}
        </Button>
      )}
      {!readOnly && url !== null && <PurgeAssetButton url={url} />}
      {!readOnly && <DeleteAssetButton asset={asset} />}
      {asset.is_renderable && asset.media_kind !== 'VIDEO' && (
        <Link
          to={`${assetPagePath(asset.source_id, asset.origin_path)}/editing`}
          className={linkButtonClass}
        >
          <Pencil aria-hidden="true" className="size-4" />
          Edit image
        </Link>
      )}
    </div>
  );
}
