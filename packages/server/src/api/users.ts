import {
  newUserSchema,
  paginationMeta,
  userPatchSchema,
  type PermissionGroup,
} from '@darkroom/core';
import type { Kysely } from 'kysely';
import type { DatabaseSchema, UserRow } from '../db/schema.ts';
import type { FastifyInstance } from 'fastify';
import { checkUserAllowance } from '../billing/limits.ts';
import { hashPassword } from '../auth/passwords.ts';
import { isId } from '../db/ids.ts';
import { findAccounts } from '../store/accounts.ts';
import {
  countAccountAdmins,
  deleteUser,
  EmailTakenError,
  findUser,
  insertUser,
  listUsers,
  lockAccountUsers,
  updateUser,
  type UserColumn,
} from '../store/users.ts';
import { pendingInvitationExpiries } from '../store/user-tokens.ts';
import { requireAuth } from './authentication.ts';
import { sendData } from './documents.ts';
import { sendInvitation } from './invitations.ts';
import { apiError, attributeErrors, emailTaken, type ApiError } from '../errors.ts';
import { parseInclude, parseListQuery, type ListQueryRules } from './list-query.ts';
import { includeParameter, listParameters } from './openapi/list-parameters.ts';
import { describeRoutes } from './openapi/registry.ts';
import { requestAttributes } from './request-document.ts';
import { scopeAccountId, type RouteScope } from './scope.ts';
import { accountResource, userResource, type UserResource } from './serializers.ts';

const USER_LIST_RULES: ListQueryRules<UserColumn, 'account_id' | 'email'> = {
  sortFields: {
    name: 'name',
    email: 'email',
    date_created: 'created_at',
    date_modified: 'updated_at',
  },
  defaultSort: 'name',
  filters: ['account_id', 'email'],
  includes: ['account'],
};

function losesAccountAdmin(
  before: readonly PermissionGroup[],
  after: readonly PermissionGroup[],
): boolean {
  return before.includes('account_admin') && !after.includes('account_admin');
}

/**
 * An account always keeps an Account Admin, or nobody could manage its users again (platform
 * spec section 5). Counted inside the caller's transaction, with the account's users locked, so
 * two admins demoting each other at once cannot both succeed.
 */
async function refuseLastAccountAdmin(
  db: Kysely<DatabaseSchema>,
  accountId: string,
): Promise<void> {
  await lockAccountUsers(db, accountId);
  if ((await countAccountAdmins(db, accountId)) <= 1) {
    throw apiError(
      'conflict',
      "This is the account's last Account Admin. Make another teammate an Account Admin first.",
      { pointer: '/data/attributes/permissions' },
    );
  }
}

function notFound(): ApiError {
  return apiError('not_found', 'No user has this id.');
}

/** The users as resources, each saying when their unaccepted invitation expires. */
async function userResources(
  db: Kysely<DatabaseSchema>,
  users: readonly UserRow[],
): Promise<UserResource[]> {
  const expiries = await pendingInvitationExpiries(
    db,
    users.map((user) => user.id),
  );
  return users.map((user) => userResource(user, expiries.get(user.id) ?? null));
}

async function oneUserResource(db: Kysely<DatabaseSchema>, user: UserRow): Promise<UserResource> {
  const expiries = await pendingInvitationExpiries(db, [user.id]);
  return userResource(user, expiries.get(user.id) ?? null);
}

/**
 * `users`: the caller's teammates under /api/v4, every user under /api/v4/admin.
 * Adding a teammate exists only under /api/v4: it always joins the caller's account.
 */
