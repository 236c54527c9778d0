import { paginationMeta } from '@darkroom/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { newSecureUrlToken } from '../crypto/secrets.ts';
import { checkSourceAllowance } from '../billing/limits.ts';
import type { DatabaseSchema, SourceRow, SourceSettings } from '../db/schema.ts';
import { isId } from '../db/ids.ts';
import { SOURCE_DEPLOY_JOB } from '../jobs/kinds.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { findAccounts } from '../store/accounts.ts';
import { usableCapabilities } from '../store/capabilities.ts';
import { insertEvent } from '../store/events.ts';
import { DomainTakenError } from '../store/source-domains.ts';
import {
  findSource,
  insertSource,
  listSources,
  updateSource,
  type SourceChanges,
  type SourceColumn,
} from '../store/sources.ts';
import { requireAuth } from './authentication.ts';
import { domainAvailability, domainTakenDetail } from './domain-availability.ts';
import { sendData } from './documents.ts';
import type { ApiError } from '../errors.ts';
import { apiError } from '../errors.ts';
import { issueErrors } from './field-errors.ts';
import { booleanFilter, parseInclude, parseListQuery } from './list-query.ts';
import { requestAttributes } from './request-document.ts';
import { scopeAccountId, type RouteScope } from './scope.ts';
import { parseSourcePatch } from './source-patch.ts';
import {
  decryptCredentials,
  encryptCredentials,
  splitProduction,
} from '../store/source-configuration.ts';
import { sourceResource } from './source-serializer.ts';
import { accountResource } from './serializers.ts';

/** How source lists sort: API sort field -> column (the asset manager's list too). */
export const SOURCE_SORT_FIELDS: Record<string, SourceColumn> = {
  name: 'name',
  date_created: 'created_at',
  date_modified: 'updated_at',
};

const SOURCE_EVENTS = {
  created: 'Source Created',
  deployed: 'Source Deployed',
  creationErrored: 'Source Creation Errored',
} as const;

const PRODUCTION_POINTER = '/data/attributes/production';

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

/** Turns a domain held elsewhere into a 409 pointing at the list entry that names it. */
function domainConflict(
  error: DomainTakenError,
  settings: SourceSettings,
  callerAccountId: string | null,
): ApiError {
  const subdomainIndex = settings.darkroom_subdomains.indexOf(error.domain);
  const pointer =
    subdomainIndex >= 0
      ? `${PRODUCTION_POINTER}/darkroom_subdomains/${subdomainIndex}`
      : `${PRODUCTION_POINTER}/custom_domains/${Math.max(0, settings.custom_domains.indexOf(error.domain))}`;
  return apiError('conflict', domainTakenDetail(error.owner, callerAccountId), { pointer });
}

/** Reserved subdomains and domains held by other sources, checked before writing for clear errors. */
async function checkDomains(
  db: Kysely<DatabaseSchema>,
  settings: SourceSettings,
  callerAccountId: string | null,
  exceptSourceId: string | null,
): Promise<void> {
  const lists = [
    ['darkroom_subdomains', 'subdomain'],
    ['custom_domains', 'custom'],
  ] as const;
  for (const [list, kind] of lists) {
    for (const [index, domain] of settings[list].entries()) {
      const availability = await domainAvailability(
        db,
        domain,
        kind,
        callerAccountId,
        exceptSourceId,
      );
      if (!availability.available) {
        throw apiError('conflict', availability.detail, {
          pointer: `${PRODUCTION_POINTER}/${list}/${index}`,
        });
      }
    }
  }
}

/**
 * `sources` (spec platform sections 3, 4 and 7): the caller's sources under /api/v4, every
 * account's under /api/v4/admin. The demo source is readable by everyone and listed nowhere.
 */
export function sourceRoutes(app: FastifyInstance, scope: RouteScope): void {
  const { database, secrets } = app.darkroom;
  const { db } = database;

  async function sourceResourceOf(row: SourceRow) {
    const usable = await usableCapabilities(db, app.darkroom.config, [row]);
    return sourceResource(row, secrets, usable.get(row.id) ?? []);
  }

  app.get('/sources', async (request, reply) => {
    const accountId = scopeAccountId(request, scope);
    const query = parseListQuery(request.query as Record<string, unknown>, {
      sortFields: SOURCE_SORT_FIELDS,
      defaultSort: 'name',
      filters: scope === 'admin' ? ['enabled', 'account_id'] : ['enabled'],
      includes: ['account'],
    });
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
    const include = parseInclude(request.query as Record<string, unknown>, ['account']);
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
      const production = splitProduction(parsed.data.production);
      const accountId = auth.user.accountId;
      if (app.darkroom.config.planLimits) await checkSourceAllowance(db, accountId);
      await checkDomains(db, production.settings, accountId, null);
      try {
        const source = await insertSource(
          db,
          {
            accountId,
            name: parsed.data.name,
            type: production.type,
            storageProvider: production.storageProvider,
            settings: production.settings,
            credentials: encryptCredentials(
              secrets,
              production.type,
              production.storageProvider,
              production.credentials,
            ),
            secureUrlEnabled: production.secureUrlEnabled,
            secureUrlToken: secrets.encrypt(newSecureUrlToken()),
            imageError: production.imageError,
            imageMissing: production.imageMissing,
          },
          async (trx, row) => {
            await insertEvent(trx, {
              accountId,
              userId: auth.user.id,
              name: SOURCE_EVENTS.created,
              properties: { source_id: row.id, source_type: row.storage_provider ?? row.type },
            });
            await enqueueJob(trx, SOURCE_DEPLOY_JOB, { sourceId: row.id, userId: auth.user.id });
          },
        );
        return await sendData(reply, 201, await sourceResourceOf(source));
      } catch (error) {
        if (error instanceof DomainTakenError) {
          throw domainConflict(error, production.settings, accountId);
        }
        throw error;
      }
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
    const patch = parseSourcePatch(app.darkroom.sourceSchemas, attributes, source.settings, {
      type: source.type,
      storageProvider: source.storage_provider,
      credentials: decryptCredentials(secrets, source),
    });
    const callerAccountId = scope === 'admin' ? null : auth.user.accountId;
    if (patch.settings !== undefined) {
      await checkDomains(db, patch.settings, callerAccountId, source.id);
    }
    const changes: SourceChanges = {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
      ...(patch.secureUrlEnabled !== undefined ? { secureUrlEnabled: patch.secureUrlEnabled } : {}),
      ...(patch.enableMultiframe !== undefined ? { enableMultiframe: patch.enableMultiframe } : {}),
      ...(patch.imageError !== undefined ? { imageError: patch.imageError } : {}),
      ...(patch.imageMissing !== undefined ? { imageMissing: patch.imageMissing } : {}),
      ...(patch.settings !== undefined ? { settings: patch.settings } : {}),
      ...(patch.credentials !== undefined
        ? {
            credentials: encryptCredentials(
              secrets,
              source.type,
              source.storage_provider,
              patch.credentials,
            ),
            redeploy: true,
          }
        : {}),
    };
    try {
      const updated = await updateSource(db, source.id, changes, async (trx, row) => {
        if (patch.credentials === undefined) return;
        await enqueueJob(trx, SOURCE_DEPLOY_JOB, { sourceId: row.id, userId: auth.user.id });
      });
      return await sendData(reply, 200, await sourceResourceOf(updated));
    } catch (error) {
      if (error instanceof DomainTakenError && patch.settings !== undefined) {
        throw domainConflict(error, patch.settings, callerAccountId);
      }
      throw error;
    }
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
