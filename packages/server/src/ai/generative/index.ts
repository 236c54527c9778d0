import type { Config } from '../../config.ts';
import { createHttpGenerativeImages } from './http-provider.ts';
import { unconfiguredGenerativeImages } from './unconfigured.ts';
import type { GenerativeImages } from './types.ts';
import { createHttpGenerativeVideos } from './http-video-provider.ts';
import { unconfiguredGenerativeVideos } from './unconfigured-video.ts';
import type { GenerativeVideos } from './video-types.ts';
import { createHttpGenerativeSubtitles } from './http-subtitle-provider.ts';
import { unconfiguredGenerativeSubtitles } from './unconfigured-subtitles.ts';
import type { GenerativeSubtitles } from './subtitle-types.ts';

export { createHttpGenerativeImages } from './http-provider.ts';
export { unconfiguredGenerativeImages } from './unconfigured.ts';
export * from './types.ts';

/** The provider GENERATIVE_API_URL names, or the unavailable one when it is unset. */
export function createGenerativeImages(config: Config['generative']): GenerativeImages {
  return config === null ? unconfiguredGenerativeImages : createHttpGenerativeImages(config);
}

export { createHttpGenerativeVideos } from './http-video-provider.ts';
export { unconfiguredGenerativeVideos } from './unconfigured-video.ts';
export * from './video-types.ts';

/** The video provider GENERATIVE_API_URL names, or the unavailable one when it is unset. */
export function createGenerativeVideos(config: Config['generative']): GenerativeVideos {
  return config === null
    ? unconfiguredGenerativeVideos
    : createHttpGenerativeVideos({
        url: config.url,
        apiKey: config.apiKey,
        model: config.videoModel,
      });
}

export { createHttpGenerativeSubtitles } from './http-subtitle-provider.ts';
export { unconfiguredGenerativeSubtitles } from './unconfigured-subtitles.ts';
export type { GenerativeSubtitles } from './subtitle-types.ts';

/** The subtitle provider GENERATIVE_API_URL names, or the unavailable one when it is unset. */
export function createGenerativeSubtitles(config: Config['generative']): GenerativeSubtitles {
  return config === null
    ? unconfiguredGenerativeSubtitles
    : createHttpGenerativeSubtitles({
        url: config.url,
        apiKey: config.apiKey,
        transcriptionModel: config.transcriptionModel,
        chatModel: config.chatModel,
      });
}
