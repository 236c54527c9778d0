import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createGenerativeImages,
  createHttpGenerativeImages,
  GenerativeError,
  unconfiguredGenerativeImages,
  type GenerativeEditRequest,
  type GenerativeImages,
} from '../../src/ai/generative/index.ts';
import { startHttpServer } from '../origin-servers/http.ts';
import {
  GENERATED_COLOUR,
  STAND_IN_KEY,
  startGenerativeStandIn,
  type GenerativeStandIn,
} from './generative-stand-in.ts';

let standIn: GenerativeStandIn;
let input: Buffer;
let mask: Buffer;

beforeAll(async () => {
  standIn = await startGenerativeStandIn();
  input = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#808080' } })
    .png()
    .toBuffer();
  // Opaque everywhere but a transparent square, where the provider is to paint.
  mask = await sharp({
    create: { width: 64, height: 48, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } },
  })
    .composite([
      {
        input: {
          create: {
            width: 16,
            height: 16,
            channels: 4,
            background: { r: 0, g: 0, b: 0, alpha: 0 },
          },
        },
        left: 8,
        top: 8,
        blend: 'source',
      },
    ])
    .png()
    .toBuffer();
});

afterAll(() => standIn.close());

beforeEach(() => {
  standIn.edits.length = 0;
  standIn.behave({ type: 'image' });
});

function provider(overrides: Partial<Parameters<typeof createHttpGenerativeImages>[0]> = {}) {
  return createHttpGenerativeImages({
    url: standIn.url,
    apiKey: STAND_IN_KEY,
    model: 'dall-e-2',
    ...overrides,
  });
}

function editRequest(overrides: Partial<GenerativeEditRequest> = {}): GenerativeEditRequest {
  return {
    image: input,
    mask,
    prompt: 'a red balloon',
    size: { width: 32, height: 24 },
    ...overrides,
  };
}

async function failure(images: GenerativeImages, request = editRequest(), signal?: AbortSignal) {
  const error = await images.edit(request, signal).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GenerativeError);
  return error as GenerativeError;
}

