import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createGenerativeSubtitles,
  createHttpGenerativeSubtitles,
  GenerativeError,
  unconfiguredGenerativeSubtitles,
  type GenerativeSubtitles,
} from '../../src/ai/generative/index.ts';
import {
  SUBTITLE_STAND_IN_KEY,
  startSubtitleStandIn,
  type SubtitleStandIn,
} from './subtitle-stand-in.ts';

const run = promisify(execFile);

let standIn: SubtitleStandIn;
let speech: { bytes: Buffer; fileName: string; contentType: string };

beforeAll(async () => {
  standIn = await startSubtitleStandIn();
  // Two seconds of a tone as the engine sends speech: mono MP3 at 16 kHz.
  const { stdout } = await run(
    'ffmpeg',
    [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
      ...['-ac', '1', '-ar', '16000', '-c:a', 'libmp3lame', '-b:a', '32k', '-f', 'mp3', '-'],
    ],
    { encoding: 'buffer' },
  );
  speech = { bytes: stdout, fileName: 'speech.mp3', contentType: 'audio/mpeg' };
});

afterAll(() => standIn.close());

beforeEach(() => {
  standIn.transcriptions.length = 0;
  standIn.chats.length = 0;
  standIn.spokenLanguage = 'en';
  standIn.behave({ type: 'answer' });
});

function provider(overrides: { apiKey?: string; timeoutMs?: number } = {}): GenerativeSubtitles {
  return createHttpGenerativeSubtitles({
    url: standIn.url,
    apiKey: overrides.apiKey ?? SUBTITLE_STAND_IN_KEY,
    transcriptionModel: 'whisper-1',
    chatModel: 'gpt-4o-mini',
    ...(overrides.timeoutMs === undefined ? {} : { timeoutMs: overrides.timeoutMs }),
  });
}

async function failure(work: Promise<unknown>): Promise<GenerativeError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof GenerativeError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

describe('the HTTP subtitle provider (OpenAI audio and chat conventions)', () => {
  it('sends the audio as a multipart file with the model, response_format=vtt and the language', async () => {
    const vtt = await provider().transcribe(speech, 'fr');
    expect(vtt).toBe(
      'WEBVTT\n\n00:00.100 --> 00:00.900\nLine 1\n\n00:01.100 --> 00:01.900\nLine 2\n',
    );
    expect(standIn.transcriptions).toEqual([
      {
        fields: { model: 'whisper-1', response_format: 'vtt', language: 'fr' },
        fileName: 'speech.mp3',
        fileType: 'audio/mpeg',
        audio: expect.objectContaining({ codec: 'mp3', channels: 1, sampleRate: 16000 }),
      },
    ]);
    // A language without an ISO 639-1 code is left for the model to detect.
    await provider().transcribe(speech, 'haw');
    expect(standIn.transcriptions[1]?.fields.language).toBeUndefined();
  });

  it('refuses a transcription that is not WebVTT', async () => {
    standIn.behave({ type: 'json-transcription' });
    const error = await failure(provider().transcribe(speech, null));
    expect(error.kind).toBe('malformed_answer');
    expect(error.message).toContain('response_format=vtt');
  });

  it('asks the chat model for the spoken language as a JSON object, and checks the code', async () => {
    standIn.spokenLanguage = 'fra';
    expect(await provider().detectLanguage(['Bonjour', 'Merci'])).toBe('fr');
    expect(standIn.chats[0]).toMatchObject({
      model: 'gpt-4o-mini',
      user: { lines: ['Bonjour', 'Merci'] },
      responseFormat: { type: 'json_object' },
    });
    standIn.spokenLanguage = 'French';
    expect((await failure(provider().detectLanguage(['Bonjour']))).kind).toBe('malformed_answer');
  });

  it('translates in batches and keeps one text per cue, in order', async () => {
    const texts = Array.from({ length: 120 }, (_, index) => `Cue ${index}`);
    const translated = await provider().translate(texts, { from: 'en', to: 'de' });
    expect(translated).toEqual(texts.map((text) => `[de] ${text}`));
    expect(standIn.chats.map((chat) => (chat.user as { cues: string[] }).cues.length)).toEqual([
      50, 50, 20,
    ]);
    expect(standIn.chats[0]?.system).toContain('into German (de)');
    expect(standIn.chats[0]?.system).toContain('written in English (en)');
  });

  it('refuses an answer with a translation missing', async () => {
    standIn.behave({ type: 'drop-a-translation' });
    const error = await failure(provider().translate(['One', 'Two'], { from: null, to: 'fr' }));
    expect(error.kind).toBe('malformed_answer');
    expect(error.message).toBe('The chat provider answered 1 translations for 2 cues.');
  });

  it("passes on the provider's refusal without the key, and gives up at its deadline", async () => {
    const wrong = await failure(provider({ apiKey: 'sk-wrong' }).transcribe(speech, null));
    expect(wrong).toMatchObject({ kind: 'provider_error', providerStatus: 401 });
    expect(wrong.message).not.toContain('sk-wrong');
    standIn.behave({ type: 'hang' });
    const late = await failure(provider({ timeoutMs: 300 }).detectLanguage(['Hello']));
    expect(late.kind).toBe('timeout');
  });

  it('is unavailable without GENERATIVE_API_URL, saying which setting to set', async () => {
    const subtitles = createGenerativeSubtitles(null);
    expect(subtitles).toBe(unconfiguredGenerativeSubtitles);
    expect(subtitles.available).toBe(false);
    const error = await failure(subtitles.transcribe(speech, null));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain('GENERATIVE_API_URL');
  });
});
