import type { Config } from '../../config.ts';
import { createHttpGenerativeImages } from './http-provider.ts';
import { unconfiguredGenerativeImages } from './unconfigured.ts';
import type { GenerativeImages } from './types.ts';

export { createHttpGenerativeImages, type HttpGenerativeOptions } from './http-provider.ts';
export { unconfiguredGenerativeImages } from './unconfigured.ts';
export * from './types.ts';

/** The provider GENERATIVE_API_URL names, or the unavailable one when it is unset. */
export function createGenerativeImages(config: Config['generative']): GenerativeImages {
  return config === null ? unconfiguredGenerativeImages : createHttpGenerativeImages(config);
}
