import { Code, Copy, Download, Eye, EyeOff, Pencil, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { useRefreshAssetMutation, useUpdateAssetMutation, type Asset } from '../../api/assets.ts';
import { Button, toast } from '../../ui/index.ts';
import { errorMessageOf } from '../forms/server-errors.utils.ts';
import { assetPagePath, downloadUrl, embedCode } from './asset.utils.ts';
import { ASSET_EVENTS, trackAssetEvent } from './asset-events.ts';
import { copyToClipboard } from './copy-to-clipboard.ts';
import { videoEmbedCode } from './video-embed.utils.ts';

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

  const copyUrl = async (fullUrl: string) => {
    if (await copyToClipboard(fullUrl, 'URL copied')) {
      trackAssetEvent(ASSET_EVENTS.urlCopied, asset);
    }
  };
  const copyEmbed = async (fullUrl: string) => {
    const code =
      videoUrl === null
        ? embedCode({ ...asset, fullURL: fullUrl })
        : videoEmbedCode({ ...asset, fullURL: fullUrl, fullVideoURL: videoUrl });
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
          <a
            href={downloadUrl({ fullURL: url, origin_path: asset.origin_path })}
            download
            className={linkButtonClass}
            onClick={() => trackAssetEvent(ASSET_EVENTS.downloaded, asset)}
          >
            <Download aria-hidden="true" className="size-4" />
            Download
          </a>
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