export function userRoutes(app: FastifyInstance, scope: RouteScope): void {
  describeRoutes(app, {
    'GET /users': {
      summary: scope === 'admin' ? 'Every user' : "The account's users",
      tag: 'Users',
      query: listParameters(USER_LIST_RULES, {
        account_id: 'Only the users of this account.',
        email: 'Only the users whose email contains this text.',
      }),
      answer: { status: 200, resource: 'users', many: true },
    },
    'GET /users/:id': {
      summary: 'One user',
      tag: 'Users',
      query: includeParameter(USER_LIST_RULES.includes),
      answer: { status: 200, resource: 'users' },
    },
    ...(scope === 'account'
      ? {
          'POST /users': {
            summary: 'Add a teammate',
            description:
              'Without a password the teammate is invited by email and chooses their own.',
            tag: 'Users',
            body: { resource: 'users', attributes: newUserSchema },
            answer: { status: 201, resource: 'users' },
            errors: [409],
          },
          'PATCH /users/:id': {
            summary: "Change a teammate's name or permission groups",
            tag: 'Users',
            body: { resource: 'users', attributes: userPatchSchema },
            answer: { status: 200, resource: 'users' },
            errors: [409],
          },
        }
      : {}),
    'DELETE /users/:id': {
      summary: 'Remove a user',
      tag: 'Users',
      answer: { status: 204, mediaType: null, description: 'Removed.' },
      errors: [409],
    },
  });

  app.get('/users', async (request, reply) => {
    const accountId = scopeAccountId(request, scope);
    const query = parseListQuery(request.query as Record<string, unknown>, USER_LIST_RULES);
    const { db } = app.darkroom.database;
    const { rows, total } = await listUsers(
      db,
      {
        scopeAccountId: accountId,
        accountId: query.filter.account_id,
        emailContains: query.filter.email,
      },
      query,
    );
    const included = query.include.has('account')
      ? (await findAccounts(db, [...new Set(rows.map((user) => user.account_id))])).map(
          accountResource,
        )
      : undefined;
    return sendData(reply, 200, await userResources(db, rows), {
      ...(included ? { included } : {}),
      pagination: paginationMeta(query.page, query.pageSize, total),
    });
  });

  app.get<{ Params: { id: string } }>('/users/:id', async (request, reply) => {
    const accountId = scopeAccountId(request, scope);
    const { id } = request.params;
    const user = isId(id) ? await findUser(app.darkroom.database.db, id, accountId) : undefined;
    if (!user) throw notFound();
    const include = parseInclude(
      request.query as Record<string, unknown>,
      USER_LIST_RULES.includes,
    );
    const included = include.has('account')
      ? (await findAccounts(app.darkroom.database.db, [user.account_id])).map(accountResource)
      : undefined;
    const resource = await oneUserResource(app.darkroom.database.db, user);
    return sendData(reply, 200, resource, included ? { included } : {});
  });

  if (scope === 'account') {
    app.post('/users', async (request, reply) => {
      const auth = requireAuth(request);
      const attributes = requestAttributes(request.body, 'users');
      const parsed = newUserSchema.safeParse(attributes);
      if (!parsed.success) throw attributeErrors(parsed.error, attributes);
      const { name, email, password, permissions } = parsed.data;
      if (app.darkroom.config.planLimits) {
        await checkUserAllowance(app.darkroom.database.db, auth.user.accountId);
      }
      const { db } = app.darkroom.database;
      let user: UserRow;
      try {
        user = await insertUser(db, {
          accountId: auth.user.accountId,
          name,
          email,
          // Without one, they choose their own from the invitation.
          passwordHash: password === undefined ? null : await hashPassword(password),
          permissions,
        });
      } catch (error) {
        if (error instanceof EmailTakenError) throw emailTaken();
        throw error;
      }
      if (password !== undefined) return sendData(reply, 201, userResource(user));
      try {
        const invitation = await sendInvitation(request, user, auth.user.name);
        const expiresAt = new Date(invitation.attributes.date_expires);
        return sendData(reply, 201, userResource(user, expiresAt), { included: [invitation] });
      } catch (error) {
        // Nobody could ever accept an invitation that was not sent: the teammate goes too, so
        // adding them again starts afresh.
        await deleteUser(db, user.id);
        throw error;
      }
    });

    app.patch<{ Params: { id: string } }>('/users/:id', async (request, reply) => {
      const auth = requireAuth(request);
      const attributes = requestAttributes(request.body, 'users');
      const parsed = userPatchSchema.safeParse(attributes);
      if (!parsed.success) throw attributeErrors(parsed.error, attributes);
      const { id } = request.params;
      const { db } = app.darkroom.database;
      const updated = await db.transaction().execute(async (trx) => {
        const user = isId(id) ? await findUser(trx, id, auth.user.accountId) : undefined;
        if (!user) throw notFound();
        const { permissions } = parsed.data;
        if (permissions !== undefined && losesAccountAdmin(user.permissions, permissions)) {
          await refuseLastAccountAdmin(trx, user.account_id);
        }
        return updateUser(trx, user.id, parsed.data);
      });
      if (!updated) throw notFound();
      return sendData(reply, 200, await oneUserResource(db, updated));
    });
  }

  app.delete<{ Params: { id: string } }>('/users/:id', async (request, reply) => {
    const auth = requireAuth(request);
    const accountId = scopeAccountId(request, scope);
    const { id } = request.params;
    const { db } = app.darkroom.database;
    const user = isId(id) ? await findUser(db, id, accountId) : undefined;
    if (!user) throw notFound();
    if (user.id === auth.user.id) {
      throw apiError('conflict', 'You cannot delete yourself.');
    }
    await db.transaction().execute(async (trx) => {
      // An install administrator may remove an account's last user; its own admins may not.
      if (scope === 'account' && user.permissions.includes('account_admin')) {
        await refuseLastAccountAdmin(trx, user.account_id);
      }
      await deleteUser(trx, user.id);
    });
    return reply.code(204).send();
  });
}
