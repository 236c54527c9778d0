// Subtitle tracks of a video (video-generate-subtitles, video-subtitle-translations): the
// video's own text subtitle stream (`auto`), or its audio transcribed by the server's provider,
// then translated cue by cue, timings kept. ffmpeg reads the streams; the provider is an
// interface (OpenAI's audio and chat conventions), so this module knows nothing of HTTP.
import { stat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { languageCode } from '@darkroom/core';
import { RenderError } from '../pipeline/context.ts';
import { runFfmpeg } from './ffmpeg.ts';
import type { SubtitleStream } from './probe-video.ts';
import type { SubtitlePlan } from './subtitle-plan.ts';
import type { VideoInput } from './video-input.ts';
import { cueText, parseWebVtt, WEBVTT_MAX_BYTES, type Cue } from './webvtt.ts';

/** The audio a transcription is made from: the first audio stream as a small mono MP3. */
export interface TranscriptionAudio {
  bytes: Buffer;
  fileName: string;
  contentType: string;
}

/**
 * Speech to text and translation: the server's configured provider. Its failures are
 * RenderErrors carrying the status the URL answers; what it answers is checked here again.
 */
export interface SubtitleProvider {
  /** WebVTT of the speech in `audio`; `language` (an ISO 639 code) when it is known. */
  transcribe(
    audio: TranscriptionAudio,
    language: string | null,
    signal?: AbortSignal,
  ): Promise<string>;
  /** The ISO 639 code of the language `texts` are written in. */
  detectLanguage(texts: readonly string[], signal?: AbortSignal): Promise<string>;
  /** `texts` translated into `languages.to`, one for one and in order. */
  translate(
    texts: readonly string[],
    languages: { from: string | null; to: string },
    signal?: AbortSignal,
  ): Promise<string[]>;
}

/** One subtitle track, its cues timed on the whole video. */
export interface SubtitleTrack {
  /** Its language as the shortest ISO 639 code; null when not known (nothing needed it). */
  language: string | null;
  /** The language this track is a translation into; null for the spoken-language track. */
  translation: string | null;
  /** N of the video-subtitle-src[N] it was fetched from; null for the video's own tracks. */
  supplied: number | null;
  origin: 'embedded' | 'transcribed' | 'translated' | 'supplied';
  cues: Cue[];
}

/** True when the provider made one of `tracks` (a transcription or a translation). */
export function providerMade(tracks: readonly SubtitleTrack[]): boolean {
  return tracks.some((track) => track.origin === 'transcribed' || track.origin === 'translated');
}

/**
 * The most audio sent for one transcription: OpenAI's audio endpoints take files up to 25 MB.
 * At SPEECH_BITRATE that is about 100 minutes.
 */
export const MAX_TRANSCRIPTION_AUDIO_BYTES = 24 * 1024 * 1024;
// Speech needs neither stereo nor more than 16 kHz (Whisper resamples to 16 kHz mono itself).
const SPEECH_BITRATE = '32k';
/** Cues sent to find the spoken language: enough text to tell, little to pay for. */
const DETECTION_CUES = 40;

// Subtitle codecs ffmpeg converts to WebVTT; picture-based ones (PGS, DVB, VobSub) are not text.
const TEXT_CODECS = new Set([
  'mov_text',
  'subrip',
  'srt',
  'webvtt',
  'ass',
  'ssa',
  'text',
  'microdvd',
  'mpl2',
  'sami',
  'realtext',
  'subviewer',
  'subviewer1',
  'vplayer',
  'pjs',
  'jacosub',
  'stl',
]);

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** A language's English name for people (`fr`: French), or the code itself when unknown. */
export function languageName(code: string): string {
  try {
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The video's text subtitle streams, in file order. */
function textStreams(input: VideoInput): SubtitleStream[] {
  return input.info.subtitles.filter((stream) => TEXT_CODECS.has(stream.codec));
}

/** A subtitle stream of the video as cues (ffmpeg's WebVTT encoder), checked like any input. */
async function embeddedCues(
  input: VideoInput,
  stream: SubtitleStream,
  directory: string,
  signal?: AbortSignal,
): Promise<Cue[]> {
  const file = path.join(directory, `subtitles-${stream.index}.vtt`);
  try {
    await runFfmpeg(
      [...input.args, '-map', `0:${stream.index}`, '-c:s', 'webvtt', '-f', 'webvtt', '-y', file],
      signal,
    );
  } catch (error) {
    if (error instanceof RenderError) throw error;
    throw new RenderError(422, "The video's subtitle track cannot be read.", { cause: error });
  }
  if ((await stat(file)).size > WEBVTT_MAX_BYTES) {
    throw new RenderError(
      422,
      `The video's subtitle track is larger than ${WEBVTT_MAX_BYTES} bytes.`,
    );
  }
  return parseWebVtt(await readFile(file, 'utf8'), "The video's subtitle track");
}

/** The first audio stream as a mono MP3 of speech quality, within the provider's file limit. */
async function speechAudio(
  input: VideoInput,
  directory: string,
  signal?: AbortSignal,
): Promise<TranscriptionAudio> {
  const file = path.join(directory, 'speech.mp3');
  await runFfmpeg(
    [
      ...input.args,
      '-map',
      '0:a:0',
      '-vn',
      // No tags: the same audio makes the same bytes, which the server's answers are kept by.
      '-map_metadata',
      '-1',
      '-id3v2_version',
      '0',
      '-write_xing',
      '0',
      '-ac',
      '1',
      '-ar',
      '16000',
      '-c:a',
      'libmp3lame',
      '-b:a',
      SPEECH_BITRATE,
      // ffmpeg stops writing past the limit; a file that reaches it was cut short.
      '-fs',
      String(MAX_TRANSCRIPTION_AUDIO_BYTES + 1),
      '-f',
      'mp3',
      '-y',
      file,
    ],
    signal,
  );
  const bytes = await readFile(file);
  if (bytes.length > MAX_TRANSCRIPTION_AUDIO_BYTES) {
    throw new RenderError(
      413,
      `The video's audio is too long to transcribe: past ${MAX_TRANSCRIPTION_AUDIO_BYTES} bytes of ${SPEECH_BITRATE}bps MP3, the provider's limit.`,
    );
  }
  return { bytes, fileName: 'speech.mp3', contentType: 'audio/mpeg' };
}

/** The spoken-language track: the video's own (auto), or its audio transcribed. */
async function spokenTrack(
  input: VideoInput,
  directory: string,
  plan: SubtitlePlan,
  provider: SubtitleProvider,
  signal?: AbortSignal,
): Promise<SubtitleTrack> {
  const own = plan.mode === 'auto' ? textStreams(input)[0] : undefined;
  if (own !== undefined) {
    return {
      language: languageCode(own.language ?? '') ?? null,
      translation: null,
      supplied: null,
      origin: 'embedded',
      cues: await embeddedCues(input, own, directory, signal),
    };
  }
  const track = {
    language: plan.spokenLanguage,
    translation: null,
    supplied: null,
    origin: 'transcribed' as const,
  };
  // Silence has nothing to say: a video without audio has an empty track, and costs nothing.
  if (!input.info.hasAudio) return { ...track, cues: [] };
  const audio = await speechAudio(input, directory, signal);
  const answer = await provider.transcribe(audio, plan.spokenLanguage, signal);
  return { ...track, cues: parseWebVtt(answer, "The transcription provider's answer") };
}

/** The language of `track`: known, or asked of the provider from a sample of its cues. */
async function languageOf(
  track: SubtitleTrack,
  provider: SubtitleProvider,
  signal?: AbortSignal,
): Promise<string | null> {
  if (track.language !== null || track.cues.length === 0) return track.language;
  const texts = track.cues.slice(0, DETECTION_CUES).map((cue) => cue.text);
  const named = await provider.detectLanguage(texts, signal);
  const code = languageCode(named.trim());
  if (code === undefined) {
    throw new RenderError(
      422,
      `The translation provider named the spoken language "${named.slice(0, 20)}", which is no ISO 639 code.`,
    );
  }
  return code;
}

/** `source` translated into `to`, each cue's timings and settings kept. */
async function translated(
  source: SubtitleTrack,
  to: string,
  provider: SubtitleProvider,
  signal?: AbortSignal,
): Promise<SubtitleTrack> {
  const track = { language: to, translation: to, supplied: null, origin: 'translated' as const };
  if (source.cues.length === 0) return { ...track, cues: [] };
  const texts = source.cues.map((cue) => cue.text);
  const answer = await provider.translate(texts, { from: source.language, to }, signal);
  if (answer.length !== texts.length) {
    throw new RenderError(
      422,
      `The translation provider answered ${answer.length} texts for ${texts.length} cues.`,
    );
  }
  return {
    ...track,
    cues: source.cues.map((cue, index) => ({ ...cue, text: cueText(answer[index] ?? '') })),
  };
}

/**
 * The tracks `plan` asks for: the spoken-language track first, then one per language of
 * `languages` (the translations of an HLS stream, or the one language fm=vtt answers in). A
 * language the video has its own track in is that track (auto); one equal to the spoken
 * language is skipped ("If a target language matches the detected source language, that
 * translation is skipped automatically").
 */
export async function subtitleTracks(
  input: VideoInput,
  directory: string,
  plan: SubtitlePlan,
  languages: readonly string[],
  provider: SubtitleProvider,
  signal?: AbortSignal,
): Promise<SubtitleTrack[]> {
  const spoken = await spokenTrack(input, directory, plan, provider, signal);
  const tracks = [spoken];
  const owned = plan.mode === 'auto' ? textStreams(input) : [];
  const wanted: string[] = [];
  for (const language of languages) {
    const own = owned.find((stream) => languageCode(stream.language ?? '') === language);
    if (own === undefined) {
      wanted.push(language);
    } else if (spoken.language !== language) {
      const cues = await embeddedCues(input, own, directory, signal);
      tracks.push({ language, translation: language, supplied: null, origin: 'embedded', cues });
    }
  }
  if (wanted.length === 0) return tracks;
  const spokenLanguage = await languageOf(spoken, provider, signal);
  const source = { ...spoken, language: spokenLanguage };
  tracks[0] = source;
  for (const language of wanted) {
    if (language === spokenLanguage) continue;
    tracks.push(await translated(source, language, provider, signal));
  }
  return tracks;
}
