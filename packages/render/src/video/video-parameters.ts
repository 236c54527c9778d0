/**
 * The catalogue's video parameters the video engine reads (read by `npm run params:coverage`;
 * video-parameters.test.ts keeps the list and the modules in step). Not implemented: subtitles
 * (`video-generate-subtitles`, `video-subtitle-translations`, which need speech recognition)
 * and `video-spritesheet-smart-crop`.
 */
export const VIDEO_PARAMETERS: readonly string[] = [
  'video-bitrate',
  'video-clip-duration',
  'video-clip-end',
  'video-clip-start',
  'video-codec',
  'video-renditions',
  'video-spritesheet-columns',
  'video-spritesheet-format',
  'video-spritesheet-h',
  'video-spritesheet-interval',
  'video-spritesheet-w',
  'video-thumbnail',
  'video-wave',
  'video-wave-align',
  'video-wave-amplitude',
  'video-wave-bg-color',
  'video-wave-color',
  'video-wave-h',
  'video-wave-mode',
  'video-wave-pad',
  'video-wave-scale',
  'video-wave-split',
  'video-wave-thickness',
  'video-wave-w',
  'video-wave-x',
  'video-wave-y',
];
