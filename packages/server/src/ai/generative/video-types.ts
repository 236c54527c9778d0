// Generative image to video (editor spec section 2, 'Image to video page'): a video model this
// machine cannot ship, behind one provider interface like the image edits; without a provider the
// page offers the motion MP4 (render/video/motion-video.ts) and says generative video is
// unavailable.
import { MAX_PROMPT_LENGTH } from './types.ts';

/** The clip lengths OpenAI's video models take, in seconds. */
export const GENERATIVE_VIDEO_SECONDS = [4, 8, 12] as const;
export type GenerativeVideoSeconds = (typeof GENERATIVE_VIDEO_SECONDS)[number];

/** The frame sizes every OpenAI video model takes: landscape and portrait 720p. */
export const GENERATIVE_VIDEO_SIZES = {
  landscape: { width: 1280, height: 720 },
  portrait: { width: 720, height: 1280 },
} as const;
export type GenerativeVideoOrientation = keyof typeof GENERATIVE_VIDEO_SIZES;

export { MAX_PROMPT_LENGTH };

export interface GenerativeVideoRequest {
  /** The still the video starts from, PNG of exactly `size` (the API refuses any other size). */
  image: Buffer;
  prompt: string;
  seconds: GenerativeVideoSeconds;
  size: { width: number; height: number };
}

export type GenerativeVideoProgress =
  | { state: 'queued' | 'in_progress'; progress: number }
  | { state: 'completed' }
  | { state: 'failed'; message: string };

export interface GenerativeVideos {
  /** False when no provider is configured. */
  readonly available: boolean;
  /** Asks for a video; answers the provider's id for it. Throws GenerativeError. */
  start(request: GenerativeVideoRequest, signal?: AbortSignal): Promise<string>;
  /** Where the provider is with a video it was asked for. */
  progress(providerId: string, signal?: AbortSignal): Promise<GenerativeVideoProgress>;
  /** The finished video, MP4 bytes, refused past the byte cap. */
  content(providerId: string, signal?: AbortSignal): Promise<Buffer>;
}
