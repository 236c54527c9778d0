// `api_keys`: account API keys for scripts and integrations (`Authorization: Bearer drk_key_...`).
// Created by an Account Admin with groups no wider than their own, shown once, kept only as a
// hash, listed with when they were last used, revocable at once; at most 20 per account, imgix's
// limit.
import {
  effectivePermissions,
  newApiKeySchema,
  type ApiKeyAttributes,
  type ResourceObject,
} from '@darkroom/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiKeyRow } from '../db/schema.ts';
import { isId } from '../db/ids.ts';
import { apiError, attributeErrors } from '../errors.ts';
import {
  createApiKey,
  listActiveApiKeys,
  MAX_ACTIVE_API_KEYS,
  revokeApiKey,
} from '../store/api-keys.ts';
import { requireAuth } from './authentication.ts';
import type { SessionAuth } from './context.ts';
import { sendData } from './documents.ts';
import { requestAttributes } from './request-document.ts';
import { describeRoutes } from './openapi/registry.ts';

type ApiKeyResource = ResourceObject<'api_keys', ApiKeyAttributes>;

function apiKeyResource(row: ApiKeyRow, key?: string): ApiKeyResource {
  return {
    type: 'api_keys',
    id: row.id,
    attributes: {
      ...(key === undefined ? {} : { key }),
      name: row.name,
      permissions: row.permissions,
      hint: row.token_hint,
      created_by: row.created_by,
      date_created: row.created_at.getTime(),
      date_last_used: row.last_used_at?.getTime() ?? null,
      date_expires: row.expires_at?.getTime() ?? null,
    },
  };
}

/** A key cannot mint or revoke keys: a leaked key must not be able to outlive its revocation. */
function requirePersonSession(request: FastifyRequest): SessionAuth {
  const auth = requireAuth(request);
  if (auth.apiKey !== null) {
    throw apiError('forbidden', 'API keys are managed by people: sign in to the dashboard.');
  }
  return auth;
}

export function apiKeyRoutes(app: FastifyInstance): void {
  describeRoutes(app, {
    'GET /api-keys': {
      summary: "The account's active API keys",
      description: 'Each with its hint and when it was last used; never the key itself.',
      tag: 'API keys',
      answer: { status: 200, resource: 'api_keys', many: true },
    },
    'POST /api-keys': {
      summary: 'Create an API key',
      description: `Answers the key (\`key\`) this once; only its hash is kept. A key holds no group its creator does not, and an account holds at most ${MAX_ACTIVE_API_KEYS} active keys.`,
      tag: 'API keys',
      refusesApiKeys: true,
      body: { resource: 'api_keys', attributes: newApiKeySchema },
      answer: { status: 201, resource: 'api_keys' },
      errors: [409],
    },
    'DELETE /api-keys/:id': {
      summary: 'Revoke an API key',
      tag: 'API keys',
      refusesApiKeys: true,
      answer: {
        status: 204,
        mediaType: null,
        description: 'Revoked: the key stops working at once.',
      },
    },
  });

  app.get('/api-keys', async (request, reply) => {
    const auth = requireAuth(request);
    const rows = await listActiveApiKeys(app.darkroom.database.db, auth.user.accountId);
    return sendData(
      reply,
      200,
      rows.map((row) => apiKeyResource(row)),
    );
  });

  app.post('/api-keys', async (request, reply) => {
    const auth = requirePersonSession(request);
    const attributes = requestAttributes(request.body, 'api_keys');
    const parsed = newApiKeySchema.safeParse(attributes);
    if (!parsed.success) throw attributeErrors(parsed.error, attributes);
    const { name, permissions, date_expires: expires } = parsed.data;
    const held = effectivePermissions(auth.user.permissions);
    const wider = permissions.filter((group) => !held.includes(group));
    if (wider.length > 0) {
      throw apiError(
        'forbidden',
        `A key cannot hold groups its creator does not: ${wider.join(', ')}.`,
        { pointer: '/data/attributes/permissions' },
      );
    }
    const { db } = app.darkroom.database;
    const created = await db.transaction().execute(async (trx) => {
      // Counted with the account's keys locked, so concurrent creations cannot pass the limit.
      await trx
        .selectFrom('api_keys')
        .select('id')
        .where('account_id', '=', auth.user.accountId)
        .forUpdate()
        .execute();
      if ((await listActiveApiKeys(trx, auth.user.accountId)).length >= MAX_ACTIVE_API_KEYS) {
        throw apiError(
          'conflict',
          `An account holds at most ${MAX_ACTIVE_API_KEYS} API keys. Revoke one you no longer use first.`,
        );
      }
      return createApiKey(trx, {
        accountId: auth.user.accountId,
        createdBy: auth.user.id,
        name,
        permissions,
        expiresAt: expires == null ? null : new Date(expires),
      });
    });
    request.log.info({ apiKeyId: created.row.id, userId: auth.user.id }, 'API key created');
    return sendData(reply, 201, apiKeyResource(created.row, created.key));
  });

  app.delete<{ Params: { id: string } }>('/api-keys/:id', async (request, reply) => {
    const auth = requirePersonSession(request);
    const { id } = request.params;
    const revoked =
      isId(id) && (await revokeApiKey(app.darkroom.database.db, auth.user.accountId, id));
    if (!revoked) throw apiError('not_found', 'No active API key of this account has this id.');
    request.log.info({ apiKeyId: id, userId: auth.user.id }, 'API key revoked');
    return reply.code(204).send();
  });
}
