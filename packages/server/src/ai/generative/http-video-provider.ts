// OpenAI's Videos API (`POST {url}/videos`, `GET {url}/videos/{id}`, `GET {url}/videos/{id}/content`),
// which OpenAI-compatible gateways also serve. Like the image edits, the URL is the operator's own
// configuration, so it does not go through the SSRF guard, and redirects are never followed.
import { Blob } from 'node:buffer';
import { FormData, request, type Dispatcher } from 'undici';
import { pngSize } from './png.ts';
import {
  parseProviderJson,
  readCappedBody,
  safeProviderText,
  throwUnlessSuccessful,
} from './provider-answer.ts';
import { GenerativeError } from './types.ts';
import {
  GENERATIVE_VIDEO_SECONDS,
  MAX_PROMPT_LENGTH,
  type GenerativeVideoProgress,
  type GenerativeVideoRequest,
  type GenerativeVideos,
} from './video-types.ts';

interface HttpGenerativeVideoOptions {
  /** Base URL without a trailing slash, e.g. `https://api.openai.com/v1`. */
  url: string;
  apiKey: string | null;
  model: string;
  /** Each call's whole request; generation itself is polled, so calls are short. */
  timeoutMs?: number;
  /** Largest video downloaded, in bytes. */
  maxVideoBytes?: number;
}

const DEFAULT_CALL_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_VIDEO_BYTES = 256 * 1024 * 1024;
// Status answers and errors are small; anything larger is not the API.
const MAX_JSON_BYTES = 1024 * 1024;
// Provider ids go into a URL path: only the characters OpenAI's ids are made of.
const PROVIDER_ID = /^[A-Za-z0-9_-]{1,200}$/;

/** GenerativeVideos through an OpenAI-compatible Videos API. */
export function createHttpGenerativeVideos(options: HttpGenerativeVideoOptions): GenerativeVideos {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
  const maxVideoBytes = options.maxVideoBytes ?? DEFAULT_MAX_VIDEO_BYTES;

  async function call(
    path: string,
    init: { method: 'GET' | 'POST'; body?: FormData },
    maxBytes: number,
    signal: AbortSignal | undefined,
  ): Promise<Buffer> {
    const endpoint = `${options.url}${path}`;
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Dispatcher.ResponseData;
    try {
      response = await request(endpoint, {
        method: init.method,
        ...(init.body ? { body: init.body } : {}),
        headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
        signal: combined,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted) {
        throw new GenerativeError(
          'timeout',
          `The generative video provider did not answer within ${timeoutMs / 1000} s.`,
          { cause: error },
        );
      }
      throw new GenerativeError(
        'unreachable',
        `The generative video provider at ${new URL(endpoint).host} could not be reached.`,
        { cause: error },
      );
    }
    const body = await readCappedBody(response, maxBytes);
    throwUnlessSuccessful(response.statusCode, body, options.apiKey);
    return body;
  }

  return {
    available: true,
    async start(video, signal) {
      const answer = parseProviderJson(
        await call(
          '/videos',
          { method: 'POST', body: videoForm(video, options.model) },
          MAX_JSON_BYTES,
          signal,
        ),
      );
      const id = answer.id;
      if (typeof id !== 'string' || !PROVIDER_ID.test(id)) {
        throw new GenerativeError(
          'malformed_answer',
          'The generative video provider answered no video id.',
        );
      }
      return id;
    },
    async progress(providerId, signal) {
      const answer = parseProviderJson(
        await call(`/videos/${checkedId(providerId)}`, { method: 'GET' }, MAX_JSON_BYTES, signal),
      );
      return progressOf(answer, options.apiKey);
    },
    async content(providerId, signal) {
      const mp4 = await call(
        `/videos/${checkedId(providerId)}/content`,
        { method: 'GET' },
        maxVideoBytes,
        signal,
      );
      // An MP4 starts with a box whose type is `ftyp`; anything else is not the video.
      if (mp4.subarray(4, 8).toString('latin1') !== 'ftyp') {
        throw new GenerativeError(
          'malformed_answer',
          'The generative video provider answered something other than an MP4.',
        );
      }
      return mp4;
    },
  };
}

function checkedId(providerId: string): string {
  if (!PROVIDER_ID.test(providerId)) {
    throw new GenerativeError('invalid_request', 'The video id is not one the provider gave.');
  }
  return providerId;
}

function videoForm(video: GenerativeVideoRequest, model: string): FormData {
  const problem = requestProblem(video);
  if (problem !== null) throw new GenerativeError('invalid_request', problem);
  const form = new FormData();
  form.append('model', model);
  form.append('prompt', video.prompt.trim());
  form.append('seconds', String(video.seconds));
  form.append('size', `${video.size.width}x${video.size.height}`);
  form.append('input_reference', new Blob([video.image], { type: 'image/png' }), 'still.png');
  return form;
}

function requestProblem(video: GenerativeVideoRequest): string | null {
  if (video.prompt.trim() === '') return 'The prompt is empty.';
  if (video.prompt.length > MAX_PROMPT_LENGTH) {
    return `The prompt is longer than ${MAX_PROMPT_LENGTH} characters.`;
  }
  if (!(GENERATIVE_VIDEO_SECONDS as readonly number[]).includes(video.seconds)) {
    return `A video lasts ${GENERATIVE_VIDEO_SECONDS.join(', ')} seconds.`;
  }
  const image = pngSize(video.image);
  if (image === null) return 'The still is not a PNG.';
  if (image.width !== video.size.width || image.height !== video.size.height) {
    return `The still is ${image.width}x${image.height} but the video is ${video.size.width}x${video.size.height}.`;
  }
  return null;
}

/** OpenAI's video object: `status` queued | in_progress | completed | failed, `progress` 0-100. */
function progressOf(
  answer: Record<string, unknown>,
  apiKey: string | null,
): GenerativeVideoProgress {
  switch (answer.status) {
    case 'queued':
    case 'in_progress': {
      const progress = typeof answer.progress === 'number' ? answer.progress : 0;
      return { state: answer.status, progress: Math.min(100, Math.max(0, Math.round(progress))) };
    }
    case 'completed':
      return { state: 'completed' };
    case 'failed': {
      const error = answer.error as { message?: unknown } | null | undefined;
      const message =
        typeof error?.message === 'string' && error.message.trim() !== ''
          ? safeProviderText(error.message, apiKey)
          : 'The provider did not say why.';
      return { state: 'failed', message };
    }
    default:
      throw new GenerativeError(
        'malformed_answer',
        `The generative video provider answered an unknown status (${safeProviderText(String(answer.status), apiKey)}).`,
      );
  }
}
