// Video subtitles (video-generate-subtitles, video-subtitle-translations): speech to text and
// translation by a model this machine cannot ship, behind one provider interface like the image
// edits and the videos. Without a provider the subtitle parameters answer 422.
import type { SubtitleProvider, TranscriptionAudio } from '@darkroom/render';

export type { TranscriptionAudio };

/**
 * The provider's side of the video engine's SubtitleProvider (its methods as the engine calls
 * them; the transcription checked to be WebVTT within the byte cap); every failure a
 * GenerativeError.
 */
export interface GenerativeSubtitles extends SubtitleProvider {
  /** False when no provider is configured: the capability reports itself unavailable. */
  readonly available: boolean;
}
