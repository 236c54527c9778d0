// Subtitles through OpenAI's API conventions: speech to text with `POST {url}/audio/transcriptions`
// (multipart, response_format=vtt), the spoken language and translations with
// `POST {url}/chat/completions` (a JSON object answer). Like the image edits, the URL is the
// operator's own configuration, so it does not go through the SSRF guard; redirects are never
// followed, every call has a deadline and every answer a byte cap.
import { Blob } from 'node:buffer';
import { languageCode } from '@darkroom/core';
import { languageName, MAX_TRANSCRIPTION_AUDIO_BYTES, WEBVTT_MAX_BYTES } from '@darkroom/render';
import { FormData, request, type Dispatcher } from 'undici';
import {
  parseProviderJson,
  readCappedBody,
  safeProviderText,
  throwUnlessSuccessful,
} from './provider-answer.ts';
import type { GenerativeSubtitles, TranscriptionAudio } from './subtitle-types.ts';
import { GenerativeError } from './types.ts';

interface HttpSubtitleOptions {
  /** Base URL without a trailing slash, e.g. `https://api.openai.com/v1`. */
  url: string;
  apiKey: string | null;
  transcriptionModel: string;
  chatModel: string;
  /** Each call's whole request; a long recording takes a transcription model a minute or two. */
  timeoutMs?: number;
}

const DEFAULT_CALL_TIMEOUT_MS = 180_000;
// A chat answer holds one batch of cue texts, as JSON: far less than this.
const MAX_CHAT_BYTES = 1024 * 1024;
/** Cues translated per chat call, so each answer stays small and its count easy to check. */
const TRANSLATION_BATCH_CUES = 50;
const TRANSLATION_BATCH_CHARACTERS = 8000;

/** GenerativeSubtitles through an OpenAI-compatible API. */
export function createHttpGenerativeSubtitles(options: HttpSubtitleOptions): GenerativeSubtitles {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;

  async function call(
    path: string,
    body: FormData | string,
    maxBytes: number,
    signal: AbortSignal | undefined,
  ): Promise<Buffer> {
    const endpoint = `${options.url}${path}`;
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const headers: Record<string, string> = options.apiKey
      ? { authorization: `Bearer ${options.apiKey}` }
      : {};
    if (typeof body === 'string') headers['content-type'] = 'application/json';
    let response: Dispatcher.ResponseData;
    try {
      response = await request(endpoint, {
        method: 'POST',
        body,
        headers,
        signal: combined,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
    } catch (error) {
      throw unanswered(error, endpoint, signal, timeout, timeoutMs);
    }
    let answer: Buffer;
    try {
      answer = await readCappedBody(response, maxBytes);
    } catch (error) {
      if (error instanceof GenerativeError) throw error;
      throw unanswered(error, endpoint, signal, timeout, timeoutMs);
    }
    throwUnlessSuccessful(response.statusCode, answer, options.apiKey);
    return answer;
  }

  /** The JSON object a chat model answered, from OpenAI's `choices[0].message.content`. */
  async function chat(system: string, user: unknown, signal?: AbortSignal) {
    const body = JSON.stringify({
      model: options.chatModel,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: JSON.stringify(user) },
      ],
      response_format: { type: 'json_object' },
    });
    const answer = parseProviderJson(await call('/chat/completions', body, MAX_CHAT_BYTES, signal));
    const choices = answer.choices;
    const message: unknown = Array.isArray(choices)
      ? (choices[0] as { message?: unknown } | undefined)?.message
      : undefined;
    const content = (message as { content?: unknown } | undefined)?.content;
    if (typeof content !== 'string') {
      throw new GenerativeError(
        'malformed_answer',
        'The chat provider answered no choices[0].message.content text.',
      );
    }
    return parseProviderJson(Buffer.from(withoutCodeFence(content)));
  }

  return {
    available: true,
    async transcribe(audio, language, signal) {
      const answer = await call(
        '/audio/transcriptions',
        transcriptionForm(audio, language, options.transcriptionModel),
        WEBVTT_MAX_BYTES,
        signal,
      );
      const text = answer.toString('utf8');
      if (!/^\uFEFF?WEBVTT(?:[ \t\r\n]|$)/.test(text)) {
        throw new GenerativeError(
          'malformed_answer',
          `The transcription provider answered something other than WebVTT (${safeProviderText(text.slice(0, 60), options.apiKey)}); it must support response_format=vtt.`,
        );
      }
      return text;
    },
    async detectLanguage(texts, signal) {
      const answer = await chat(
        'You tell which language subtitle lines are written in. The user sends a JSON object whose "lines" array holds them. Answer with a JSON object {"language": code}, code being the ISO 639-1 code of the language, or its ISO 639-2 code when it has no ISO 639-1 code.',
        { lines: texts },
        signal,
      );
      const code = typeof answer.language === 'string' ? languageCode(answer.language) : undefined;
      if (code === undefined) {
        throw new GenerativeError(
          'malformed_answer',
          `The chat provider named no ISO 639 language code (${safeProviderText(JSON.stringify(answer.language ?? null).slice(0, 40), options.apiKey)}).`,
        );
      }
      return code;
    },
    async translate(texts, languages, signal) {
      const translated: string[] = [];
      for (const batch of batches(texts)) {
        const answer = await chat(translationPrompt(languages), { cues: batch }, signal);
        const translations = answer.translations;
        if (
          !Array.isArray(translations) ||
          !translations.every((text): text is string => typeof text === 'string')
        ) {
          throw new GenerativeError(
            'malformed_answer',
            'The chat provider answered no "translations" list of texts.',
          );
        }
        if (translations.length !== batch.length) {
          throw new GenerativeError(
            'malformed_answer',
            `The chat provider answered ${translations.length} translations for ${batch.length} cues.`,
          );
        }
        translated.push(...translations);
      }
      return translated;
    },
  };
}

