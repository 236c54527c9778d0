// The generative operations of editor spec section 3, 'Editor parameters' (fill=gen, bg-replace,
// object replacement) need a model this machine cannot ship, so they go through one provider
// interface; nothing here fakes a generative result when no provider is configured.

/** Prompt lengths of spec editor section 9. */
export const MAX_PROMPT_LENGTH = 1024;

export interface GenerativeEditRequest {
  /** The image to edit, PNG. */
  image: Buffer;
  /** PNG of the image's size, transparent where the provider paints (OpenAI's convention). */
  mask?: Buffer;
  prompt: string;
  negativePrompt?: string;
  /**
   * The seed the editor chose (spec editor section 9). OpenAI's edit endpoint has no seed, so it
   * is not sent: it still changes the render's cache key, which is what makes Rerun ask again.
   */
  seed?: number;
  /** The size to ask the provider for; it may answer another size, which the caller fits. */
  size: { width: number; height: number };
}

export interface GenerativeImages {
  /** False when no provider is configured: the capability reports itself unavailable. */
  readonly available: boolean;
  /** The edited image as PNG; throws GenerativeError on every failure. */
  edit(request: GenerativeEditRequest, signal?: AbortSignal): Promise<Buffer>;
}

export type GenerativeErrorKind =
  | 'unavailable'
  | 'invalid_request'
  | 'unreachable'
  | 'timeout'
  | 'provider_error'
  | 'too_large'
  | 'malformed_answer';

/** Why an edit failed; the message is safe to show (it never holds the API key). */
export class GenerativeError extends Error {
  override name = 'GenerativeError';
  readonly kind: GenerativeErrorKind;
  /** The provider's HTTP status for 'provider_error', else null. */
  readonly providerStatus: number | null;

  constructor(
    kind: GenerativeErrorKind,
    message: string,
    options: { providerStatus?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.kind = kind;
    this.providerStatus = options.providerStatus ?? null;
  }
}
