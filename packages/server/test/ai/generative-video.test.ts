import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createGenerativeVideos,
  createHttpGenerativeVideos,
  GenerativeError,
  unconfiguredGenerativeVideos,
  type GenerativeVideoRequest,
} from '../../src/ai/generative/index.ts';
import {
  STAND_IN_KEY,
  startGenerativeStandIn,
  type GenerativeStandIn,
} from './generative-stand-in.ts';

let standIn: GenerativeStandIn;
let still: Buffer;
const size = { width: 320, height: 180 };

beforeAll(async () => {
  standIn = await startGenerativeStandIn();
  still = await sharp({ create: { ...size, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
});

afterAll(() => standIn.close());

beforeEach(() => {
  standIn.video.videos.length = 0;
  standIn.video.behave({ type: 'complete', afterPolls: 1 });
});

const videos = (apiKey: string | null = STAND_IN_KEY) =>
  createHttpGenerativeVideos({ url: standIn.url, apiKey, model: 'sora-2' });

const request = (overrides: Partial<GenerativeVideoRequest> = {}): GenerativeVideoRequest => ({
  image: still,
  prompt: 'the waves roll in',
  seconds: 4,
  size,
  ...overrides,
});

async function rejection(promise: Promise<unknown>): Promise<GenerativeError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GenerativeError);
  return error as GenerativeError;
}

function probe(mp4: Buffer): { codec_name: string; width: number; height: number } {
  const dir = mkdtempSync(join(tmpdir(), 'generative-video-'));
  try {
    const file = join(dir, 'video.mp4');
    writeFileSync(file, mp4);
    const result = spawnSync('ffprobe', [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=codec_name,width,height',
      '-of',
      'json',
      file,
    ]);
    return (
      JSON.parse(result.stdout.toString()) as {
        streams: [{ codec_name: string; width: number; height: number }];
      }
    ).streams[0];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('HTTP generative video provider', () => {
  it('asks with the OpenAI multipart fields, follows the progress and downloads the MP4', async () => {
    const provider = videos();
    expect(provider.available).toBe(true);
    const id = await provider.start(request());

    const [received] = standIn.video.videos;
    expect(received?.fields).toEqual({
      model: 'sora-2',
      prompt: 'the waves roll in',
      seconds: '4',
      size: '320x180',
    });
    expect(received?.image.equals(still)).toBe(true);

    expect(await provider.progress(id)).toEqual({ state: 'queued', progress: 0 });
    expect(await provider.progress(id)).toEqual({ state: 'in_progress', progress: 50 });
    expect(await provider.progress(id)).toEqual({ state: 'completed' });

    const mp4 = await provider.content(id);
    expect(probe(mp4)).toMatchObject({ codec_name: 'h264', width: 160, height: 90 });
  });

  it("reports a failed generation with the provider's reason", async () => {
    standIn.video.behave({ type: 'fail', message: 'The request was blocked by moderation.' });
    const provider = videos();
    const id = await provider.start(request());
    expect(await provider.progress(id)).toEqual({
      state: 'failed',
      message: 'The request was blocked by moderation.',
    });
  });

  it('refuses requests the API would refuse before sending them', async () => {
    const provider = videos();
    expect((await rejection(provider.start(request({ prompt: '  ' })))).message).toBe(
      'The prompt is empty.',
    );
    expect((await rejection(provider.start(request({ prompt: 'x'.repeat(1025) })))).kind).toBe(
      'invalid_request',
    );
    expect(
      (
        await rejection(
          provider.start(request({ seconds: 5 as GenerativeVideoRequest['seconds'] })),
        )
      ).message,
    ).toBe('A video lasts 4, 8, 12 seconds.');
    expect(
      (await rejection(provider.start(request({ size: { width: 1280, height: 720 } })))).message,
    ).toBe('The still is 320x180 but the video is 1280x720.');
    expect(standIn.video.videos).toHaveLength(0);
  });

  it('turns provider errors into messages that never hold the key', async () => {
    const wrongKey = 'sk-wrong-key-0000000000';
    const error = await rejection(videos(wrongKey).start(request()));
    expect(error.kind).toBe('provider_error');
    expect(error.providerStatus).toBe(401);
    expect(error.message).not.toContain(wrongKey);

    standIn.video.behave({ type: 'status', status: 429, message: 'Rate limit reached.' });
    expect((await rejection(videos().start(request()))).message).toBe(
      'The generative provider answered 429: Rate limit reached.',
    );
  });

  it('refuses the content of a video that is not finished and ids it never gave', async () => {
    const provider = videos();
    const id = await provider.start(request());
    expect((await rejection(provider.content(id))).providerStatus).toBe(409);
    expect((await rejection(provider.progress('../../etc/passwd'))).kind).toBe('invalid_request');
  });

  it('is unavailable without a configured provider, and says what to set', async () => {
    expect(createGenerativeVideos(null)).toBe(unconfiguredGenerativeVideos);
    expect(unconfiguredGenerativeVideos.available).toBe(false);
    const error = await rejection(unconfiguredGenerativeVideos.start(request()));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain('GENERATIVE_API_URL');
  });
});
