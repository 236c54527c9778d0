// The OpenAI-compatible images edit endpoint (`POST {url}/images/edits`, multipart). The URL is
// the operator's own configuration, not a customer's, so it does not go through the SSRF guard
// (a provider on a private address is a legitimate setup); redirects are still never followed,
// so the bearer token only ever goes to the configured host.
import { Blob } from 'node:buffer';
import { FormData, request } from 'undici';
import { pngSize } from './png.ts';
import { readProviderAnswer, readCappedBody } from './provider-answer.ts';
import {
  GenerativeError,
  MAX_PROMPT_LENGTH,
  type GenerativeEditRequest,
  type GenerativeImages,
} from './types.ts';

interface HttpGenerativeOptions {
  /** Base URL without a trailing slash, e.g. `https://api.openai.com/v1`. */
  url: string;
  apiKey: string | null;
  model: string;
  /** Whole request, headers and body; image models often take a minute. */
  timeoutMs?: number;
  /** Largest answer read, in bytes; base64 makes a PNG a third larger. */
  maxResponseBytes?: number;
}

const DEFAULT_GENERATIVE_TIMEOUT_MS = 180_000;
const DEFAULT_GENERATIVE_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

// OpenAI's GPT image models always answer base64 and reject `response_format`, which only the
// DALL-E models and most OpenAI-compatible servers take.
const ALWAYS_BASE64_MODEL = /^(gpt-image|chatgpt-image)/;

/** A GenerativeImages that edits through an OpenAI-compatible images API. */
export function createHttpGenerativeImages(options: HttpGenerativeOptions): GenerativeImages {
  const endpoint = `${options.url}/images/edits`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_GENERATIVE_TIMEOUT_MS;
  const maxBytes = options.maxResponseBytes ?? DEFAULT_GENERATIVE_MAX_RESPONSE_BYTES;

  return {
    available: true,
    async edit(edit, signal) {
      const form = editForm(edit, options.model);
      const timeout = AbortSignal.timeout(timeoutMs);
      const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
      try {
        const response = await request(endpoint, {
          method: 'POST',
          body: form,
          headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
          signal: combined,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
        const body = await readCappedBody(response, maxBytes);
        return readProviderAnswer(response.statusCode, body, options.apiKey);
      } catch (error) {
        if (error instanceof GenerativeError) throw error;
        if (signal?.aborted) throw signal.reason;
        if (timeout.aborted) {
          throw new GenerativeError(
            'timeout',
            `The generative provider did not answer within ${timeoutMs / 1000} s.`,
            { cause: error },
          );
        }
        throw new GenerativeError(
          'unreachable',
          `The generative provider at ${new URL(endpoint).host} could not be reached (${describe(error)}).`,
          { cause: error },
        );
      }
    },
  };
}

function editForm(edit: GenerativeEditRequest, model: string): FormData {
  checkRequest(edit);
  const form = new FormData();
  form.append('model', model);
  form.append('image', new Blob([edit.image], { type: 'image/png' }), 'image.png');
  if (edit.mask) form.append('mask', new Blob([edit.mask], { type: 'image/png' }), 'mask.png');
  form.append('prompt', promptText(edit));
  form.append('n', '1');
  form.append('size', `${edit.size.width}x${edit.size.height}`);
  if (!ALWAYS_BASE64_MODEL.test(model)) form.append('response_format', 'b64_json');
  return form;
}

// The edit endpoint has no negative prompt, so it travels as an instruction in the prompt, on
// the same line: multipart turns line breaks into CRLF, which some servers keep in the prompt.
function promptText(edit: GenerativeEditRequest): string {
  const prompt = edit.prompt.trim();
  const negative = edit.negativePrompt?.trim();
  if (!negative) return prompt;
  return `${/[.!?]$/.test(prompt) ? prompt : `${prompt}.`} Avoid: ${negative}`;
}

function checkRequest(edit: GenerativeEditRequest): void {
  const problem = requestProblem(edit);
  if (problem !== null) throw new GenerativeError('invalid_request', problem);
}

function requestProblem(edit: GenerativeEditRequest): string | null {
  if (edit.prompt.trim() === '') return 'The prompt is empty.';
  if (edit.prompt.length > MAX_PROMPT_LENGTH) {
    return `The prompt is longer than ${MAX_PROMPT_LENGTH} characters.`;
  }
  if ((edit.negativePrompt?.length ?? 0) > MAX_PROMPT_LENGTH) {
    return `The negative prompt is longer than ${MAX_PROMPT_LENGTH} characters.`;
  }
  const { width, height } = edit.size;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    return 'The size must be whole numbers of pixels.';
  }
  const image = pngSize(edit.image);
  if (image === null) return 'The image to edit is not a PNG.';
  if (edit.mask) {
    const mask = pngSize(edit.mask);
    if (mask === null) return 'The mask is not a PNG.';
    // OpenAI refuses a mask of another size; saying so here names the real problem.
    if (mask.width !== image.width || mask.height !== image.height) {
      return `The mask is ${mask.width}x${mask.height} but the image is ${image.width}x${image.height}.`;
    }
  }
  return null;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : error.message;
}
