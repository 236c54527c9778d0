import type { Dispatcher } from 'undici';
import { joinChunks } from '../../net/read-all.ts';
import { pngSize } from './png.ts';
import { GenerativeError } from './types.ts';

// A provider's error text is shown to people; a page of HTML from a proxy is not worth more.
const MAX_MESSAGE_LENGTH = 300;

/** The answer's body, refused as soon as it passes `maxBytes`. */
export async function readCappedBody(
  response: Dispatcher.ResponseData,
  maxBytes: number,
): Promise<Buffer> {
  const tooLarge = () =>
    new GenerativeError(
      'too_large',
      `The generative provider answered more than ${maxBytes} bytes.`,
    );
  const announced = Number(response.headers['content-length']);
  if (Number.isFinite(announced) && announced > maxBytes) {
    // undici reports the destroyed body as an error that nobody is waiting for any more.
    response.body.on('error', () => undefined).destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > maxBytes) {
      response.body.on('error', () => undefined).destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return joinChunks(chunks);
}

/** The PNG in a successful answer, or the GenerativeError an unsuccessful one stands for. */
export function readProviderAnswer(status: number, body: Buffer, apiKey: string | null): Buffer {
  throwUnlessSuccessful(status, body, apiKey);
  const encoded = firstImage(body);
  const png = Buffer.from(encoded, 'base64');
  if (pngSize(png) === null) {
    throw new GenerativeError(
      'malformed_answer',
      'The generative provider answered an image that is not a PNG.',
    );
  }
  return png;
}

/** The GenerativeError an unsuccessful status stands for, with the provider's own message. */
export function throwUnlessSuccessful(status: number, body: Buffer, apiKey: string | null): void {
  if (status >= 200 && status < 300) return;
  const message = providerMessage(body, apiKey);
  const redirect = status >= 300 && status < 400 ? ' (redirects are not followed)' : '';
  throw new GenerativeError(
    'provider_error',
    `The generative provider answered ${status}${redirect}${message ? `: ${message}` : '.'}`,
    { providerStatus: status },
  );
}

/** A JSON answer's object, or the malformed-answer error. */
export function parseProviderJson(body: Buffer): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new GenerativeError('malformed_answer', 'The generative provider did not answer JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new GenerativeError(
      'malformed_answer',
      'The generative provider did not answer an object.',
    );
  }
  return parsed as Record<string, unknown>;
}

/** A message from the provider made safe to show: one line, short, never holding the key. */
export function safeProviderText(text: string, apiKey: string | null): string {
  const oneLine = redact(text, apiKey).replace(/\s+/g, ' ').trim();
  return oneLine.length > MAX_MESSAGE_LENGTH ? `${oneLine.slice(0, MAX_MESSAGE_LENGTH)}…` : oneLine;
}

function firstImage(body: Buffer): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new GenerativeError('malformed_answer', 'The generative provider did not answer JSON.');
  }
  const first = (parsed as { data?: unknown } | null)?.data;
  const image: unknown = Array.isArray(first) ? first[0] : undefined;
  const encoded = (image as { b64_json?: unknown } | undefined)?.b64_json;
  if (typeof encoded === 'string' && /^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return encoded;
  if (typeof (image as { url?: unknown } | undefined)?.url === 'string') {
    // Fetching a URL the provider names would need the SSRF guard and a second trust decision.
    throw new GenerativeError(
      'malformed_answer',
      'The generative provider answered a URL instead of b64_json; it must support response_format=b64_json.',
    );
  }
  throw new GenerativeError(
    'malformed_answer',
    'The generative provider answered no data[0].b64_json image.',
  );
}

/** OpenAI's `{ error: { message } }`, the other shapes compatible servers use, or the text. */
function providerMessage(body: Buffer, apiKey: string | null): string {
  const text = body.toString('utf8').trim();
  let message = text;
  try {
    const parsed = JSON.parse(text) as Record<string, unknown> | null;
    const error = parsed?.error;
    const candidates = [
      typeof error === 'object' && error !== null
        ? (error as { message?: unknown }).message
        : error,
      parsed?.message,
      parsed?.detail,
    ];
    message = candidates.find((value): value is string => typeof value === 'string') ?? text;
  } catch {
    // Not JSON: the text itself is the message.
  }
  // Redacted before shortening, so a key cut in half by the limit cannot slip through.
  return safeProviderText(message, apiKey);
}

// Some providers quote the key they were sent back in their error; it must not reach a log or a
// header from here.
function redact(message: string, apiKey: string | null): string {
  if (!apiKey) return message;
  return message.split(apiKey).join('[redacted]');
}
