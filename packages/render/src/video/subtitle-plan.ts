// The subtitle parameters (docs.imgix.com/apis/video/subtitles) read into typed options, with no
// I/O: delivery reads them before anything is fetched (which request needs the provider, which
// stream files exist), the video engine when it makes the tracks.
import type { Params } from '@darkroom/core';

/** What a request asks of subtitles. */
export interface SubtitlePlan {
  /**
   * `transcribe` (video-generate-subtitles=true or on) always transcribes the audio; `auto`
   * serves the video's own text subtitle track when it has one, and transcribes otherwise.
   */
  mode: 'transcribe' | 'auto';
  /** video-subtitle-lang: the spoken language, as its shortest ISO 639 code; null to detect it. */
  spokenLanguage: string | null;
  /** video-subtitle-translations: the languages to translate into, once each, in URL order. */
  translations: string[];
  /** video-vtt-lang: the language of the track fm=vtt answers; null for the spoken language. */
  vttLanguage: string | null;
}

/**
 * The subtitles `params` ask for, or null when they ask for none (video-generate-subtitles
 * absent, false or off). The languages were checked and shortened by the parser (`fra` is `fr`).
 */
export function subtitlePlan(params: Params): SubtitlePlan | null {
  const asked = params.string('video-generate-subtitles');
  if (asked !== 'true' && asked !== 'on' && asked !== 'auto') return null;
  return {
    mode: asked === 'auto' ? 'auto' : 'transcribe',
    spokenLanguage: params.string('video-subtitle-lang') ?? null,
    translations: [...new Set(params.strings('video-subtitle-translations'))],
    vttLanguage: params.string('video-vtt-lang') ?? null,
  };
}

/** The stem of a subtitle track's files in an HLS stream: `subtitles`, `subtitles-fr`. */
export function subtitleTrackStem(translation: string | null): string {
  return translation === null ? 'subtitles' : `subtitles-${translation}`;
}

/**
 * True when an HLS stream of `plan` can hold the track file `stem` names: the spoken-language
 * track, or one of the translations (a translation into the spoken language is not made).
 */
export function hasSubtitleTrack(plan: SubtitlePlan | null, stem: string): boolean {
  if (plan === null) return false;
  return (
    stem === subtitleTrackStem(null) ||
    plan.translations.some((language) => stem === subtitleTrackStem(language))
  );
}
