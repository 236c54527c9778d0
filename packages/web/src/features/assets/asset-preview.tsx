import { useState } from 'react';
import type { Asset } from '../../api/assets.ts';
import { Spinner } from '../../ui/index.ts';
import { useSignedImageSources } from '../delivery-urls/use-signed-urls.ts';
import { renderUrl } from './asset.utils.ts';
import { VideoPlayer } from './video-player.tsx';

/** The preview's width in CSS pixels; the 2x version serves dense screens. */
const PREVIEW_PX = 1200;

/** The asset large, rendered by Darkroom (a video streams over HLS). */
export function AssetPreview({ asset }: { asset: Asset }) {
  const fullUrl = asset.fullURL;
  if (fullUrl === null) {
    return (
      <p className="rounded-lg bg-zinc-50 p-8 text-center text-sm text-zinc-600 ring-1 ring-zinc-200">
        No preview: the source has no subdomain or domain to serve this file from yet.
      </p>
    );
  }
  if (asset.media_kind === 'VIDEO') {
    return (
      <VideoPlayer
        src={asset.fullVideoURL ?? `${fullUrl}?fm=hls`}
        // The poster frame, rendered like an image (a video path without fm=hls or mp4).
        poster={renderUrl(fullUrl, { fit: 'max', w: PREVIEW_PX, auto: 'format' })}
        label={asset.alt_text ?? asset.name}
        width={asset.media_width ?? undefined}
        height={asset.media_height ?? undefined}
      />
    );
  }
  return <ImagePreview asset={asset} fullUrl={fullUrl} />;
}

type LoadState = 'loading' | 'loaded' | 'failed';

function ImagePreview({ asset, fullUrl }: { asset: Asset; fullUrl: string }) {
  const [state, setState] = useState<LoadState>('loading');
  // fit=max: never larger than the original, so a small image is not upscaled for the preview.
  const at = (dpr: number) =>
    renderUrl(fullUrl, { auto: 'format', fit: 'max', w: PREVIEW_PX * dpr });
  const sources = useSignedImageSources(asset.source_id, {
    src: at(1),
    srcSet: `${at(1)} 1x, ${at(2)} 2x`,
  });
  const shown = state === 'failed' || sources === 'error' ? 'failed' : state;
  return (
    <div
      aria-busy={shown === 'loading'}
      className="relative grid min-h-48 place-items-center rounded-lg bg-[repeating-conic-gradient(#f4f4f5_0_25%,#fff_0_50%)] bg-[length:24px_24px] p-2 ring-1 ring-zinc-200"
    >
      {shown === 'loading' && (
        <p className="absolute inset-0 grid place-items-center text-sm text-zinc-600">
          <span className="inline-flex items-center gap-2 rounded-md bg-white/90 px-3 py-1.5 shadow-sm">
            <Spinner />
            Rendering the preview…
          </span>
        </p>
      )}
      {shown === 'failed' ? (
        <p role="alert" className="p-8 text-center text-sm text-red-700">
          {sources === 'error'
            ? 'The preview could not be signed for this source, which requires signed URLs. Refresh the page to try again.'
            : "The preview could not be rendered. Open the URL to see Darkroom's message, or refresh the asset."}
        </p>
      ) : typeof sources === 'string' || sources === null ? null : (
        <img
          src={sources.src}
          srcSet={sources.srcSet}
          alt={asset.alt_text ?? asset.name}
          width={asset.media_width ?? undefined}
          height={asset.media_height ?? undefined}
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
          className="h-auto max-h-[70dvh] w-full object-contain"
        />
      )}
    </div>
  );
}
