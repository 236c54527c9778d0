import { GenerativeError } from './types.ts';
import type { GenerativeVideos } from './video-types.ts';

const unavailable = () =>
  Promise.reject(
    new GenerativeError(
      'unavailable',
      'No generative video provider is configured; set GENERATIVE_API_URL (and GENERATIVE_API_KEY) to an OpenAI-compatible API with the Videos endpoints.',
    ),
  );

/** The video provider of an install without GENERATIVE_API_URL. */
export const unconfiguredGenerativeVideos: GenerativeVideos = {
  available: false,
  start: unavailable,
  progress: unavailable,
  content: unavailable,
};
