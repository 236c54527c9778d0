export {
  describeVideo,
  transcodeVideo,
  videoDash,
  videoHls,
  videoPoster,
  videoSpritesheet,
  videoSubtitles,
  type SubtitleFile,
  type VideoRenderRequest,
} from './render-video.ts';
export type { DashPackage } from './dash.ts';
export {
  DASH_MANIFEST,
  DASH_MEDIA_TYPES,
  dashMediaType,
  rewriteManifestUris,
} from './dash-manifest.ts';
export type { HlsPackage } from './hls.ts';
export { MASTER_PLAYLIST } from './hls.ts';
export type { Rendition } from './hls-ladder.ts';
export {
  HLS_MEDIA_TYPES,
  masterPlaylist,
  rewritePlaylistUris,
  segmentDurations,
} from './hls-playlists.ts';
export type { SubtitleStream, VideoInfo } from './probe-video.ts';
export { captionPlan, type CaptionPlan } from './caption-plan.ts';
export {
  hasSubtitleTrack,
  needsProvider,
  subtitlePlan,
  suppliedVttTrack,
  type SubtitlePlan,
  type SuppliedSubtitle,
} from './subtitle-plan.ts';
export type { SubtitleFetch } from './supplied-subtitles.ts';
export {
  MAX_TRANSCRIPTION_AUDIO_BYTES,
  languageName,
  type SubtitleProvider,
  type TranscriptionAudio,
} from './subtitles.ts';
export { parseWebVtt, WEBVTT_MAX_BYTES } from './webvtt.ts';
export type { TranscodeResult } from './transcode.ts';
export { DEFAULT_VIDEO_LIMITS, type VideoLimits } from './video-limits.ts';
export type { VideoFormat } from './video-plan.ts';
