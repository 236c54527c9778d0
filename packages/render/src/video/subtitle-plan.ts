// The subtitle parameters (docs.imgix.com/apis/video/subtitles) read into typed options, with no
// I/O: delivery reads them before anything is fetched (which request needs the provider, which
// stream files exist), the video engine when it makes the tracks.
import { indexedName, MAX_PARAMETER_INDEX, type Params } from '@darkroom/core';

/** A track the URL brings of its own: video-subtitle-src[N] and video-subtitle-lang[N]. */
export interface SuppliedSubtitle {
  /** N: the bare parameters are [0]. */
  index: number;
  url: string;
  /** Its language as the shortest ISO 639 code, or null when the URL does not tag it. */
  language: string | null;
}

/** What a request asks of subtitles. */
export interface SubtitlePlan {
  /**
   * `transcribe` (video-generate-subtitles=true or on) always transcribes the audio; `auto`
   * serves the video's own text subtitle track when it has one, and transcribes otherwise;
   * `supplied` serves the tracks of video-subtitle-src[N], and nothing is transcribed.
   */
  mode: 'transcribe' | 'auto' | 'supplied';
  /** video-subtitle-lang: the spoken language, as its shortest ISO 639 code; null to detect it. */
  spokenLanguage: string | null;
  /** video-subtitle-translations: the languages to translate into, once each, in URL order. */
  translations: string[];
  /** video-vtt-lang: the language of the track fm=vtt answers; null for the first track. */
  vttLanguage: string | null;
  /** The supplied tracks by index, with mode `supplied`; [] otherwise. */
  supplied: SuppliedSubtitle[];
}

/**
 * video-subtitle-src[N] with video-subtitle-lang[N], by index. The bare names are [0]
 * (docs.imgix.com/apis/video/subtitles/video-subtitle-src: "The bare video-subtitle-src parameter
 * is equivalent to video-subtitle-src[0]").
 */
function suppliedSubtitles(params: Params): SuppliedSubtitle[] {
  const supplied: SuppliedSubtitle[] = [];
  const first = params.string('video-subtitle-src');
  if (first !== undefined) {
    supplied.push({ index: 0, url: first, language: params.string('video-subtitle-lang') ?? null });
  }
  for (let index = 1; index <= MAX_PARAMETER_INDEX; index += 1) {
    const url = params.string(indexedName('video-subtitle-src', index));
    if (url === undefined) continue;
    const language = params.string(indexedName('video-subtitle-lang', index)) ?? null;
    supplied.push({ index, url, language });
  }
  return supplied;
}

/**
 * The subtitles `params` ask for, or null when they ask for none (no video-subtitle-src, and
 * video-generate-subtitles absent, false or off). Supplied tracks come "instead of using Imgix's
 * AI transcription engine" (.../video-subtitle-src): with one, nothing is transcribed or
 * translated. The languages were checked and shortened by the parser (`fra` is `fr`).
 */
export function subtitlePlan(params: Params): SubtitlePlan | null {
  const vttLanguage = params.string('video-vtt-lang') ?? null;
  const supplied = suppliedSubtitles(params);
  if (supplied.length > 0) {
    return { mode: 'supplied', spokenLanguage: null, translations: [], vttLanguage, supplied };
  }
  const asked = params.string('video-generate-subtitles');
  if (asked !== 'true' && asked !== 'on' && asked !== 'auto') return null;
  return {
    mode: asked === 'auto' ? 'auto' : 'transcribe',
    spokenLanguage: params.string('video-subtitle-lang') ?? null,
    translations: [...new Set(params.strings('video-subtitle-translations'))],
    vttLanguage,
    supplied: [],
  };
}

/** True when `plan`'s tracks are made by the transcription provider. */
export function needsProvider(plan: SubtitlePlan | null): boolean {
  return plan !== null && plan.mode !== 'supplied';
}

/**
 * The supplied track fm=vtt answers: the one in video-vtt-lang, else the first by index; null
 * when video-vtt-lang names a language no supplied track is tagged with.
 */
export function suppliedVttTrack(plan: SubtitlePlan): SuppliedSubtitle | null {
  if (plan.vttLanguage === null) return plan.supplied[0] ?? null;
  return plan.supplied.find((track) => track.language === plan.vttLanguage) ?? null;
}

/**
 * The stem of a subtitle track's files in an HLS stream: `subtitles` and `subtitles-fr` for the
 * spoken language and a translation, `subtitles-{N}` for video-subtitle-src[N].
 */
export function subtitleTrackStem(
  translation: string | null,
  supplied: number | null = null,
): string {
  if (supplied !== null) return `subtitles-${supplied}`;
  return translation === null ? 'subtitles' : `subtitles-${translation}`;
}

/**
 * True when an HLS stream of `plan` can hold the track file `stem` names: a supplied track, the
 * spoken-language track, or one of the translations (one into the spoken language is not made).
 */
export function hasSubtitleTrack(plan: SubtitlePlan | null, stem: string): boolean {
  if (plan === null) return false;
  if (plan.mode === 'supplied') {
    return plan.supplied.some((track) => stem === subtitleTrackStem(null, track.index));
  }
  return (
    stem === subtitleTrackStem(null) ||
    plan.translations.some((language) => stem === subtitleTrackStem(language))
  );
}
