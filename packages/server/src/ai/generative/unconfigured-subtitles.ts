import type { GenerativeSubtitles } from './subtitle-types.ts';
import { GenerativeError } from './types.ts';

const unavailable = () =>
  Promise.reject(
    new GenerativeError(
      'unavailable',
      'No transcription provider is configured; set GENERATIVE_API_URL (and GENERATIVE_API_KEY) to an OpenAI-compatible API with the audio transcription and chat endpoints.',
    ),
  );

/** The subtitle provider of an install without GENERATIVE_API_URL. */
export const unconfiguredGenerativeSubtitles: GenerativeSubtitles = {
  available: false,
  transcribe: unavailable,
  detectLanguage: unavailable,
  translate: unavailable,
};