describe('HTTP generative provider', () => {
  it('sends the OpenAI multipart fields with the bearer token and returns the PNG answered', async () => {
    const images = provider();
    expect(images.available).toBe(true);
    const png = await images.edit(editRequest({ negativePrompt: 'strings' }));

    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([32, 24]);
    expect([...data.subarray(0, 3)]).toEqual([
      GENERATED_COLOUR.r,
      GENERATED_COLOUR.g,
      GENERATED_COLOUR.b,
    ]);

    expect(standIn.edits).toHaveLength(1);
    const [edit] = standIn.edits;
    expect(edit?.authorization).toBe(`Bearer ${STAND_IN_KEY}`);
    expect(edit?.fields).toEqual({
      model: 'dall-e-2',
      prompt: 'a red balloon. Avoid: strings',
      n: '1',
      size: '32x24',
      response_format: 'b64_json',
    });
    expect(edit?.imageType).toBe('image/png');
    expect(edit?.image.equals(input)).toBe(true);
    expect(edit?.mask?.equals(mask)).toBe(true);
  });

  it('leaves out the mask when there is none and response_format for GPT image models', async () => {
    await provider({ model: 'gpt-image-1' }).edit(editRequest({ mask: undefined }));
    const [edit] = standIn.edits;
    expect(edit?.mask).toBeNull();
    expect(edit?.fields.model).toBe('gpt-image-1');
    expect(edit?.fields).not.toHaveProperty('response_format');
  });

  it("turns an error status into an error with the status and the provider's message", async () => {
    standIn.behave({
      type: 'status',
      status: 400,
      message: 'Your request was rejected by the safety system.',
    });
    const error = await failure(provider());
    expect(error.kind).toBe('provider_error');
    expect(error.providerStatus).toBe(400);
    expect(error.message).toBe(
      'The generative provider answered 400: Your request was rejected by the safety system.',
    );
  });

  it('reports a wrong key without repeating the key the provider quotes back', async () => {
    const wrongKey = 'sk-wrong-key-that-must-not-leak-42';
    const error = await failure(provider({ apiKey: wrongKey }));
    expect(error.providerStatus).toBe(401);
    expect(error.message).toContain('Incorrect API key provided: [redacted]');
    expect(error.message).not.toContain(wrongKey);
  });

  it('shortens an error page that is not JSON to one line', async () => {
    standIn.behave({
      type: 'raw',
      status: 502,
      contentType: 'text/html',
      body: `<html>\n<body>Bad gateway ${'x'.repeat(1000)}</body></html>`,
    });
    const error = await failure(provider());
    expect(error.providerStatus).toBe(502);
    expect(error.message).toMatch(
      /^The generative provider answered 502: <html> <body>Bad gateway x+…$/,
    );
    expect(error.message.length).toBeLessThan(400);
  });

  it.each([
    [
      'an answer that is not JSON',
      { type: 'raw', status: 200, contentType: 'text/plain', body: 'ok' },
      /did not answer JSON/,
    ],
    ['an answer without data', { type: 'json', body: { created: 1 } }, /no data\[0\]\.b64_json/],
    [
      'base64 that is not a PNG',
      { type: 'json', body: { data: [{ b64_json: Buffer.from('GIF89a').toString('base64') }] } },
      /not a PNG/,
    ],
    [
      'a URL instead of base64',
      { type: 'json', body: { data: [{ url: 'https://example.com/a.png' }] } },
      /URL instead of b64_json/,
    ],
  ] as const)('refuses %s', async (_name, behaviour, message) => {
    standIn.behave(behaviour);
    const error = await failure(provider());
    expect(error.kind).toBe('malformed_answer');
    expect(error.message).toMatch(message);
  });

  it('gives up with a timeout error when the provider does not answer', async () => {
    standIn.behave({ type: 'hang' });
    const error = await failure(provider({ timeoutMs: 300 }));
    expect(error.kind).toBe('timeout');
  });

  it("stops with the caller's reason when the caller aborts", async () => {
    standIn.behave({ type: 'hang' });
    const controller = new AbortController();
    const pending = provider().edit(editRequest(), controller.signal);
    controller.abort(new Error('render cancelled'));
    await expect(pending).rejects.toThrow('render cancelled');
  });

  it('refuses an answer larger than the cap, announced or streamed', async () => {
    standIn.behave({ type: 'announce', bytes: 5_000_000 });
    expect((await failure(provider({ maxResponseBytes: 1_000_000 }))).kind).toBe('too_large');
    standIn.behave({ type: 'stream', bytes: 5_000_000 });
    const error = await failure(provider({ maxResponseBytes: 1_000_000 }));
    expect(error.kind).toBe('too_large');
    expect(error.message).toBe('The generative provider answered more than 1000000 bytes.');
  });

  it('does not follow redirects, so the token goes nowhere else', async () => {
    const elsewhere = await startHttpServer((_request, response) => response.end('{}'));
    try {
      standIn.behave({ type: 'redirect', location: `${elsewhere.url}/v1/images/edits` });
      const error = await failure(provider());
      expect(error.providerStatus).toBe(307);
      expect(error.message).toContain('redirects are not followed');
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });

  it('refuses a bad request before sending anything', async () => {
    const images = provider();
    const requestsBefore = standIn.server.requests.length;
    const wrongMask = await sharp(mask).resize(32, 32).png().toBuffer();
    const cases: Array<[Partial<GenerativeEditRequest>, RegExp]> = [
      [{ prompt: '  ' }, /prompt is empty/],
      [{ prompt: 'p'.repeat(1025) }, /longer than 1024/],
      [{ negativePrompt: 'n'.repeat(1025) }, /negative prompt is longer/],
      [{ image: Buffer.from('not a png') }, /not a PNG/],
      [{ mask: wrongMask }, /mask is 32x32 but the image is 64x48/],
      [{ size: { width: 0, height: 10 } }, /whole numbers/],
    ];
    for (const [overrides, message] of cases) {
      const error = await failure(images, editRequest(overrides));
      expect(error.kind).toBe('invalid_request');
      expect(error.message).toMatch(message);
    }
    expect(standIn.server.requests).toHaveLength(requestsBefore);
  });

  it('says the provider is unreachable when nothing listens', async () => {
    const closed = await startHttpServer(() => undefined);
    await closed.close();
    const error = await failure(provider({ url: `${closed.url}/v1` }));
    expect(error.kind).toBe('unreachable');
    expect(error.message).toContain(`127.0.0.1:${closed.port}`);
  });
});

describe('unconfigured generative provider', () => {
  it('is unavailable and refuses to edit with a message naming the setting', async () => {
    const images = createGenerativeImages(null);
    expect(images).toBe(unconfiguredGenerativeImages);
    expect(images.available).toBe(false);
    const error = await failure(images);
    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain('GENERATIVE_API_URL');
  });

  it('becomes the HTTP provider once GENERATIVE_API_URL is set', async () => {
    const images = createGenerativeImages({
      url: standIn.url,
      apiKey: STAND_IN_KEY,
      model: 'dall-e-2',
      videoModel: 'sora-2',
      transcriptionModel: 'whisper-1',
      chatModel: 'gpt-4o-mini',
    });
    expect(images.available).toBe(true);
    await images.edit(editRequest());
    expect(standIn.edits).toHaveLength(1);
  });
});
