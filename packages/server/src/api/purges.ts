import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SourceRow } from '../db/schema.ts';
import { originPath } from '../delivery/origin-path.ts';
import { findSourceByHost } from '../store/source-hosts.ts';
import { requireAuth } from './authentication.ts';
import { sendData } from './documents.ts';
import { apiError } from '../errors.ts';
import { issueErrors } from './field-errors.ts';
import { requestAttributes } from './request-document.ts';
import { describeRoutes } from './openapi/registry.ts';

const URL_POINTER = '/data/attributes/url';

/** A delivery URL (http or https), as purge requests name the image. */
export const deliveryUrlSchema = z.url({
  protocol: /^https?$/,
  error: 'Enter the full delivery URL of the image, with http:// or https://.',
});

const purgeAttributes = z.object({ url: deliveryUrlSchema });

/** What a delivery URL names: the caller's source serving its host, and the image's path. */
export interface PurgeTarget {
  source: SourceRow;
  /** The origin path, as a delivery request would carry it. */
  path: string;
}

/**
 * The source (of the caller's account) and image a delivery URL names, exactly as a delivery
 * request would read its host and path; its query is ignored. 404 for a host no source of the
 * account serves, another account's included, so a purge reveals nothing.
 */
export async function purgeTarget(
  app: FastifyInstance,
  accountId: string,
  url: URL,
): Promise<PurgeTarget> {
  const { config, database } = app.darkroom;
  const source = await findSourceByHost(database.db, url.host, config.deliveryDomain, {
    includeDisabled: true,
  });
  // Another account's source is answered like an unknown host, so purges reveal nothing.
  if (source === undefined || (source.account_id !== accountId && !source.is_demo)) {
    throw apiError('not_found', 'No source of your account is served at this URL.', {
      pointer: URL_POINTER,
    });
  }
  if (source.is_demo) throw apiError('forbidden', 'The demo source cannot be purged.');
  // The raw path, as a delivery request would carry it (URL keeps it percent-encoded).
  const path = originPath(url.pathname, source.type);
  if (!path.ok) {
    throw apiError('validation_failed', path.message, { pointer: URL_POINTER });
  }
  return { source, path: path.path };
}

/**
 * `POST /purges` (imgix's Management API purge): drops every cached render of one image, all
 * parameter variants included, on the caller's own source, in every process and at the CDN in
 * front (delivery/purges.ts). The URL names the source by its host, exactly as a delivery
 * request would; its query is ignored.
 */
export function purgeRoutes(app: FastifyInstance): void {
  describeRoutes(app, {
    'POST /purges': {
      summary: 'Purge an image',
      description:
        'Drops every cached render of the image a delivery URL names, all parameter variants included, in every server process and at the CDN in front when one is configured (by surrogate key); its query is ignored.',
      tag: 'Purges',
      body: { resource: 'purges', attributes: purgeAttributes },
      answer: { status: 200, resource: 'purges' },
      errors: [403, 404],
    },
  });
  app.post('/purges', async (request, reply) => {
    const auth = requireAuth(request);
    const parsed = purgeAttributes.safeParse(requestAttributes(request.body, 'purges'));
    if (!parsed.success) throw issueErrors(parsed.error.issues);
    const { source, path } = await purgeTarget(app, auth.user.accountId, new URL(parsed.data.url));
    await app.delivery.purge(source.id, path);
    return sendData(reply, 200, {
      type: 'purges',
      id: `${source.id}:${path}`,
      attributes: { url: parsed.data.url, source_id: source.id },
    });
  });
}
