// A stand-in for an OpenAI-compatible images API on loopback, for the generative provider tests:
// it checks the bearer token and the multipart fields of `POST /v1/images/edits` the way the
// real endpoint does, and answers a PNG it paints itself, or whatever failure a test asks for.
import type http from 'node:http';
import sharp from 'sharp';
import { startHttpServer, type TestHttpServer } from '../origin-servers/http.ts';
import { videoRoutes, type VideoRoutes } from './video-stand-in-routes.ts';

export const STAND_IN_KEY = 'sk-stand-in-0123456789abcdef';
/** The colour the stand-in paints its answers, so a test can tell them from the input. */
export const GENERATED_COLOUR = { r: 20, g: 200, b: 90 };

interface ReceivedEdit {
  authorization: string | null;
  fields: Record<string, string>;
  image: Buffer;
  imageType: string;
  mask: Buffer | null;
}

/** What the stand-in answers to the next edits; tests switch it between cases. */
type StandInBehaviour =
  | { type: 'image' }
  | { type: 'status'; status: number; message: string }
  | { type: 'raw'; status: number; contentType: string; body: string }
  | { type: 'json'; body: unknown }
  | { type: 'hang' }
  | { type: 'stream'; bytes: number }
  | { type: 'announce'; bytes: number }
  | { type: 'redirect'; location: string };

export interface GenerativeStandIn {
  /** The base URL a provider is configured with (`…/v1`). */
  url: string;
  edits: ReceivedEdit[];
  /** The Videos API of the same server (`/v1/videos`). */
  video: VideoRoutes;
  server: TestHttpServer;
  behave(behaviour: StandInBehaviour): void;
  close(): Promise<void>;
}

export async function startGenerativeStandIn(): Promise<GenerativeStandIn> {
  const edits: ReceivedEdit[] = [];
  let behaviour: StandInBehaviour = { type: 'image' };
  const video = videoRoutes();
  const server = await startHttpServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });

  async function answer(request: http.IncomingMessage, response: http.ServerResponse) {
    const body = await readBody(request);
    if (request.url?.startsWith('/v1/videos')) {
      if (request.headers.authorization !== `Bearer ${STAND_IN_KEY}`) {
        return sendError(response, 401, 'Incorrect API key provided.');
      }
      const fail = (status: number, message: string) => sendError(response, status, message);
      if (await video.answer(request, response, body, fail)) return;
    }
    if (request.method !== 'POST' || request.url !== '/v1/images/edits') {
      return sendError(response, 404, `No route for ${request.method} ${request.url}.`);
    }
    const authorization = request.headers.authorization ?? null;
    if (authorization !== `Bearer ${STAND_IN_KEY}`) {
      // OpenAI quotes the key it was sent, which the provider must not pass on.
      const sent = authorization?.replace(/^Bearer /, '') ?? '';
      return sendError(response, 401, `Incorrect API key provided: ${sent}.`);
    }
    const form = await new Response(body, {
      headers: { 'content-type': request.headers['content-type'] ?? '' },
    }).formData();
    const fields: Record<string, string> = {};
    for (const [name, value] of form) if (typeof value === 'string') fields[name] = value;
    const image = form.get('image');
    const mask = form.get('mask');
    if (!(image instanceof Blob))
      return sendError(response, 400, "Missing required parameter: 'image'.");
    for (const name of ['model', 'prompt', 'n', 'size']) {
      if (fields[name] === undefined) {
        return sendError(response, 400, `Missing required parameter: '${name}'.`);
      }
    }
    const size = /^(\d+)x(\d+)$/.exec(fields.size ?? '');
    if (size === null) return sendError(response, 400, `Invalid size '${fields.size}'.`);
    edits.push({
      authorization,
      fields,
      image: Buffer.from(await image.arrayBuffer()),
      imageType: image.type,
      mask: mask instanceof Blob ? Buffer.from(await mask.arrayBuffer()) : null,
    });
    await behave(response, Number(size[1]), Number(size[2]));
  }

  async function behave(response: http.ServerResponse, width: number, height: number) {
    switch (behaviour.type) {
      case 'image': {
        const png = await sharp({
          create: { width, height, channels: 3, background: GENERATED_COLOUR },
        })
          .png()
          .toBuffer();
        return sendJson(response, 200, {
          created: 1,
          data: [{ b64_json: png.toString('base64') }],
        });
      }
      case 'status':
        return sendError(response, behaviour.status, behaviour.message);
      case 'raw':
        return response
          .writeHead(behaviour.status, { 'content-type': behaviour.contentType })
          .end(behaviour.body);
      case 'json':
        return sendJson(response, 200, behaviour.body);
      case 'hang':
        // Headers never come; the client's timeout has to end the wait.
        return;
      case 'stream': {
        response.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(64 * 1024, 0x41);
        for (let sent = 0; sent < behaviour.bytes && !response.destroyed; sent += chunk.length) {
          if (!response.write(chunk))
            await new Promise((resolve) => response.once('drain', resolve));
        }
        return response.end();
      }
      case 'announce':
        response.writeHead(200, {
          'content-type': 'application/json',
          'content-length': String(behaviour.bytes),
        });
        // The body is never sent in full: the client must refuse on the announced length alone.
        return response.write('{"data":');
      case 'redirect':
        return response.writeHead(307, { location: behaviour.location }).end();
    }
  }

  return {
    url: `${server.url}/v1`,
    edits,
    video,
    server,
    behave: (next) => {
      behaviour = next;
    },
    close: () => server.close(),
  };
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
