import { analyticsEventSchema } from '@darkroom/core';
import type { FastifyInstance } from 'fastify';
import { insertEvent } from '../store/events.ts';
import { requireAuth } from './authentication.ts';
import { sendData } from './documents.ts';
import { attributeErrors } from '../errors.ts';
import { requestAttributes } from './request-document.ts';
import { describeRoutes } from './openapi/registry.ts';

/** `events`: dashboard analytics events (spec platform section 7) into the event log. */
export function eventRoutes(app: FastifyInstance): void {
  describeRoutes(app, {
    'POST /events': {
      summary: 'Record a dashboard event',
      description:
        "The dashboard's analytics events, kept in the account's event log; accepted and not kept while impersonating.",
      tag: 'Events',
      body: { resource: 'events', attributes: analyticsEventSchema },
      answer: { status: 202, resource: null },
    },
  });

  app.post('/events', async (request, reply) => {
    const auth = requireAuth(request);
    const attributes = requestAttributes(request.body, 'events');
    const parsed = analyticsEventSchema.safeParse(attributes);
    if (!parsed.success) throw attributeErrors(parsed.error, attributes);
    // Impersonating sessions suppress analytics (spec platform section 6): accepted, not kept.
    if (auth.impersonator === null) {
      await insertEvent(app.darkroom.database.db, {
        accountId: auth.user.accountId,
        userId: auth.user.id,
        name: parsed.data.name,
        properties: parsed.data.properties,
      });
    }
    return sendData(reply, 202, null);
  });
}
