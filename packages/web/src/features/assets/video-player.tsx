import { useEffect, useRef, useState } from 'react';
import { Spinner } from '../../ui/index.ts';
import { HLS_PLAYER_CONFIG, isStillProcessing } from './video-player.utils.ts';

type PlayerState = 'loading' | 'processing' | 'ready' | 'failed';

export interface VideoPlayerProps {
  /** The HLS master playlist (the asset's fullVideoURL). */
  src: string;
  poster?: string;
  label: string;
  width?: number;
  height?: number;
}

/**
 * Plays an HLS stream (RFC 8216; editor spec section 2: a video is shared as an HLS stream) with
 * hls.js, loaded only when a video is shown; a browser without Media Source Extensions but with
 * native HLS (Safari on iOS) plays it itself.
 */
export function VideoPlayer({ src, poster, label, width, height }: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<PlayerState>('loading');

  useEffect(() => {
    const video = videoRef.current;
    if (video === null) return undefined;
    let cancelled = false;
    let destroy: () => void = () => undefined;
    setState('loading');
    import('hls.js')
      .then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          video.src = src;
          setState('ready');
          return;
        }
        const hls = new Hls(HLS_PLAYER_CONFIG);
        destroy = () => hls.destroy();
        hls.on(Hls.Events.MANIFEST_PARSED, () => setState('ready'));
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) setState('failed');
          else if (isStillProcessing(data.response)) setState('processing');
        });
        hls.loadSource(src);
        hls.attachMedia(video);
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      destroy();
    };
  }, [src]);

  return (
    <div className="relative">
      <video
        ref={videoRef}
        controls
        playsInline
        preload="metadata"
        poster={poster}
        width={width}
        height={height}
        aria-label={label}
        aria-busy={state === 'loading' || state === 'processing'}
        data-state={state}
        className="h-auto max-h-[70dvh] w-full rounded-lg bg-zinc-900"
      />
      {(state === 'loading' || state === 'processing') && (
        <p
          role="status"
          className="pointer-events-none absolute inset-x-0 top-3 flex justify-center text-sm"
        >
          <span className="inline-flex items-center gap-2 rounded-md bg-white/90 px-3 py-1.5 text-zinc-700 shadow-sm">
            <Spinner />
            {state === 'processing' ? 'Preparing the stream…' : 'Loading the video…'}
          </span>
        </p>
      )}
      {state === 'failed' && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          The video could not be played. Open its URL to see Darkroom&apos;s message, or refresh the
          asset.
        </p>
      )}
    </div>
  );
}
