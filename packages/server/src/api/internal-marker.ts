import type { FastifyInstance } from 'fastify';
import { INTERNAL_MARKER_PARAM } from '../crypto/internal-marker.ts';
import { apiError } from '../errors.ts';
import { requireAuth } from './authentication.ts';
import { sendData } from './documents.ts';
import { describeRoutes } from './openapi/registry.ts';

/**
 * `delivery-markers`: the marker the dashboard adds to its own thumbnails and previews so that
 * delivery keeps them out of analytics and billing (crypto/internal-marker.ts). Only a person's
 * session gets one: an API key is an integration, whose traffic is the customer's.
 */
export function internalMarkerRoutes(app: FastifyInstance): void {
  describeRoutes(app, {
    'GET /delivery-markers/current': {
      summary: "The dashboard's delivery marker",
      description: `The query parameter (\`${INTERNAL_MARKER_PARAM}\`) the dashboard adds to the delivery URLs it loads itself, so they are not metered. Good for the account's own sources until \`expires_at\` (two hours at most).`,
      tag: 'Sessions',
      refusesApiKeys: true,
      answer: { status: 200, resource: 'delivery_markers' },
    },
  });

  app.get('/delivery-markers/current', async (request, reply) => {
    const auth = requireAuth(request);
    if (auth.apiKey !== null) {
      throw apiError('forbidden', "Delivery markers are the dashboard's own: sign in to it.");
    }
    const marker = app.darkroom.internalMarkers.mint(auth.user.accountId);
    return sendData(reply, 200, {
      type: 'delivery_markers',
      id: 'current',
      attributes: {
        param: INTERNAL_MARKER_PARAM,
        value: marker.value,
        expires_at: marker.expiresAt.toISOString(),
      },
    });
  });
}
