// `origin_authentications`: how a web folder or web proxy source authenticates to its origin
// (docs/origin-authentication.md). Read with its secrets masked; replaced with PUT, which proves
// the new settings against the origin before saving them.
import {
  originAuthUpdateSchema,
  pointerFromIssuePath,
  takesOriginAuth,
  type OriginAuthAttributes,
} from '@darkroom/core';
import type { FastifyInstance } from 'fastify';
import type { SourceRow } from '../db/schema.ts';
import { apiError, type ApiError } from '../errors.ts';
import {
  mergeOriginAuth,
  OriginAuthRefused,
  originAuthAttributes,
  proveOriginAuth,
} from '../sources/origin-auth-settings.ts';
import { decryptOriginAuth, encryptOriginAuth } from '../storage/origin-auth.ts';
import { updateSource } from '../store/sources.ts';
import { sendData } from './documents.ts';
import { issueErrors } from './field-errors.ts';
import { describeRoutes } from './openapi/registry.ts';
import { requestAttributes } from './request-document.ts';
import { loadSource, refuseDemoEdit } from './sources.ts';

const RESOURCE = 'origin_authentications';
const ATTRIBUTES = '/data/attributes';

function resourceOf(source: SourceRow, attributes: OriginAuthAttributes) {
  return { type: RESOURCE, id: source.id, attributes };
}

function refused(problem: OriginAuthRefused['problem']): ApiError {
  return apiError(problem.code, problem.detail, {
    pointer: pointerFromIssuePath(problem.path, ATTRIBUTES),
  });
}

function refuseOtherTypes(source: SourceRow): void {
  if (!takesOriginAuth(source.type)) {
    throw apiError(
      'conflict',
      'Only web folder and web proxy sources authenticate to their origin; storage sources use their credentials.',
    );
  }
}

/** The caller's account's routes (spec platform section 5: changing a source needs Sources). */
export function sourceOriginAuthRoutes(app: FastifyInstance): void {
  const { secrets, origins, database } = app.darkroom;
  describeRoutes(app, {
    'GET /sources/:id/origin-authentication': {
      summary: "The source's origin authentication",
      description:
        'What a web folder or web proxy source sends its origin to authenticate; secrets only masked.',
      tag: 'Sources',
      answer: { status: 200, resource: RESOURCE },
      errors: [409],
    },
    'PUT /sources/:id/origin-authentication': {
      summary: "Change the source's origin authentication",
      description:
        'Basic authentication, a custom header and a per-request signature (docs/origin-authentication.md). A scheme left out is kept and `null` turns it off; a secret left out or sent back masked is kept. Before saving, Darkroom fetches `test_path` from the origin with the new headers: a 401 or 403 refuses them.',
      tag: 'Sources',
      body: { resource: RESOURCE, attributes: originAuthUpdateSchema, id: true },
      answer: { status: 200, resource: RESOURCE },
      errors: [403, 409],
    },
  });

  app.get<{ Params: { id: string } }>(
    '/sources/:id/origin-authentication',
    async (request, reply) => {
      const source = await loadSource(app, request, 'account', request.params.id);
      refuseOtherTypes(source);
      return sendData(
        reply,
        200,
        resourceOf(source, originAuthAttributes(secrets, source.origin_auth)),
      );
    },
  );

  app.put<{ Params: { id: string } }>(
    '/sources/:id/origin-authentication',
    async (request, reply) => {
      const source = await loadSource(app, request, 'account', request.params.id);
      refuseDemoEdit(source);
      refuseOtherTypes(source);
      const attributes = requestAttributes(request.body, RESOURCE);
      const parsed = originAuthUpdateSchema.safeParse(attributes);
      if (!parsed.success) throw issueErrors(parsed.error.issues, ATTRIBUTES);
      try {
        const auth = mergeOriginAuth(decryptOriginAuth(secrets, source.origin_auth), parsed.data);
        await proveOriginAuth(origins, secrets, source, auth, parsed.data.test_path);
        const updated = await updateSource(database.db, source.id, {
          originAuth: encryptOriginAuth(secrets, auth),
        });
        return sendData(
          reply,
          200,
          resourceOf(updated, originAuthAttributes(secrets, updated.origin_auth)),
        );
      } catch (error) {
        if (error instanceof OriginAuthRefused) {
          if (error.problem.code !== 'validation_failed') {
            request.log.info({ err: error.cause }, 'origin authentication check failed');
          }
          throw refused(error.problem);
        }
        throw error;
      }
    },
  );
}
