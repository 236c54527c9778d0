// The subtitle provider (ai/generative, GENERATIVE_API_URL) as the video engine uses it: its
// failures become the RenderError the URL answers, and each of its answers is kept in the render
// cache of the origin path, found again by what was sent. A sidecar in French, another in
// Japanese and the HLS stream of the same video pay for one transcription; a purge of the path
// (or a new version of the source) forgets them with the renders.
import { createHash } from 'node:crypto';
import {
  parseWebVtt,
  RenderError,
  type SubtitleProvider,
  type TranscriptionAudio,
} from '@darkroom/render';
import { GenerativeError, type GenerativeSubtitles } from '../ai/generative/index.ts';
import { strongEtag } from './cached-render.ts';
import type { DeliverySource } from './delivery-source.ts';
import type { RenderCaches } from './render-caches.ts';

/**
 * The answer of a provider failure: the provider's time running out or its address not
 * answering may pass (504, which the render job retries); a refusal or a malformed answer
 * would come back the same, and is the render's failure (422, as the other AI paths answer).
 */
function renderErrorOf(error: unknown): unknown {
  if (!(error instanceof GenerativeError)) return error;
  const passing = error.kind === 'timeout' || error.kind === 'unreachable';
  return new RenderError(passing ? 504 : 422, error.message, { cause: error });
}

/**
 * `generative` with its failures as RenderErrors, and its transcriptions parsed as WebVTT (422
 * when they are not) before anything, the answers kept below included, holds them.
 */
export function subtitleProviderOf(generative: GenerativeSubtitles): SubtitleProvider {
  const mapped =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      call(...args).catch((error: unknown) => {
        throw renderErrorOf(error);
      });
  const transcribe = mapped(generative.transcribe.bind(generative));
  return {
    async transcribe(audio, language, signal) {
      const answer = await transcribe(audio, language, signal);
      parseWebVtt(answer, "The transcription provider's answer");
      return answer;
    },
    detectLanguage: mapped(generative.detectLanguage.bind(generative)),
    translate: mapped(generative.translate.bind(generative)),
  };
}

/** Where the provider's answers are kept, by the hash of what was sent. */
export interface ProviderAnswers {
  read(key: string): Promise<string | null>;
  write(key: string, text: string): Promise<void>;
}

/** The answers of the provider about one origin path of a source, in the render caches. */
export function cachedProviderAnswers(
  caches: RenderCaches,
  source: Pick<DeliverySource, 'id' | 'globalVersion'>,
  originPath: string,
): ProviderAnswers {
  // No render identity has this line: render identities end with the parameters' key.
  const identity = (key: string) =>
    [source.id, String(source.globalVersion), originPath, `subtitle-provider:${key}`].join('\n');
  const location = (key: string) => caches.location(source.id, originPath, identity(key));
  return {
    async read(key) {
      const stored = await caches.fromDisk(identity(key), location(key));
      return stored === null ? null : stored.body.toString('utf8');
    },
    async write(key, text) {
      const body = Buffer.from(text);
      await caches.store(identity(key), location(key), {
        body,
        contentType: 'text/plain; charset=utf-8',
        etag: await strongEtag(body),
        variesOnAccept: false,
        originCacheControl: null,
        premium: true,
      });
    },
  };
}

const hash = (...parts: (string | Uint8Array)[]): string => {
  const digest = createHash('sha256');
  for (const part of parts) digest.update(part).update('\0');
  return digest.digest('hex');
};

/** `provider` asked once for each question, the answers kept in `answers`. */
export function rememberingProvider(
  provider: SubtitleProvider,
  answers: ProviderAnswers,
): SubtitleProvider {
  async function remembered<T>(
    key: string,
    ask: () => Promise<T>,
    encode: (value: T) => string,
    decode: (text: string) => T | undefined,
  ): Promise<T> {
    const stored = await answers.read(key);
    const known = stored === null ? undefined : decode(stored);
    if (known !== undefined) return known;
    const answer = await ask();
    await answers.write(key, encode(answer));
    return answer;
  }
  const asText = (text: string) => text;
  const asTexts = (text: string): string[] | undefined => {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')
      ? parsed
      : undefined;
  };
  return {
    transcribe: (audio: TranscriptionAudio, language, signal) =>
      remembered(
        `transcription:${hash(audio.bytes, language ?? '')}`,
        () => provider.transcribe(audio, language, signal),
        asText,
        asText,
      ),
    detectLanguage: (texts, signal) =>
      remembered(
        `language:${hash(JSON.stringify(texts))}`,
        () => provider.detectLanguage(texts, signal),
        asText,
        asText,
      ),
    translate: (texts, languages, signal) =>
      remembered(
        `translation:${hash(JSON.stringify([texts, languages.from, languages.to]))}`,
        () => provider.translate(texts, languages, signal),
        (translated) => JSON.stringify(translated),
        asTexts,
      ),
  };
}
