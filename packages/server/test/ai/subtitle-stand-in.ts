// A stand-in for an OpenAI-compatible audio and chat API on loopback, for the subtitle tests:
// `POST /v1/audio/transcriptions` checks the bearer token and the multipart fields the real
// endpoint takes, reads the audio file it was sent with ffprobe (so a file that is not audio
// fails) and answers WebVTT with one cue per second of it; `POST /v1/chat/completions` answers
// the spoken language, or each cue translated as `[fr] text`, as a chat model's JSON content.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startHttpServer, type TestHttpServer } from '../origin-servers/http.ts';

const run = promisify(execFile);

export const SUBTITLE_STAND_IN_KEY = 'sk-subtitles-0123456789abcdef';

/** What a transcription request carried, the audio as ffprobe read it. */
export interface ReceivedTranscription {
  fields: Record<string, string>;
  fileName: string;
  fileType: string;
  audio: { codec: string; channels: number; sampleRate: number; seconds: number; bytes: number };
}

export interface ReceivedChat {
  model: string;
  system: string;
  user: unknown;
  responseFormat: unknown;
}

/** What the stand-in answers; tests switch it between cases. */
export type SubtitleStandInBehaviour =
  | { type: 'answer' }
  /** Translations one short of the cues sent. */
  | { type: 'drop-a-translation' }
  /** A transcription that is JSON, not WebVTT. */
  | { type: 'json-transcription' }
  | { type: 'status'; status: number; message: string }
  | { type: 'hang' };

export interface SubtitleStandIn {
  /** The base URL a provider is configured with (`…/v1`). */
  url: string;
  transcriptions: ReceivedTranscription[];
  chats: ReceivedChat[];
  /** The language the stand-in says the speech is in. */
  spokenLanguage: string;
  server: TestHttpServer;
  behave(behaviour: SubtitleStandInBehaviour): void;
  close(): Promise<void>;
}

async function probeAudio(bytes: Buffer, name: string): Promise<ReceivedTranscription['audio']> {
  const directory = await mkdtemp(path.join(tmpdir(), 'darkroom-stand-in-audio-'));
  try {
    const file = path.join(directory, path.basename(name));
    await writeFile(file, bytes);
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_type,codec_name,channels,sample_rate:format=duration',
      '-of',
      'json',
      file,
    ]);
    const probed = JSON.parse(stdout) as {
      streams: { codec_type: string; codec_name: string; channels: number; sample_rate: string }[];
      format: { duration: string };
    };
    const stream = probed.streams.find((candidate) => candidate.codec_type === 'audio');
    if (stream === undefined || probed.streams.length !== 1)
      throw new Error('not one audio stream');
    return {
      codec: stream.codec_name,
      channels: stream.channels,
      sampleRate: Number(stream.sample_rate),
      seconds: Number(probed.format.duration),
      bytes: bytes.length,
    };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

const stamp = (second: number, millis: number) =>
  `00:${String(second).padStart(2, '0')}.${String(millis).padStart(3, '0')}`;

export async function startSubtitleStandIn(): Promise<SubtitleStandIn> {
  const transcriptions: ReceivedTranscription[] = [];
  const chats: ReceivedChat[] = [];
  let behaviour: SubtitleStandInBehaviour = { type: 'answer' };
  const standIn = { spokenLanguage: 'en' };
  const server = await startHttpServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      sendError(response, 400, String(error));
    });
  });

  async function answer(request: http.IncomingMessage, response: http.ServerResponse) {
    const body = await readBody(request);
    if (request.headers.authorization !== `Bearer ${SUBTITLE_STAND_IN_KEY}`) {
      return sendError(response, 401, 'Incorrect API key provided.');
    }
    if (behaviour.type === 'hang') return;
    if (behaviour.type === 'status') {
      return sendError(response, behaviour.status, behaviour.message);
    }
    if (request.method === 'POST' && request.url === '/v1/audio/transcriptions') {
      return transcribe(request, response, body);
    }
    if (request.method === 'POST' && request.url === '/v1/chat/completions') {
      return complete(response, body);
    }
    return sendError(response, 404, `No route for ${request.method} ${request.url}.`);
  }

  async function transcribe(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    body: Buffer,
  ) {
    const form = await new Response(body, {
      headers: { 'content-type': request.headers['content-type'] ?? '' },
    }).formData();
    const fields: Record<string, string> = {};
    for (const [name, value] of form) if (typeof value === 'string') fields[name] = value;
    const file = form.get('file');
    if (!(file instanceof File))
      return sendError(response, 400, "Missing required parameter: 'file'.");
    if (fields.model === undefined) {
      return sendError(response, 400, "Missing required parameter: 'model'.");
    }
    const bytes = Buffer.from(await file.arrayBuffer());
    const audio = await probeAudio(bytes, file.name);
    transcriptions.push({ fields, fileName: file.name, fileType: file.type, audio });
    if (behaviour.type === 'json-transcription') {
      return sendJson(response, 200, { text: 'Hello there.' });
    }
    // One cue a second of the audio received, so the answer tells what was sent.
    const cues = Array.from(
      { length: Math.round(audio.seconds) },
      (_, second) => `${stamp(second, 100)} --> ${stamp(second, 900)}\nLine ${second + 1}`,
    );
    response
      .writeHead(200, { 'content-type': 'text/vtt; charset=utf-8' })
      .end(`WEBVTT\n\n${cues.join('\n\n')}\n`);
  }

  function complete(response: http.ServerResponse, body: Buffer) {
    const request = JSON.parse(body.toString('utf8')) as {
      model?: string;
      messages?: { role: string; content: string }[];
      response_format?: unknown;
    };
    const system = request.messages?.find((message) => message.role === 'system')?.content ?? '';
    const userText = request.messages?.find((message) => message.role === 'user')?.content;
    if (request.model === undefined || userText === undefined) {
      return sendError(response, 400, "Missing required parameter: 'model' or 'messages'.");
    }
    const user: unknown = JSON.parse(userText);
    chats.push({ model: request.model, system, user, responseFormat: request.response_format });
    let content: unknown;
    const target = /translate video subtitles into .*?\(([a-z]{2,3})\)/.exec(system)?.[1];
    if (target !== undefined) {
      const cues = (user as { cues: string[] }).cues;
      const translations = cues.map((text) => `[${target}] ${text}`);
      if (behaviour.type === 'drop-a-translation') translations.pop();
      content = { translations };
    } else {
      content = { language: standIn.spokenLanguage };
    }
    sendJson(response, 200, {
      id: 'chatcmpl-stand-in',
      object: 'chat.completion',
      model: request.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: JSON.stringify(content) },
          finish_reason: 'stop',
        },
      ],
    });
  }

  return Object.assign(standIn, {
    url: `${server.url}/v1`,
    transcriptions,
    chats,
    server,
    behave: (next: SubtitleStandInBehaviour) => {
      behaviour = next;
    },
    close: () => server.close(),
  });
}

function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function sendJson(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** An error in OpenAI's shape: `{ error: { message, type } }`. */
function sendError(response: http.ServerResponse, status: number, message: string): void {
  sendJson(response, status, { error: { message, type: 'invalid_request_error' } });
}
