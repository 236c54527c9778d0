import { EXPERIMENT_VIEWED_EVENT } from '@darkroom/core';
import type { FastifyInstance } from 'fastify';
import { experimentResults, type ExperimentResult } from '../analytics/experiment-results.ts';
import { apiError } from '../errors.ts';
import { assignExperiments, readAssignments } from '../store/experiment-assignments.ts';
import { requireAuth } from './authentication.ts';
import { sendData } from './documents.ts';
import { describeRoutes } from './openapi/registry.ts';

/**
 * `experiments/assignments`: the signed-in user's variant of each dashboard experiment (platform
 * spec section 3, "A/B test data"), chosen once and stored with the user. An impersonating
 * session sees the user's variants but assigns nothing, and is told so, so the dashboard records
 * no exposure (analytics are suppressed while impersonating, spec section 6).
 */
export function experimentRoutes(app: FastifyInstance): void {
  describeRoutes(app, {
    'GET /experiments/assignments': {
      summary: "The signed-in user's experiment variants",
      description: `Each dashboard experiment's variant for the user, assigned on the first read and kept. The dashboard records an \`${EXPERIMENT_VIEWED_EVENT}\` event when it shows a variant, unless \`impersonating\` is true: an impersonation reads the user's variants without assigning any.`,
      tag: 'Experiments',
      refusesApiKeys: true,
      answer: { status: 200, resource: 'experiment_assignments' },
    },
  });

  app.get('/experiments/assignments', async (request, reply) => {
    const auth = requireAuth(request);
    if (auth.apiKey !== null) {
      throw apiError('forbidden', "Experiments are the dashboard's own: sign in to it.");
    }
    const impersonating = auth.impersonator !== null;
    const { db } = app.darkroom.database;
    const variants = impersonating
      ? await readAssignments(db, auth.user.id)
      : await assignExperiments(db, auth.user.id);
    return sendData(reply, 200, {
      type: 'experiment_assignments',
      id: auth.user.id,
      attributes: { variants, impersonating },
    });
  });
}

function experimentResource(result: ExperimentResult) {
  return {
    type: 'experiments' as const,
    id: result.key,
    attributes: {
      description: result.description,
      conversion_event: result.conversionEvent,
      variants: result.variants.map((variant) => ({
        variant: variant.variant,
        assigned: variant.assigned,
        exposed: variant.exposed,
        converted: variant.converted,
        conversion_rate: variant.conversionRate,
      })),
    },
  };
}

/** `GET /api/v4/admin/experiments`: each experiment's results, for install administrators. */
export function adminExperimentRoutes(app: FastifyInstance): void {
  describeRoutes(app, {
    'GET /experiments': {
      summary: "The dashboard experiments' results",
      description: `Per experiment and variant: the users assigned it, those shown it (an \`${EXPERIMENT_VIEWED_EVENT}\` event), those of them who then reached the experiment's conversion event, and the conversion rate among those shown it (null before anyone is).`,
      tag: 'Experiments',
      answer: { status: 200, resource: 'experiments', many: true },
    },
  });

  app.get('/experiments', async (_request, reply) => {
    const results = await experimentResults(app.darkroom.database.db);
    return sendData(reply, 200, results.map(experimentResource));
  });
}
