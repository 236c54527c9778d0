// Video subtitles (video-generate-subtitles, video-subtitle-translations): speech to text and
// translation by a model this machine cannot ship, behind one provider interface like the image
// edits and the videos. Without a provider the subtitle parameters answer 422.
import type { TranscriptionAudio } from '@darkroom/render';

export type { TranscriptionAudio };

/** The provider's side of the video engine's SubtitleProvider; every failure a GenerativeError. */
export interface GenerativeSubtitles {
  /** False when no provider is configured: the capability reports itself unavailable. */
  readonly available: boolean;
  /** WebVTT of the speech in `audio` (its text checked to be WebVTT, within the byte cap). */
  transcribe(
    audio: TranscriptionAudio,
    language: string | null,
    signal?: AbortSignal,
  ): Promise<string>;
  /** The ISO 639 code of the language `texts` are written in. */
  detectLanguage(texts: readonly string[], signal?: AbortSignal): Promise<string>;
  /** `texts` in `languages.to`, exactly one for each, in order. */
  translate(
    texts: readonly string[],
    languages: { from: string | null; to: string },
    signal?: AbortSignal,
  ): Promise<string[]>;
}
