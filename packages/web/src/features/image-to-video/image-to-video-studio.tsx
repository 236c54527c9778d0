import { Clapperboard, Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { copyToClipboard } from '../assets/copy-to-clipboard.ts';
import { PaywallDialog } from '../editor/premium/paywall-dialog.tsx';
import { trackPaywallClicked, trackPaywallShown } from '../editor/premium/premium-events.ts';
import { usePolledRender, type RenderState } from '../editor/object-tool/poll-render.ts';
import { Button, NumberInput, Spinner } from '../../ui/index.ts';
import { FocalPointPicker } from './focal-point-picker.tsx';
import { GenerativeVideoPanel } from './generative-video-panel.tsx';
import {
  CENTRE,
  DEFAULT_CLIP_SECONDS,
  MAX_CLIP_SECONDS,
  MIN_CLIP_SECONDS,
  stillUrlFor,
  videoDownloadUrl,
  videoUrlFor,
  type FocalPoint,
  type SourceImage,
} from './image-to-video.utils.ts';

/** How often a video still rendering is asked for again (the server's Retry-After). */
const VIDEO_RETRY_MS = 2000;
const FEATURE = 'Image to video';

export interface ImageToVideoStudioProps {
  assetUrl: string;
  assetName: string;
  image: SourceImage;
  sourceId: string;
  /** Whether the source may use image_to_video; the server refuses it with 403 otherwise. */
  capable: boolean;
  /** A generative provider is configured: the page also offers a video made from a prompt. */
  generativeAvailable: boolean;
}

/** Duration and focal point, Generate, progress while the server renders, then the clip. */
export function ImageToVideoStudio({
  assetUrl,
  assetName,
  image,
  sourceId,
  capable,
  generativeAvailable,
}: ImageToVideoStudioProps) {
  const [seconds, setSeconds] = useState(DEFAULT_CLIP_SECONDS);
  const [focus, setFocus] = useState<FocalPoint>(CENTRE);
  const [videoUrl, setVideoUrl] = useState<string | null>(null);
  const [paywallOpen, setPaywallOpen] = useState(false);
  const video = usePolledRender(videoUrl, VIDEO_RETRY_MS, {
    // The server knows better than the page: a 403 means the grant went away since it loaded.
    onSettled: (state) => {
      if (state.kind === 'failed' && state.status === 403) showPaywall();
    },
  });
  const downloadUrl = videoUrl === null ? null : videoDownloadUrl(videoUrl, image.originPath);
  // The download is its own rendering URL: ask for it only once the clip exists.
  const download = usePolledRender(video.kind === 'ready' ? downloadUrl : null, VIDEO_RETRY_MS);
  const generating = videoUrl !== null && (video.kind === 'loading' || video.kind === 'processing');
  const refused = video.kind === 'failed' && video.status === 403;

  const showPaywall = () => {
    setPaywallOpen(true);
    trackPaywallShown(FEATURE);
  };
  const generate = () => {
    if (!capable) {
      showPaywall();
      return;
    }
    setVideoUrl(videoUrlFor(assetUrl, image, { seconds, focus }));
  };

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section aria-labelledby="still-heading" className="space-y-3">
        <h2 id="still-heading" className="text-base font-semibold text-zinc-900">
          {assetName}
        </h2>
        <p className="text-sm text-zinc-600">
          The clip zooms in slowly towards the focal point. Click the picture to place it.
        </p>
        <FocalPointPicker
          stillUrl={stillUrlFor(assetUrl, image)}
          alt={`The still: ${assetName}`}
          value={focus}
          onChange={setFocus}
          disabled={generating}
        />
      </section>
      <div className="space-y-6">
        <section
          aria-labelledby="video-settings-heading"
          className="space-y-4 rounded-lg bg-white p-4 ring-1 ring-zinc-200"
        >
          <h2 id="video-settings-heading" className="text-base font-semibold text-zinc-900">
            Video settings
          </h2>
          <NumberInput
            label="Duration"
            suffix="s"
            value={seconds}
            range={[MIN_CLIP_SECONDS, MAX_CLIP_SECONDS]}
            onChange={setSeconds}
            disabled={generating}
          />
          <p className="text-sm text-zinc-600">
            Focal point: {Math.round(focus.x * 100)}% across, {Math.round(focus.y * 100)}% down.
          </p>
          <Button
            type="button"
            color="orange"
            working={generating}
            onClick={generate}
            className="w-full"
          >
            <Clapperboard aria-hidden="true" className="size-4" />
            {videoUrl === null ? 'Generate' : 'Generate again'}
          </Button>
        </section>
        <VideoResult
          state={videoUrl === null ? null : video}
          refused={refused}
          videoUrl={videoUrl}
          download={download}
          downloadUrl={downloadUrl}
        />
        <GenerativeVideoPanel
          sourceId={sourceId}
          originPath={image.originPath}
          capable={capable}
          available={generativeAvailable}
          onPaywall={showPaywall}
        />
      </div>
      <PaywallDialog
        feature={paywallOpen ? FEATURE : null}
        learnMorePath={`/sources/${encodeURIComponent(sourceId)}`}
        onContact={() => trackPaywallClicked(FEATURE)}
        onClose={() => setPaywallOpen(false)}
      />
    </div>
  );
}

