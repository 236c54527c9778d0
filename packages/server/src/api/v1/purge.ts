// `POST /purge` of imgix's Management API (docs.imgix.com/apis/management/purges): drops every
// cached render of one image, as /api/v4's purge does (purges.ts, purgeTarget). A sub-image (an
// image other images use as a mark or blend) is purged with `sub_image: true` and the `source_id`
// of its parent images; imgix then purges "the parent images that use the sub-image" too.
// Darkroom does not record which renders used which overlay, so it purges every render of that
// source: more than needed, never less, so no parent keeps the old sub-image.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError, apiError } from '../../errors.ts';
import { requireAuth } from '../authentication.ts';
import { sendData } from '../documents.ts';
import { describeRoutes } from '../openapi/registry.ts';
import { deliveryUrlSchema, purgeTarget } from '../purges.ts';
import { loadSource } from '../sources.ts';
import { parseAttributes } from './request-documents.ts';

/** imgix's purge attributes: `url`; for a sub-image also `sub_image` and `source_id`. */
export const purgeAttributesSchema = z
  .strictObject({
    url: deliveryUrlSchema,
    sub_image: z.boolean({ error: 'sub_image is true or false.' }).optional(),
    source_id: z.string({ error: 'source_id is the id of a source.' }).optional(),
  })
  .superRefine((attributes, context) => {
    if (attributes.sub_image === true && attributes.source_id === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['source_id'],
        message: 'A sub-image purge needs the source_id of the images that use it.',
      });
    }
    if (attributes.sub_image !== true && attributes.source_id !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['source_id'],
        message: 'source_id names the parent images of a sub-image: send it with sub_image: true.',
      });
    }
  });

export function managementPurgeRoutes(app: FastifyInstance): void {
  describeRoutes(app, {
    'POST /purge': {
      summary: 'Purge an asset',
      description: [
        "Drops every cached render of the image a delivery URL names (on a subdomain or custom domain of one of the account's sources), all parameter variants included, in every server process and at the CDN in front when one is configured; the URL's query is ignored. The answer's `purge_id` names this purge.",
        'A sub-image (an image other images use, as a watermark or a blend) is purged with `sub_image: true` and the `source_id` of the images that use it: imgix then purges "the parent images that use the sub-image" too. Darkroom does not record which renders used which sub-image, so it purges every render of that source: more than needed, never less. The sub-image\'s own renders go too when one of the account\'s sources serves it.',
      ].join('\n\n'),
      tag: 'Purges',
      body: { resource: 'purges', attributes: purgeAttributesSchema },
      answer: { status: 200, resource: 'purges' },
      errors: [404],
    },
  });
  app.post('/purge', async (request, reply) => {
    const auth = requireAuth(request);
    const attributes = parseAttributes(request.body, 'purges', purgeAttributesSchema);
    const url = new URL(attributes.url);
    const purgeId = randomUUID();
    if (attributes.sub_image === true && attributes.source_id !== undefined) {
      const parents = await loadSource(app, request, 'account', attributes.source_id).catch(
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) {
            throw apiError('not_found', 'No source of your account has this id.', {
              pointer: '/data/attributes/source_id',
            });
          }
          throw error;
        },
      );
      if (parents.is_demo) throw apiError('forbidden', 'The demo source cannot be purged.');
      // A sub-image may live anywhere (a mark can be any image URL); when one of the caller's
      // sources serves it, its own renders go too.
      const own = await purgeTarget(app, auth.user.accountId, url).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      });
      if (own !== null) await app.delivery.purge(own.source.id, own.path);
      await app.delivery.purge(parents.id, null);
    } else {
      const { source, path } = await purgeTarget(app, auth.user.accountId, url);
      await app.delivery.purge(source.id, path);
    }
    return sendData(reply, 200, {
      type: 'purges',
      id: purgeId,
      attributes: {
        purge_id: purgeId,
        url: attributes.url,
        ...(attributes.sub_image === true
          ? { sub_image: true, source_id: attributes.source_id }
          : {}),
      },
    });
  });
}
