import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { originPath } from '../delivery/origin-path.ts';
import { findSourceByHost } from '../store/source-hosts.ts';
import { requireAuth } from './authentication.ts';
import { sendData } from './documents.ts';
import { apiError } from '../errors.ts';
import { issueErrors } from './field-errors.ts';
import { requestAttributes } from './request-document.ts';

const purgeAttributes = z.object({
  url: z.url({
    protocol: /^https?$/,
    error: 'Enter the full delivery URL of the image, with http:// or https://.',
  }),
});

/**
 * `POST /purges` (imgix's Management API purge): drops every cached render of one image, all
 * parameter variants included, on the caller's own source. The URL names the source by its
 * host, exactly as a delivery request would; its query is ignored.
 */
export function purgeRoutes(app: FastifyInstance): void {
  app.post('/purges', async (request, reply) => {
    const auth = requireAuth(request);
    const parsed = purgeAttributes.safeParse(requestAttributes(request.body, 'purges'));
    if (!parsed.success) throw issueErrors(parsed.error.issues);
    const url = new URL(parsed.data.url);
    const { config, database } = app.darkroom;
    const source = await findSourceByHost(database.db, url.host, config.deliveryDomain, {
      includeDisabled: true,
    });
    // Another account's source is answered like an unknown host, so purges reveal nothing.
    if (source === undefined || (source.account_id !== auth.user.accountId && !source.is_demo)) {
      throw apiError('not_found', 'No source of your account is served at this URL.', {
        pointer: '/data/attributes/url',
      });
    }
    if (source.is_demo) throw apiError('forbidden', 'The demo source cannot be purged.');
    // The raw path, as a delivery request would carry it (URL keeps it percent-encoded).
    const path = originPath(url.pathname, source.type);
    if (!path.ok) {
      throw apiError('validation_failed', path.message, { pointer: '/data/attributes/url' });
    }
    await app.delivery.purge(source.id, path.path);
    return sendData(reply, 200, {
      type: 'purges',
      id: `${source.id}:${path.path}`,
      attributes: { url: parsed.data.url, source_id: source.id },
    });
  });
}
