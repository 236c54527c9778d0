export {
  describeVideo,
  transcodeVideo,
  videoHls,
  videoPoster,
  videoSpritesheet,
  type VideoRenderRequest,
} from './render-video.ts';
export type { HlsPackage } from './hls.ts';
export { MASTER_PLAYLIST } from './hls.ts';
export type { Rendition } from './hls-ladder.ts';
export {
  HLS_MEDIA_TYPES,
  masterPlaylist,
  rewritePlaylistUris,
  segmentDurations,
} from './hls-playlists.ts';
export type { VideoInfo } from './probe-video.ts';
export type { TranscodeResult } from './transcode.ts';
export { DEFAULT_VIDEO_LIMITS, type VideoLimits } from './video-limits.ts';
export type { VideoFormat } from './video-plan.ts';