/** The error of a call that got no (whole) answer: the caller's abort, the deadline, or the network. */
function unanswered(
  error: unknown,
  endpoint: string,
  signal: AbortSignal | undefined,
  timeout: AbortSignal,
  timeoutMs: number,
): unknown {
  if (signal?.aborted) return signal.reason;
  // undici's own header and body deadlines are the same length and may strike first.
  const code = (error as { code?: unknown } | null)?.code;
  if (timeout.aborted || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return new GenerativeError(
      'timeout',
      `The subtitle provider did not answer within ${timeoutMs / 1000} s.`,
      { cause: error },
    );
  }
  return new GenerativeError(
    'unreachable',
    `The subtitle provider at ${new URL(endpoint).host} could not be reached.`,
    { cause: error },
  );
}

function transcriptionForm(
  audio: TranscriptionAudio,
  language: string | null,
  model: string,
): FormData {
  if (audio.bytes.length > MAX_TRANSCRIPTION_AUDIO_BYTES) {
    throw new GenerativeError(
      'invalid_request',
      `The audio is ${audio.bytes.length} bytes; transcription takes at most ${MAX_TRANSCRIPTION_AUDIO_BYTES}.`,
    );
  }
  const form = new FormData();
  form.append('file', new Blob([audio.bytes], { type: audio.contentType }), audio.fileName);
  form.append('model', model);
  form.append('response_format', 'vtt');
  // OpenAI takes ISO 639-1 here; a language without such a code is left to be detected.
  if (language !== null && language.length === 2) form.append('language', language);
  return form;
}

function translationPrompt(languages: { from: string | null; to: string }): string {
  const named = (code: string) => `${languageName(code)} (${code})`;
  const from = languages.from === null ? '' : `, written in ${named(languages.from)}`;
  return [
    `You translate video subtitles into ${named(languages.to)}.`,
    `The user sends a JSON object whose "cues" array holds the texts of consecutive subtitle cues, in order${from}.`,
    'Answer with a JSON object {"translations": [...]} holding exactly one string per cue, the translation of the cue at the same position.',
    'Never merge, split, add or drop cues; keep the line breaks within a cue.',
  ].join(' ');
}

/** Cue texts in order, cut into batches of at most TRANSLATION_BATCH_CUES and about as many characters. */
function batches(texts: readonly string[]): string[][] {
  const all: string[][] = [];
  let batch: string[] = [];
  let characters = 0;
  for (const text of texts) {
    if (
      batch.length > 0 &&
      (batch.length === TRANSLATION_BATCH_CUES ||
        characters + text.length > TRANSLATION_BATCH_CHARACTERS)
    ) {
      all.push(batch);
      batch = [];
      characters = 0;
    }
    batch.push(text);
    characters += text.length;
  }
  if (batch.length > 0) all.push(batch);
  return all;
}

// Some OpenAI-compatible servers wrap the JSON object in a Markdown code fence all the same.
function withoutCodeFence(content: string): string {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(content);
  return fenced?.[1] ?? content;
}
