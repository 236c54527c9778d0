import { RenderError } from '../pipeline/context.ts';
import { runFfprobe } from './ffmpeg.ts';

/** What ffprobe reads of a video or animation file: its first video stream and its length. */
export interface VideoInfo {
  durationMs: number;
  /** As displayed: a 90 or 270 degree rotation tag swaps the coded sides. */
  width: number;
  height: number;
  /** ffprobe's codec name of the video stream: h264, hevc, vp9, av1, gif, ... */
  codec: string;
  /** Frames per second (the stream's average rate); null when the file does not say. */
  frameRate: number | null;
  hasAudio: boolean;
  /** ffprobe's container names, such as `mov,mp4,m4a,3gp,3g2,mj2` or `matroska,webm`. */
  container: string;
  /** The subtitle streams the file carries, in file order. */
  subtitles: SubtitleStream[];
}

/** A subtitle stream of a video file, as ffprobe reads it. */
export interface SubtitleStream {
  /** The stream's index in the file, for ffmpeg's `-map 0:{index}`. */
  index: number;
  /** ffprobe's codec name: mov_text, subrip, webvtt, ass, hdmv_pgs_subtitle, ... */
  codec: string;
  /** The stream's `language` tag as written (`eng`), or null without one. */
  language: string | null;
}

interface ProbeOutput {
  streams?: {
    index?: number;
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    r_frame_rate?: string;
    duration?: string;
    side_data_list?: { rotation?: number }[];
    tags?: { rotate?: string; language?: string };
  }[];
  format?: { duration?: string; format_name?: string };
}

/** `30000/1001` as a number; null for `0/0` and other non-rates. */
function frameRateOf(ratio: string | undefined): number | null {
  const match = /^(\d+)\/(\d+)$/.exec(ratio ?? '');
  if (match === null) return null;
  const rate = Number(match[1]) / Number(match[2]);
  return Number.isFinite(rate) && rate > 0 ? Math.round(rate * 1000) / 1000 : null;
}

/** Reads `file` with ffprobe; a file ffprobe cannot read, or without a picture, is 415. */
export async function probeVideo(file: string, signal?: AbortSignal): Promise<VideoInfo> {
  let output: ProbeOutput;
  try {
    const text = await runFfprobe(
      ['-show_entries', 'stream:stream_side_data:stream_tags:format', '-of', 'json', file],
      signal,
    );
    output = JSON.parse(text) as ProbeOutput;
  } catch (error) {
    if (error instanceof RenderError) throw error;
    throw new RenderError(415, 'The origin file is not a video Darkroom can read.', {
      cause: error,
    });
  }
  const streams = output.streams ?? [];
  const video = streams.find((stream) => stream.codec_type === 'video');
  if (video?.width === undefined || video.height === undefined || video.codec_name === undefined) {
    throw new RenderError(415, 'The origin file holds no video stream.');
  }
  const rotation = Math.abs(
    video.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ??
      Number(video.tags?.rotate ?? 0),
  );
  const sideways = rotation % 180 === 90;
  const seconds = Number(output.format?.duration ?? video.duration ?? 0);
  return {
    durationMs: Number.isFinite(seconds) ? Math.round(seconds * 1000) : 0,
    width: sideways ? video.height : video.width,
    height: sideways ? video.width : video.height,
    codec: video.codec_name,
    frameRate: frameRateOf(video.avg_frame_rate) ?? frameRateOf(video.r_frame_rate),
    hasAudio: streams.some((stream) => stream.codec_type === 'audio'),
    container: output.format?.format_name ?? '',
    subtitles: streams.flatMap((stream) =>
      stream.codec_type === 'subtitle' && stream.index !== undefined
        ? [
            {
              index: stream.index,
              codec: stream.codec_name ?? '',
              language: stream.tags?.language ?? null,
            },
          ]
        : [],
    ),
  };
}
