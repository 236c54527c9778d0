import { paginationMeta } from '@darkroom/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { newSecureUrlToken } from '../crypto/secrets.ts';
import type { SourceRow } from '../db/schema.ts';
import { isId } from '../db/ids.ts';
import { findAccounts } from '../store/accounts.ts';
import { usableCapabilities } from '../store/capabilities.ts';
import { findSource, listSources, updateSource, type SourceColumn } from '../store/sources.ts';
import { requireAuth } from './authentication.ts';
import { sendData } from './documents.ts';
import type { ApiError } from '../errors.ts';
import { apiError } from '../errors.ts';
import { issueErrors } from './field-errors.ts';
import { booleanFilter, parseInclude, parseListQuery, type ListQueryRules } from './list-query.ts';
import { includeParameter, listParameters } from './openapi/list-parameters.ts';
import { describeRoutes } from './openapi/registry.ts';
import { sourcePatchAttributesSchema } from './source-patch.ts';
import { requestAttributes } from './request-document.ts';
import { scopeAccountId, type RouteScope } from './scope.ts';
import { sourceResource } from './source-serializer.ts';
import { createSource, patchSource } from './source-writes.ts';
import { accountResource } from './serializers.ts';

/** How source lists sort: API sort field -> column (the asset manager's list too). */
export const SOURCE_SORT_FIELDS: Record<string, SourceColumn> = {
  name: 'name',
  date_created: 'created_at',
  date_modified: 'updated_at',
};

function sourceNotFound(): ApiError {
  return apiError('not_found', 'No source has this id.');
}

/** The caller's (or, for admins, any) source, or the demo source; 404 otherwise. */
export async function loadSource(
  app: FastifyInstance,
  request: FastifyRequest,
  scope: RouteScope,
  id: string,
): Promise<SourceRow> {
  const accountId = scopeAccountId(request, scope);
  const source = isId(id) ? await findSource(app.darkroom.database.db, id, accountId) : undefined;
  if (!source) throw sourceNotFound();
  return source;
}

export function refuseDemoEdit(source: SourceRow): void {
  if (source.is_demo) throw apiError('forbidden', 'The demo source cannot be edited.');
}

/**
 * `sources` (spec platform sections 3, 4 and 7): the caller's sources under /api/v4, every
 * account's under /api/v4/admin. The demo source is readable by everyone and listed nowhere.
 */
