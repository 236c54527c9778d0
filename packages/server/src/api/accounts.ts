import {
  capabilitySetSchema,
  DAY,
  FIRST_USER_PERMISSIONS,
  paginationMeta,
  signUpSchema,
  type CapabilityName,
} from '@darkroom/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { hashPassword } from '../auth/passwords.ts';
import { accountPlanSummaries } from '../billing/account-plans.ts';
import type { AccountRow } from '../db/schema.ts';
import { isId } from '../db/ids.ts';
import { createAccount, findAccount, listAccounts, type AccountColumn } from '../store/accounts.ts';
import {
  installedCapabilitiesOf,
  newAccountCapabilities,
  setAccountCapabilities,
} from '../store/capabilities.ts';
import { createSession } from '../store/sessions.ts';
import { EmailTakenError, insertUser } from '../store/users.ts';
import { sendData } from './documents.ts';
import { apiError, attributeErrors, emailTaken } from '../errors.ts';
import { fieldError, issueErrors } from './field-errors.ts';
import { parseListQuery, type ListQueryRules } from './list-query.ts';
import { requestAttributes } from './request-document.ts';
import { scopeAccountId, type RouteScope } from './scope.ts';
import { accountResource } from './serializers.ts';
import { sendNewSession } from './session-answer.ts';
import { listParameters } from './openapi/list-parameters.ts';
import { describeRoutes } from './openapi/registry.ts';

const ACCOUNT_LIST_RULES: ListQueryRules<AccountColumn, never> = {
  sortFields: { company: 'company', date_created: 'created_at', date_modified: 'updated_at' },
  defaultSort: 'company',
  filters: [],
  includes: [],
};

/** An admin's account PATCH: the capabilities only (parseAccountPatch reads them with it). */
const accountPatchSchema = z.strictObject({ capabilities: capabilitySetSchema });

/** `accounts`: sign-up (POST, anonymous), and the caller's account (or all, for admins). */
export function accountRoutes(app: FastifyInstance, scope: RouteScope): void {
  describeRoutes(app, {
    ...(scope === 'account'
      ? {
          'POST /accounts': {
            summary: 'Sign up',
            description:
              'Creates an account with its first user, who holds Account Admin, and answers their first session with its `token`.',
            tag: 'Accounts',
            body: { resource: 'accounts', attributes: signUpSchema },
            answer: { status: 201, resource: 'sessions' },
            errors: [409],
          },
        }
      : {}),
    'GET /accounts': {
      summary: scope === 'admin' ? 'Every account' : "The caller's account",
      ...(scope === 'admin'
        ? {
            description:
              "Each account with its `plan`: the plan's name and the capabilities it grants.",
          }
        : {}),
      tag: 'Accounts',
      query: listParameters(ACCOUNT_LIST_RULES),
      answer: { status: 200, resource: 'accounts', many: true },
    },
    'GET /accounts/:id': {
      summary: 'One account',
      tag: 'Accounts',
      answer: { status: 200, resource: 'accounts' },
    },
    ...(scope === 'admin'
      ? {
          'PATCH /accounts/:id': {
            summary: "Grant an account's premium capabilities",
            tag: 'Accounts',
            body: { resource: 'accounts', attributes: accountPatchSchema, id: true },
            answer: { status: 200, resource: 'accounts' },
          },
        }
      : {}),
  });

  if (scope === 'account') {
    app.post('/accounts', async (request, reply) => {
      const attributes = requestAttributes(request.body, 'accounts');
      const parsed = signUpSchema.safeParse(attributes);
      if (!parsed.success) throw attributeErrors(parsed.error, attributes);
      const { company, name, email, password } = parsed.data;
      const passwordHash = await hashPassword(password);
      const { db } = app.darkroom.database;
      const { config } = app.darkroom;
      const ttlMs = config.sessionTtlDays * DAY;
      const capabilities = newAccountCapabilities(
        config.defaultCapabilities,
        installedCapabilitiesOf(config),
      );
      try {
        const { user, created } = await db.transaction().execute(async (trx) => {
          const account = await createAccount(trx, company, capabilities);
          // The first user of an account holds Account Admin (platform spec section 5).
          const user = await insertUser(trx, {
            accountId: account.id,
            name,
            email,
            passwordHash,
            permissions: FIRST_USER_PERMISSIONS,
          });
          const created = await createSession(trx, {
            userId: user.id,
            admin: false,
            impersonatorUserId: null,
            ttlMs,
          });
          return { user, created };
        });
        return sendNewSession(reply, user, created);
      } catch (error) {
        if (error instanceof EmailTakenError) throw emailTaken();
        throw error;
      }
    });
  }

  app.get('/accounts', async (request, reply) => {
    const accountId = scopeAccountId(request, scope);
    const query = parseListQuery(request.query as Record<string, unknown>, ACCOUNT_LIST_RULES);
    const { rows, total } = await listAccounts(app.darkroom.database.db, accountId, query);
    return sendData(reply, 200, await accountResources(rows), {
      pagination: paginationMeta(query.page, query.pageSize, total),
    });
  });

  app.get<{ Params: { id: string } }>('/accounts/:id', async (request, reply) => {
    const accountId = scopeAccountId(request, scope);
    const { id } = request.params;
    const account = isId(id)
      ? await findAccount(app.darkroom.database.db, id, accountId)
      : undefined;
    if (!account) throw apiError('not_found', 'No account has this id.');
    return sendData(reply, 200, (await accountResources([account]))[0]);
  });

  if (scope === 'admin') {
    // Only admins grant premium capabilities (editor spec section 3, 'Capabilities'); the rule
    // deciding who is premium stays off the customer's API (spec platform section 6).
    app.patch<{ Params: { id: string } }>('/accounts/:id', async (request, reply) => {
      const { id } = request.params;
      const attributes = requestAttributes(request.body, 'accounts');
      const dataId = (request.body as { data?: { id?: unknown } }).data?.id;
      if (dataId !== undefined && dataId !== id) {
        throw apiError('conflict', 'data.id must be the id in the URL.', { pointer: '/data/id' });
      }
      const capabilities = parseAccountPatch(attributes);
      const account = isId(id)
        ? await setAccountCapabilities(app.darkroom.database.db, id, capabilities)
        : undefined;
      if (!account) throw apiError('not_found', 'No account has this id.');
      return sendData(reply, 200, (await accountResources([account]))[0]);
    });
  }

  /**
   * Accounts as resources; the install administrator's also name each account's plan and what
   * it grants, so the grants an admin adds can be read beside the plan's (editor spec section 3).
   */
  async function accountResources(rows: readonly AccountRow[]) {
    if (scope !== 'admin') return rows.map(accountResource);
    const plans = await accountPlanSummaries(
      app.darkroom.database.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => {
      const resource = accountResource(row);
      const plan = plans.get(row.id);
      return plan === undefined
        ? resource
        : { ...resource, attributes: { ...resource.attributes, plan } };
    });
  }
}

/** The capabilities of an admin's account PATCH; 422 for any other attribute or unknown name. */
function parseAccountPatch(attributes: Record<string, unknown>): CapabilityName[] {
  for (const key of Object.keys(attributes)) {
    if (key !== 'capabilities') {
      throw fieldError(`/data/attributes/${key}`, 'This attribute cannot be changed.');
    }
  }
  if (attributes.capabilities === undefined) {
    throw fieldError('/data/attributes/capabilities', 'This field is required');
  }
  const parsed = accountPatchSchema.shape.capabilities.safeParse(attributes.capabilities);
  if (!parsed.success) throw issueErrors(parsed.error.issues, '/data/attributes/capabilities');
  return parsed.data;
}
