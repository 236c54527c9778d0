import { paginationMeta } from '@darkroom/core';
import type { FastifyInstance } from 'fastify';
import { listEventLog, type EventColumn, type EventLogRow } from '../analytics/event-log.ts';
import { sendData } from './documents.ts';
import { parseListQuery, type ListQueryRules } from './list-query.ts';
import { listParameters } from './openapi/list-parameters.ts';
import { describeRoutes } from './openapi/registry.ts';

const EVENT_LIST_RULES: ListQueryRules<EventColumn, 'account_id' | 'name'> = {
  sortFields: { date_created: 'created_at', name: 'name' },
  defaultSort: '-date_created',
  filters: ['account_id', 'name'],
  includes: [],
};

function eventResource(event: EventLogRow) {
  return {
    type: 'events' as const,
    id: event.id,
    attributes: {
      account_id: event.account_id,
      user_id: event.user_id,
      name: event.name,
      properties: event.properties,
      date_created: event.created_at.toISOString(),
    },
  };
}

/** `GET /api/v4/admin/events`: the dashboard event log of every account, for administrators. */
export function adminEventRoutes(app: FastifyInstance): void {
  describeRoutes(app, {
    'GET /events': {
      summary: "Every account's dashboard events",
      tag: 'Events',
      query: listParameters(EVENT_LIST_RULES, {
        account_id: 'Only the events of this account.',
        name: 'Only the events of this name.',
      }),
      answer: { status: 200, resource: 'events', many: true },
    },
  });
  app.get('/events', async (request, reply) => {
    const query = parseListQuery(request.query as Record<string, unknown>, EVENT_LIST_RULES);
    const { rows, total } = await listEventLog(
      app.darkroom.database.db,
      { accountId: query.filter.account_id, name: query.filter.name },
      query,
    );
    return sendData(reply, 200, rows.map(eventResource), {
      pagination: paginationMeta(query.page, query.pageSize, total),
    });
  });
}
