import {
  JSONAPI_MEDIA_TYPE,
  JSONAPI_VERSION,
  METRICS,
  metricNamed,
  type MetricDefinition,
} from '@darkroom/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { metricSeries, topValues } from '../analytics/metric-series.ts';
import {
  analyticsFilterParameters,
  parseAnalyticsFilters,
  type AnalyticsFilters,
} from './analytics-filters.ts';
import { createRollupRunner } from '../analytics/rollup-runner.ts';
import { rollUpUsage } from '../analytics/rollup.ts';
import { isId } from '../db/ids.ts';
import { findSource } from '../store/sources.ts';
import { requireAuth } from './authentication.ts';
import { authenticationMeta, serverMeta } from './documents.ts';
import { refuseListParameters } from './list-query.ts';
import { apiError } from '../errors.ts';
import { z } from 'zod';
import { describeRoutes } from './openapi/registry.ts';

const TOP_DEFAULT = 10;
const TOP_MAX = 100;

function metricResource(metric: MetricDefinition) {
  return {
    type: 'analytics_metrics',
    id: metric.name,
    attributes: {
      name: metric.name,
      label: metric.label,
      value_type: metric.valueType,
      moving_average: metric.movingAverage,
      previous_month: metric.previousMonth,
      breakdowns: metric.breakdowns,
    },
  };
}

/** A JSON:API document whose meta carries the analytics figures beside the usual members. */
function sendAnalytics(
  request: FastifyRequest,
  reply: FastifyReply,
  data: unknown[],
  meta: Record<string, unknown> = {},
): FastifyReply {
  return reply
    .code(200)
    .type(JSONAPI_MEDIA_TYPE)
    .send({
      data,
      jsonapi: { version: JSONAPI_VERSION },
      meta: {
        ...meta,
        authentication: authenticationMeta(request.auth),
        server: serverMeta(request.server.darkroom.config),
      },
    });
}

function topLimit(query: Record<string, unknown>): number {
  const raw = query['page[size]'];
  if (raw === undefined) return TOP_DEFAULT;
  const value = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value >= 1 && value <= TOP_MAX)) {
    throw apiError('invalid_parameter', `page[size] must be 1 to ${TOP_MAX}.`, {
      parameter: 'page[size]',
    });
  }
  return value;
}

/**
 * Writes the usage this process still buffers and rolls up what has settled, so a read right
 * after requests are served counts them (analytics here, reports under /api/v1).
 */
export async function settleUsage(app: FastifyInstance): Promise<void> {
  await app.delivery.flushUsage();
  await rollUpUsage(app.darkroom.database.db);
}

/**
 * `analytics`: usage of the caller's account, the metrics of spec platform section 3 ('Analytics
 * metrics'). Every read first writes the usage this process still buffers and rolls up what has
 * settled, then reads the aggregates plus the newer raw events, so numbers are exact right after
 * requests are served.
 */
export function analyticsRoutes(app: FastifyInstance): void {
  const { config, database } = app.darkroom;
  const runner = createRollupRunner({
    db: database.db,
    intervalMinutes: config.usageRollupIntervalMinutes,
    retentionDays: config.usageRetentionDays,
    log: app.log,
  });
  app.addHook('onReady', async () => runner.start());
  const topSize = {
    name: 'page[size]',
    description: `How many to answer, 1 to ${TOP_MAX}.`,
    schema: z.int().min(1).max(TOP_MAX).default(TOP_DEFAULT),
  };
  describeRoutes(app, {
    'GET /analytics': {
      summary: 'The analytics metrics',
      description: 'Each metric with its label, value type and the breakdowns it allows.',
      tag: 'Analytics',
      answer: { status: 200, resource: 'analytics_metrics', many: true },
    },
    'GET /analytics/:metric': {
      summary: "A metric's series",
      description:
        "One point per period of the granularity (per group, with a breakdown); `meta` holds the metric's total and, where it has them, its moving average and the previous month.",
      tag: 'Analytics',
      params: { metric: `The metric: ${METRICS.map((metric) => metric.name).join(', ')}.` },
      query: analyticsFilterParameters(true),
      answer: { status: 200, resource: 'analytics_points', many: true },
    },
    'GET /analytics/top_assets': {
      summary: 'The most requested assets',
      tag: 'Analytics',
      query: [topSize, ...analyticsFilterParameters(false)],
      answer: { status: 200, resource: 'analytics_top_assets', many: true },
    },
    'GET /analytics/top_referrers': {
      summary: 'The top referrers',
      tag: 'Analytics',
      query: [topSize, ...analyticsFilterParameters(false)],
      answer: { status: 200, resource: 'analytics_top_referrers', many: true },
    },
  });
  app.addHook('onClose', async () => runner.stop());

  /** Resolves the filters of a request the caller's account may make. */
  async function accountFilters(request: FastifyRequest, metric: MetricDefinition | null) {
    const auth = requireAuth(request);
    const filters = parseAnalyticsFilters(request.query as Record<string, unknown>, metric);
    if (filters.sourceId !== null) {
      const source = isId(filters.sourceId)
        ? await findSource(database.db, filters.sourceId, auth.user.accountId)
        : undefined;
      // The demo source is readable by all, but its traffic is nobody's own.
      if (source === undefined || source.account_id !== auth.user.accountId) {
        throw apiError('not_found', 'No source has this id.', { parameter: 'filter[source_id]' });
      }
    }
    await settleUsage(app);
    return { accountId: auth.user.accountId, ...filters };
  }

  app.get('/analytics', async (request, reply) => {
    requireAuth(request);
    refuseListParameters(request.query as Record<string, unknown>, []);
    return sendAnalytics(request, reply, METRICS.map(metricResource));
  });

  for (const [path, dimension] of [
    ['/analytics/top_assets', 'asset'],
    ['/analytics/top_referrers', 'referrer'],
  ] as const) {
    app.get(path, async (request, reply) => {
      const limit = topLimit(request.query as Record<string, unknown>);
      const filters: AnalyticsFilters & { accountId: string } = await accountFilters(request, null);
      const rows = await topValues(database.db, filters, dimension, limit);
      const data = rows.map((row) =>
        dimension === 'asset'
          ? {
              type: 'analytics_top_assets',
              id: `${row.sourceId}/${row.value}`,
              attributes: {
                source_id: row.sourceId,
                path: row.value,
                requests: row.requests,
                bandwidth: row.bytesOut,
              },
            }
          : {
              type: 'analytics_top_referrers',
              id: row.value,
              attributes: { referrer: row.value, requests: row.requests, bandwidth: row.bytesOut },
            },
      );
      return sendAnalytics(request, reply, data);
    });
  }

  app.get<{ Params: { metric: string } }>('/analytics/:metric', async (request, reply) => {
    requireAuth(request);
    const metric = metricNamed(request.params.metric);
    if (metric === undefined) {
      throw apiError('not_found', `No analytics metric is named ${request.params.metric}.`);
    }
    const filters = await accountFilters(request, metric);
    const series = await metricSeries(database.db, metric, filters);
    const data = series.points.map((point) => ({
      type: 'analytics_points',
      id: point.group === undefined ? point.time : `${point.time}/${point.group}`,
      attributes: point,
    }));
    return sendAnalytics(request, reply, data, {
      metric: metric.name,
      value_type: metric.valueType,
      granularity: filters.granularity,
      total: series.total,
      ...(series.groups && { groups: series.groups }),
      ...(series.movingAverage && { moving_average: series.movingAverage }),
      ...(series.previousMonth && { previous_month: series.previousMonth }),
    });
  });
}