function VideoResult({
  state,
  refused,
  videoUrl,
  download,
  downloadUrl,
}: {
  state: RenderState | null;
  refused: boolean;
  videoUrl: string | null;
  download: RenderState;
  downloadUrl: string | null;
}) {
  if (state === null || videoUrl === null) return null;
  return (
    <section
      aria-labelledby="video-heading"
      className="space-y-4 rounded-lg bg-white p-4 ring-1 ring-zinc-200"
    >
      <h2 id="video-heading" className="text-base font-semibold text-zinc-900">
        Your video
      </h2>
      {(state.kind === 'loading' || state.kind === 'processing') && (
        <div role="status" className="space-y-2">
          <p className="flex items-center gap-2 text-sm text-zinc-700">
            <Spinner />
            {state.kind === 'processing'
              ? 'Generating the video. This takes a few seconds…'
              : 'Asking for the video…'}
          </p>
          <div
            role="progressbar"
            aria-label="Video generation"
            className="h-1.5 overflow-hidden rounded-full bg-zinc-200"
          >
            <div className="h-full w-1/3 animate-pulse rounded-full bg-brand-600 motion-reduce:animate-none" />
          </div>
        </div>
      )}
      {state.kind === 'failed' && (
        <p role="alert" className="text-sm font-medium text-red-600">
          {refused ? 'Image to video is not included in your plan.' : state.message}
        </p>
      )}
      {state.kind === 'ready' && (
        <>
          <video
            src={videoUrl}
            controls
            autoPlay
            muted
            loop
            playsInline
            aria-label="The generated video"
            className="w-full rounded-md bg-black"
          />
          <div className="flex flex-wrap gap-2">
            {download.kind === 'ready' && downloadUrl !== null ? (
              <a
                href={downloadUrl}
                className="inline-flex items-center gap-2 rounded-md bg-zinc-900 px-3 py-2 text-sm font-medium text-white hover:bg-zinc-700"
              >
                <Download aria-hidden="true" className="size-4" />
                Download
              </a>
            ) : (
              <Button type="button" working={download.kind !== 'failed'} disabled>
                <Download aria-hidden="true" className="size-4" />
                Download
              </Button>
            )}
            <Button
              type="button"
              variant="secondary"
              onClick={() => void copyToClipboard(videoUrl, 'Video URL copied')}
            >
              <Copy aria-hidden="true" className="size-4" />
              Copy URL
            </Button>
          </div>
          <p className="text-xs break-all text-zinc-500">{videoUrl}</p>
        </>
      )}
    </section>
  );
}
