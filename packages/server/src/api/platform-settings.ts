import type { FastifyInstance } from 'fastify';
import { requireAuth } from './authentication.ts';
import { sendData } from './documents.ts';

/**
 * `platform-settings`: what the dashboard needs to build the same source schemas as the server
 * and to show `.{delivery domain}` after a subdomain.
 */
export function platformSettingsRoutes(app: FastifyInstance): void {
  const { config } = app.darkroom;
  app.get('/platform-settings', async (request, reply) => {
    requireAuth(request);
    return sendData(reply, 200, {
      type: 'platform_settings',
      id: 'current',
      attributes: {
        delivery_domain: config.deliveryDomain,
        allow_private_origins: config.allowPrivateOrigins,
        max_origin_bytes: config.originMaxBytes,
      },
    });
  });
}
