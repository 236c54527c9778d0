// Where a request's subtitle tracks come from: the transcription provider (video-generate-
// subtitles, with the video's own tracks for `auto`), or the URLs of video-subtitle-src[N],
// fetched by the server. Each output takes the tracks it needs: a stream all of them, fm=vtt
// one, burn-in captions the first.
import { RenderError } from '../pipeline/context.ts';
import { suppliedVttTrack, type SubtitlePlan } from './subtitle-plan.ts';
import { subtitleTracks, type SubtitleProvider, type SubtitleTrack } from './subtitles.ts';
import { suppliedTrack, suppliedTracks, type SubtitleFetch } from './supplied-subtitles.ts';
import type { VideoInput } from './video-input.ts';

/** What makes the tracks of a plan: the provider generates them, `fetch` reads supplied ones. */
export interface SubtitleSources {
  provider: SubtitleProvider | null;
  fetch: SubtitleFetch | null;
  signal?: AbortSignal | undefined;
}

/** The provider a generated track needs, or the 422 of a server without one. */
export function requireProvider(provider: SubtitleProvider | null): SubtitleProvider {
  if (provider === null) {
    throw new RenderError(
      422,
      'video-generate-subtitles needs a transcription provider, which this server does not have (set GENERATIVE_API_URL).',
    );
  }
  return provider;
}

/**
 * Every track of a stream (fm=hls): the supplied ones in index order, or the spoken-language
 * track and its translations.
 */
export function streamTracks(
  plan: SubtitlePlan,
  input: VideoInput,
  directory: string,
  sources: SubtitleSources,
): Promise<SubtitleTrack[]> {
  if (plan.mode === 'supplied') return suppliedTracks(plan.supplied, sources.fetch, sources.signal);
  return subtitleTracks(
    input,
    directory,
    plan,
    plan.translations,
    requireProvider(sources.provider),
    sources.signal,
  );
}

/**
 * The track fm=vtt answers, and every track made to answer it. Generated: the one in
 * video-vtt-lang (the spoken language's when absent, or when it is the spoken language).
 * Supplied: the one tagged video-vtt-lang, else the first; delivery refuses a language no track
 * is tagged with before the job, and this is the same 400.
 */
export async function vttTrack(
  plan: SubtitlePlan,
  input: VideoInput,
  directory: string,
  sources: SubtitleSources,
): Promise<{ answered: SubtitleTrack; made: SubtitleTrack[] }> {
  if (plan.mode === 'supplied') {
    const source = suppliedVttTrack(plan);
    if (source === null) {
      throw new RenderError(
        400,
        `video-vtt-lang=${plan.vttLanguage ?? ''} names no track of video-subtitle-src: tag one with video-subtitle-lang[N].`,
      );
    }
    const answered = await suppliedTrack(source, sources.fetch, sources.signal);
    return { answered, made: [answered] };
  }
  const languages = plan.vttLanguage === null ? [] : [plan.vttLanguage];
  const made = await subtitleTracks(
    input,
    directory,
    plan,
    languages,
    requireProvider(sources.provider),
    sources.signal,
  );
  const answered = made.find((track) => track.translation === plan.vttLanguage) ?? made[0];
  if (answered === undefined) throw new Error('subtitleTracks made no track.');
  return { answered, made };
}

/**
 * The track burn-in captions draw: the supplied track of the lowest index, or the spoken-language
 * track (transcribed, or the video's own with `auto`).
 */
export async function burnInTrack(
  plan: SubtitlePlan,
  input: VideoInput,
  directory: string,
  sources: SubtitleSources,
): Promise<SubtitleTrack> {
  const first = plan.supplied[0];
  if (plan.mode === 'supplied' && first !== undefined) {
    return suppliedTrack(first, sources.fetch, sources.signal);
  }
  const [spoken] = await subtitleTracks(
    input,
    directory,
    plan,
    [],
    requireProvider(sources.provider),
    sources.signal,
  );
  if (spoken === undefined) throw new Error('subtitleTracks made no track.');
  return spoken;
}
