// `video-generations`: generative image to video (editor spec section 2). A request names an image
// of one of the account's sources and a prompt; a durable job asks the configured provider and
// keeps the MP4 in the install's object store; the resource says how far it is and, once done, where to
// play it.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  GENERATIVE_VIDEO_SECONDS,
  GENERATIVE_VIDEO_SIZES,
  MAX_PROMPT_LENGTH,
} from '../ai/generative/index.ts';
import type { VideoGenerationRow } from '../db/schema.ts';
import { isId } from '../db/ids.ts';
import { byteRange } from '../delivery/byte-range.ts';
import { findAsset } from '../store/assets.ts';
import { usableCapabilities } from '../store/capabilities.ts';
import type { ObjectStore } from '../storage/object-store/index.ts';
import { StorageError } from '../storage/types.ts';
import { videoGenerationKey } from '../video-generations/files.ts';
import { requestVideoGenerationStep } from '../video-generations/job.ts';
import {
  findVideoGeneration,
  insertVideoGeneration,
  listVideoGenerations,
} from '../video-generations/store.ts';
import { requireAuth } from './authentication.ts';
import { sendData } from './documents.ts';
import { apiError } from '../errors.ts';
import { issueErrors } from './field-errors.ts';
import { refuseListParameters } from './list-query.ts';
import { requestAttributes } from './request-document.ts';
import { loadSource } from './sources.ts';
import { API_PREFIX } from './prefix.ts';
import { filterParameters } from './openapi/list-parameters.ts';
import { describeRoutes } from './openapi/registry.ts';

const TYPE = 'video_generations';
const LIST_LIMIT = 20;
const LIST_FILTERS = ['source_id', 'origin_path'] as const;

const createSchema = z.object({
  source_id: z.string({ error: 'source_id names the source of the image.' }),
  origin_path: z
    .string({ error: 'origin_path is the path of the image in its source, such as /photo.jpg.' })
    .startsWith('/', 'origin_path starts with a slash, such as /photo.jpg.')
    .max(1024, 'origin_path is at most 1024 characters.'),
  prompt: z
    .string({ error: 'Describe the motion you want in prompt.' })
    .trim()
    .min(1, 'Describe the motion you want in prompt.')
    .max(MAX_PROMPT_LENGTH, `The prompt is at most ${MAX_PROMPT_LENGTH} characters.`),
  seconds: z
    .union(
      GENERATIVE_VIDEO_SECONDS.map((seconds) => z.literal(seconds)),
      {
        error: `seconds is one of ${GENERATIVE_VIDEO_SECONDS.join(', ')}.`,
      },
    )
    .default(4),
  orientation: z
    .enum(Object.keys(GENERATIVE_VIDEO_SIZES) as ['landscape', 'portrait'], {
      error: 'orientation is landscape or portrait.',
    })
    .optional(),
});

function contentPath(generation: VideoGenerationRow): string {
  return `${API_PREFIX}/video-generations/${generation.id}/content?token=${generation.content_token}`;
}

function resource(generation: VideoGenerationRow) {
  return {
    type: TYPE,
    id: generation.id,
    attributes: {
      source_id: generation.source_id,
      origin_path: generation.origin_path,
      prompt: generation.prompt,
      seconds: generation.seconds,
      orientation: generation.orientation,
      status: generation.status,
      progress: generation.progress,
      error: generation.error,
      video_url: generation.status === 'completed' ? contentPath(generation) : null,
      video_bytes: generation.video_bytes === null ? null : Number(generation.video_bytes),
      created_at: generation.created_at.toISOString(),
      updated_at: generation.updated_at.toISOString(),
    },
  };
}

function generationNotFound() {
  return apiError('not_found', 'No video generation has this id.');
}

function sameToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function videoGenerationRoutes(app: FastifyInstance): void {
  const { db } = app.darkroom.database;
  describeRoutes(app, {
    'POST /video-generations': {
      summary: 'Generate a video from an image',
      description:
        'Asks the generative video provider for a video of an image of one of the account\u2019s sources; answers the generation, which a job carries on.',
      tag: 'Video generations',
      body: { resource: TYPE, attributes: createSchema },
      answer: { status: 202, resource: TYPE },
      errors: [403, 404, 503],
    },
    'GET /video-generations': {
      summary: `The account's latest ${LIST_LIMIT} video generations`,
      tag: 'Video generations',
      query: filterParameters(LIST_FILTERS, {
        source_id: 'Only those of this source.',
        origin_path: 'Only those of this image, such as /photo.jpg.',
      }),
      answer: { status: 200, resource: TYPE, many: true },
    },
    'GET /video-generations/:id': {
      summary: 'One video generation',
      tag: 'Video generations',
      answer: { status: 200, resource: TYPE },
    },
    'GET /video-generations/:id/content': {
      summary: 'The generated video',
      description:
        'The MP4 of a completed generation; byte ranges are served (206, 416). Its `video_url` carries the `token`, so the link plays in a `<video>` element.',
      tag: 'Video generations',
      openWithToken: true,
      query: [
        {
          name: 'token',
          description: "The generation's content token, from its `video_url`.",
          schema: z.string(),
        },
      ],
      answer: { status: 200, mediaType: 'video/mp4', description: 'The video.' },
      errors: [416],
    },
  });

  app.post('/video-generations', async (request, reply) => {
    const auth = requireAuth(request);
    const parsed = createSchema.safeParse(requestAttributes(request.body, TYPE));
    if (!parsed.success) throw issueErrors(parsed.error.issues);
    const attributes = parsed.data;
    const source = await loadSource(app, request, 'account', attributes.source_id);
    const asset = await findAsset(db, source.id, attributes.origin_path);
    if (asset === undefined || asset.media_kind !== 'IMAGE' || !asset.is_renderable) {
      throw apiError(
        'validation_failed',
        'origin_path must name an image of the source; a video starts from a still image.',
        { pointer: '/data/attributes/origin_path' },
      );
    }
    const usable = (await usableCapabilities(db, app.darkroom.config, [source])).get(source.id);
    if (!usable?.includes('image_to_video')) {
      throw apiError(
        'forbidden',
        'Image to video is a premium feature this account does not have; contact us to unlock it.',
      );
    }
    if (!app.darkroom.generativeVideos.available) {
      throw apiError(
        'service_unavailable',
        'Generative video needs a provider: the operator sets GENERATIVE_API_URL. The motion video (fm=mp4) works without one.',
      );
    }
    const landscape = (asset.media_width ?? 1) >= (asset.media_height ?? 1);
    const generation = await insertVideoGeneration(db, {
      accountId: auth.user.accountId,
      sourceId: source.id,
      originPath: attributes.origin_path,
      prompt: attributes.prompt,
      seconds: attributes.seconds,
      orientation: attributes.orientation ?? (landscape ? 'landscape' : 'portrait'),
    });
    await requestVideoGenerationStep(db, generation.id);
    return sendData(reply, 202, resource(generation));
  });

  app.get<{ Querystring: Record<string, unknown> }>(
    '/video-generations',
    async (request, reply) => {
      const auth = requireAuth(request);
      refuseListParameters(request.query, LIST_FILTERS);
      const sourceId = request.query['filter[source_id]'];
      const originPath = request.query['filter[origin_path]'];
      const rows = await listVideoGenerations(db, auth.user.accountId, {
        limit: LIST_LIMIT,
        ...(typeof sourceId === 'string' ? { sourceId } : {}),
        ...(typeof originPath === 'string' ? { originPath } : {}),
      });
      return sendData(reply, 200, rows.map(resource));
    },
  );

  app.get<{ Params: { id: string } }>('/video-generations/:id', async (request, reply) => {
    const auth = requireAuth(request);
    const generation = isId(request.params.id)
      ? await findVideoGeneration(db, request.params.id, auth.user.accountId)
      : undefined;
    if (generation === undefined) throw generationNotFound();
    return sendData(reply, 200, resource(generation));
  });

  // Public with its token, so the link plays in a <video> element and can be shared.
  app.get<{ Params: { id: string }; Querystring: { token?: unknown } }>(
    '/video-generations/:id/content',
    async (request, reply) => {
      const generation = isId(request.params.id)
        ? await findVideoGeneration(db, request.params.id, null)
        : undefined;
      if (
        generation === undefined ||
        generation.status !== 'completed' ||
        !sameToken(request.query.token, generation.content_token)
      ) {
        throw generationNotFound();
      }
      return sendVideo(reply, app.darkroom.objectStore, generation.id).catch((error: unknown) => {
        // Completed but gone from the store (removed by hand, or kept by a process that had no
        // OBJECT_STORE_URL): the link leads nowhere.
        if (error instanceof StorageError && error.kind === 'not_found') throw generationNotFound();
        throw error;
      });
    },
  );
}

async function sendVideo(
  reply: FastifyReply,
  store: ObjectStore,
  id: string,
): Promise<FastifyReply> {
  const key = videoGenerationKey(id);
  const { size } = await store.head(key);
  // A finished generation never changes: its id is its version.
  const etag = `"${id}"`;
  const headers = {
    'content-type': 'video/mp4',
    'accept-ranges': 'bytes',
    'cache-control': 'private, max-age=31536000, immutable',
    etag,
    'content-disposition': `inline; filename="video-${id}.mp4"`,
  };
  const ifRange = reply.request.headers['if-range'];
  const range = byteRange(
    reply.request.headers.range,
    typeof ifRange === 'string' ? ifRange : undefined,
    etag,
    size,
  );
  if (range.kind === 'unsatisfiable') {
    return reply
      .code(416)
      .headers({ ...headers, 'content-range': `bytes */${size}` })
      .send();
  }
  if (range.kind === 'part') {
    return reply
      .code(206)
      .headers({
        ...headers,
        'content-range': `bytes ${range.start}-${range.end}/${size}`,
        'content-length': String(range.end - range.start + 1),
      })
      .send((await store.get(key, { start: range.start, end: range.end })).body);
  }
  return reply
    .code(200)
    .headers({ ...headers, 'content-length': String(size) })
    .send((await store.get(key)).body);
}
