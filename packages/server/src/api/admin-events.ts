import { paginationMeta } from '@darkroom/core';
import type { FastifyInstance } from 'fastify';
import { listEventLog, type EventColumn, type EventLogRow } from '../analytics/event-log.ts';
import { sendData } from './documents.ts';
import { parseListQuery } from './list-query.ts';

const EVENT_SORT_FIELDS: Record<string, EventColumn> = { date_created: 'created_at', name: 'name' };

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
  app.get('/events', async (request, reply) => {
    const query = parseListQuery(request.query as Record<string, unknown>, {
      sortFields: EVENT_SORT_FIELDS,
      defaultSort: '-date_created',
      filters: ['account_id', 'name'],
      includes: [],
    });
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
