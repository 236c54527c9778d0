// The Videos half of the generative stand-in: `POST /v1/videos` checks the multipart fields the
// way OpenAI does (the reference image must be the requested size), `GET /v1/videos/{id}` moves a
// video from queued through in_progress to completed (or failed), and `/content` answers a real
// MP4 that ffmpeg makes from the reference image.
import { spawn } from 'node:child_process';
import type http from 'node:http';
import sharp from 'sharp';

interface ReceivedVideo {
  id: string;
  fields: Record<string, string>;
  image: Buffer;
  polls: number;
}

/** What the stand-in does with the next videos. */
type VideoBehaviour =
  | { type: 'complete'; afterPolls: number }
  | { type: 'fail'; message: string }
  | { type: 'status'; status: number; message: string };

export interface VideoRoutes {
  videos: ReceivedVideo[];
  behave(next: VideoBehaviour): void;
  /** Answers a request under /v1/videos; false when the path is not one of its routes. */
  answer(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    body: Buffer,
    fail: (status: number, message: string) => void,
  ): Promise<boolean>;
}

export function videoRoutes(): VideoRoutes {
  const videos: ReceivedVideo[] = [];
  let behaviour: VideoBehaviour = { type: 'complete', afterPolls: 1 };

  async function create(request: http.IncomingMessage, body: Buffer) {
    const form = await new Response(body, {
      headers: { 'content-type': request.headers['content-type'] ?? '' },
    }).formData();
    const fields: Record<string, string> = {};
    for (const [name, value] of form) if (typeof value === 'string') fields[name] = value;
    const reference = form.get('input_reference');
    for (const name of ['model', 'prompt']) {
      if (!fields[name]) return { error: `Missing required parameter: '${name}'.` };
    }
    if (!['4', '8', '12'].includes(fields.seconds ?? '4')) {
      return { error: `Invalid value for 'seconds': ${fields.seconds}.` };
    }
    if (!(reference instanceof Blob)) return { error: "Missing 'input_reference'." };
    const image = Buffer.from(await reference.arrayBuffer());
    const { width, height } = await sharp(image).metadata();
    if (`${width}x${height}` !== (fields.size ?? '720x1280')) {
      return { error: 'Inpaint image must match the requested width and height' };
    }
    const video = { id: `video_${videos.length + 1}`, fields, image, polls: 0 };
    videos.push(video);
    return { video };
  }

  function stateOf(video: ReceivedVideo) {
    const base = {
      id: video.id,
      object: 'video',
      model: video.fields.model,
      size: video.fields.size,
    };
    if (behaviour.type === 'fail') {
      return {
        ...base,
        status: 'failed',
        error: { code: 'moderation_blocked', message: behaviour.message },
      };
    }
    const afterPolls = behaviour.type === 'complete' ? behaviour.afterPolls : 0;
    if (video.polls > afterPolls) return { ...base, status: 'completed', progress: 100 };
    return {
      ...base,
      status: video.polls === 0 ? 'queued' : 'in_progress',
      progress: Math.round((100 * video.polls) / (afterPolls + 1)),
    };
  }

  return {
    videos,
    behave: (next) => {
      behaviour = next;
    },
    async answer(request, response, body, fail) {
      const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
      const match = /^\/v1\/videos(?:\/([^/]+)(\/content)?)?$/.exec(path);
      if (match === null) return false;
      if (behaviour.type === 'status') {
        fail(behaviour.status, behaviour.message);
        return true;
      }
      const [, id, content] = match;
      if (id === undefined) {
        if (request.method !== 'POST') return false;
        const created = await create(request, body);
        if ('error' in created) fail(400, created.error ?? 'Bad request.');
        else sendJson(response, stateOf(created.video));
        return true;
      }
      const video = videos.find((candidate) => candidate.id === id);
      if (video === undefined || request.method !== 'GET') {
        fail(404, `Video ${id} not found.`);
        return true;
      }
      if (content === undefined) {
        const state = stateOf(video);
        video.polls += 1;
        sendJson(response, state);
        return true;
      }
      if (stateOf(video).status !== 'completed') {
        fail(409, 'Video is not ready yet.');
        return true;
      }
      const mp4 = await mp4Of(video.image);
      response
        .writeHead(200, { 'content-type': 'video/mp4', 'content-length': mp4.length })
        .end(mp4);
      return true;
    },
  };
}

function sendJson(response: http.ServerResponse, body: unknown): void {
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** A one-second H.264 MP4 of the still, small, fragmented so it can stream out of a pipe. */
function mp4Of(image: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const ffmpeg = spawn('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'png_pipe',
      '-i',
      'pipe:0',
      '-loop',
      '0',
      '-t',
      '1',
      '-r',
      '8',
      '-vf',
      'scale=160:-2,format=yuv420p',
      '-c:v',
      'libx264',
      '-movflags',
      'frag_keyframe+empty_moov',
      '-f',
      'mp4',
      'pipe:1',
    ]);
    const chunks: Buffer[] = [];
    ffmpeg.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    ffmpeg.on('error', reject);
    ffmpeg.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(chunks));
      else reject(new Error(`ffmpeg exited with ${code}`));
    });
    ffmpeg.stdin.end(image);
  });
}