export function sourceRoutes(app: FastifyInstance, scope: RouteScope): void {
  const { database, secrets } = app.darkroom;
  const { db } = database;
  const listRules: ListQueryRules<SourceColumn, 'enabled' | 'account_id'> = {
    sortFields: SOURCE_SORT_FIELDS,
    defaultSort: 'name',
    filters: scope === 'admin' ? ['enabled', 'account_id'] : ['enabled'],
    includes: ['account'],
  };
  describeRoutes(app, {
    'GET /sources': {
      summary: scope === 'admin' ? 'Every source' : "The account's sources",
      tag: 'Sources',
      query: listParameters(listRules, {
        enabled: 'true or false: only the enabled, or disabled, sources.',
        account_id: 'Only the sources of this account.',
      }),
      answer: { status: 200, resource: 'sources', many: true },
    },
    'GET /sources/:id': {
      summary: 'One source',
      description:
        'Storage secrets are never answered, only masked. `date_first_served` is when delivery first answered an image of the source (epoch milliseconds), null until then.',
      tag: 'Sources',
      query: includeParameter(listRules.includes),
      answer: { status: 200, resource: 'sources' },
    },
    ...(scope === 'account'
      ? {
          'POST /sources': {
            summary: 'Create a source',
            description:
              'Its `name` is its first subdomain. The storage is deployed by a job after the answer; secrets are encrypted at rest and never shown again.',
            tag: 'Sources',
            body: { resource: 'sources', attributes: app.darkroom.sourceSchemas.newSource },
            answer: { status: 201, resource: 'sources' },
            errors: [409],
          },
        }
      : {}),
    'PATCH /sources/:id': {
      summary: 'Change a source',
      description:
        'Only what is given changes; new storage credentials are checked and deployed again.',
      tag: 'Sources',
      body: {
        resource: 'sources',
        attributes: sourcePatchAttributesSchema(app.darkroom.sourceSchemas),
        id: true,
      },
      answer: { status: 200, resource: 'sources' },
      errors: [403, 409],
    },
    'GET /sources/:id/secure-url-token': {
      summary: "The source's secure URL token",
      description: 'The token signed delivery URLs of the source are signed with.',
      tag: 'Sources',
      answer: { status: 200, resource: 'secure_url_tokens' },
    },
    'POST /sources/:id/secure-url-token': {
      summary: "Replace the source's secure URL token",
      description: 'URLs signed with the old token stop working.',
      tag: 'Sources',
      answer: { status: 201, resource: 'secure_url_tokens' },
    },
  });

  async function sourceResourceOf(row: SourceRow) {
    const usable = await usableCapabilities(db, app.darkroom.config, [row]);
    return sourceResource(row, secrets, usable.get(row.id) ?? []);
  }

  app.get('/sources', async (request, reply) => {
    const accountId = scopeAccountId(request, scope);
    const query = parseListQuery(request.query as Record<string, unknown>, listRules);
    const { rows, total } = await listSources(
      db,
      {
        scopeAccountId: accountId,
        enabled: booleanFilter(query.filter.enabled, 'filter[enabled]'),
        accountId: query.filter.account_id,
      },
      query,
    );
    const included = query.include.has('account')
      ? (await findAccounts(db, [...new Set(rows.map((source) => source.account_id))])).map(
          accountResource,
        )
      : undefined;
    const usable = await usableCapabilities(db, app.darkroom.config, rows);
    return sendData(
      reply,
      200,
      rows.map((row) => sourceResource(row, secrets, usable.get(row.id) ?? [])),
      {
        ...(included ? { included } : {}),
        pagination: paginationMeta(query.page, query.pageSize, total),
      },
    );
  });

  app.get<{ Params: { id: string } }>('/sources/:id', async (request, reply) => {
    const source = await loadSource(app, request, scope, request.params.id);
    const include = parseInclude(request.query as Record<string, unknown>, listRules.includes);
    const included = include.has('account')
      ? (await findAccounts(db, [source.account_id])).map(accountResource)
      : undefined;
    return sendData(reply, 200, await sourceResourceOf(source), included ? { included } : {});
  });

  if (scope === 'account') {
    app.post('/sources', async (request, reply) => {
      const auth = requireAuth(request);
      const attributes = requestAttributes(request.body, 'sources');
      const parsed = app.darkroom.sourceSchemas.newSource.safeParse(attributes);
      if (!parsed.success) throw issueErrors(parsed.error.issues);
      const source = await createSource(app, auth, parsed.data);
      return sendData(reply, 201, await sourceResourceOf(source));
    });
  }

  app.patch<{ Params: { id: string } }>('/sources/:id', async (request, reply) => {
    const auth = requireAuth(request);
    const source = await loadSource(app, request, scope, request.params.id);
    refuseDemoEdit(source);
    const attributes = requestAttributes(request.body, 'sources');
    const id = (request.body as { data?: { id?: unknown } }).data?.id;
    if (id !== undefined && id !== source.id) {
      throw apiError('conflict', 'data.id must be the id in the URL.', { pointer: '/data/id' });
    }
    const updated = await patchSource(app, auth, scope, source, attributes);
    return sendData(reply, 200, await sourceResourceOf(updated));
  });

  app.get<{ Params: { id: string } }>('/sources/:id/secure-url-token', async (request, reply) => {
    const source = await loadSource(app, request, scope, request.params.id);
    return sendData(reply, 200, {
      type: 'secure_url_tokens',
      id: source.id,
      attributes: { token: secrets.decrypt(source.secure_url_token) },
    });
  });

  app.post<{ Params: { id: string } }>('/sources/:id/secure-url-token', async (request, reply) => {
    const source = await loadSource(app, request, scope, request.params.id);
    refuseDemoEdit(source);
    const token = newSecureUrlToken();
    await updateSource(db, source.id, { secureUrlToken: secrets.encrypt(token) });
    return sendData(reply, 201, {
      type: 'secure_url_tokens',
      id: source.id,
      attributes: { token },
    });
  });
}
