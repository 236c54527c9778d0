// How one rendition of a stream's ladder is encoded, the same for HLS (hls.ts) and DASH (dash.ts):
// H.264 at the rendition's size and capped bitrate, with a keyframe every two seconds and none
// elsewhere, so that every rendition is cut at the same instants and a player can switch between
// them at any segment boundary. `video-wave` lays the audio's waveform over each rendition's
// frames, placed on its own size (waveform.ts).
import type { Params } from '@darkroom/core';
import type { Rendition } from './hls-ladder.ts';
import type { VideoInput } from './video-input.ts';
import type { ClipWindow } from './video-plan.ts';
import { pictureGraph } from './waveform.ts';

/** A segment's target length: two keyframe intervals. */
export const SEGMENT_SECONDS = 4;
const KEYFRAME_SECONDS = 2;

/** The audio of every stream: stereo AAC-LC at 96 kbps. */
export const AUDIO_BITRATE = 96_000;
export const AUDIO_CODEC_ARGS: readonly string[] = [
  '-c:a',
  'aac',
  '-b:a',
  String(AUDIO_BITRATE),
  '-ac',
  '2',
];

/**
 * The ffmpeg arguments that read the clip window of `input` and encode its picture as
 * `rendition`, up to (not including) the audio and the muxer.
 */
export function renditionVideoArgs(
  input: VideoInput,
  params: Params,
  rendition: Rendition,
  window: ClipWindow,
): string[] {
  const gop = String(Math.max(1, Math.round((input.info.frameRate ?? 25) * KEYFRAME_SECONDS)));
  const bitrate = String(rendition.bitrate);
  return [
    '-ss',
    window.startS.toFixed(3),
    '-t',
    window.durationS.toFixed(3),
    ...input.args,
    '-filter_complex',
    pictureGraph(
      input,
      params,
      `scale=${rendition.width}:${rendition.height}:flags=bicubic,setsar=1`,
      {
        width: rendition.width,
        height: rendition.height,
        frameRate: null,
        durationS: window.durationS,
      },
      'video',
    ),
    '-map',
    '[video]',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    '-b:v',
    bitrate,
    '-maxrate',
    bitrate,
    '-bufsize',
    String(rendition.bitrate * 2),
    '-g',
    gop,
    '-keyint_min',
    gop,
    '-sc_threshold',
    '0',
  ];
}
