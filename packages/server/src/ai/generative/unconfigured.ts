import { GenerativeError, type GenerativeImages } from './types.ts';

/** The provider of an install without GENERATIVE_API_URL: unavailable, and says how to fix it. */
export const unconfiguredGenerativeImages: GenerativeImages = {
  available: false,
  edit: () =>
    Promise.reject(
      new GenerativeError(
        'unavailable',
        'No generative image provider is configured; set GENERATIVE_API_URL (and GENERATIVE_API_KEY) to an OpenAI-compatible images API.',
      ),
    ),
};
