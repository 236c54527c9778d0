// POST /api/v4/stripe/webhooks: Stripe's deliveries, read as the raw bytes Stripe signed, and the
// subscription changes they bring in the account's audit log (api/billing-webhook-audit.ts).
import type { FastifyInstance } from 'fastify';
import { createStripeClient } from '../billing/stripe-client.ts';
import { handleStripeWebhook, WebhookSignatureError } from '../billing/stripe-webhooks.ts';
import { apiError } from '../errors.ts';
import { z } from 'zod';
import { recordStripeSubscriptionChange } from './billing-webhook-audit.ts';
import { describeRoutes } from './openapi/registry.ts';

export async function billingWebhookRoutes(app: FastifyInstance): Promise<void> {
  const stripeConfig = app.darkroom.config.stripe;
  const secret = stripeConfig?.webhookSecret ?? null;
  if (stripeConfig === null || secret === null) return;
  const stripe = createStripeClient(stripeConfig);
  describeRoutes(app, {
    'POST /stripe/webhooks': {
      summary: "Stripe's webhook deliveries",
      description:
        'Only Stripe calls it: the event is read as the bytes Stripe signed and checked against the `Stripe-Signature` header.',
      tag: 'Billing',
      body: {
        mediaType: 'application/json',
        description: 'A Stripe event.',
        schema: z.object({ id: z.string(), type: z.string() }),
      },
      answer: {
        status: 200,
        mediaType: 'application/json',
        description: 'Received (`duplicate`: the event had already been handled).',
        schema: z.object({ received: z.literal(true), duplicate: z.boolean() }),
      },
    },
  });
  // A plugin of its own, so the raw-body parser applies to this route only.
  await app.register(async (webhooks) => {
    webhooks.removeAllContentTypeParsers();
    webhooks.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
      done(null, body);
    });
    webhooks.post('/stripe/webhooks', async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || typeof request.body !== 'string') {
        throw apiError('bad_request', 'A signed Stripe event is expected.');
      }
      try {
        const outcome = await handleStripeWebhook(
          app.darkroom.database.db,
          stripe,
          secret,
          request.body,
          signature,
        );
        // Recorded once: a delivery Stripe repeats changed nothing the second time.
        if (!outcome.duplicate) await recordStripeSubscriptionChange(request, request.body);
        return await reply.send({ received: true, duplicate: outcome.duplicate });
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          throw apiError('bad_request', `The Stripe signature does not match: ${error.message}`);
        }
        throw error;
      }
    });
  });
}
