// Invitations: a teammate added without a password gets an emailed link, valid INVITATION_TTL_MS
// and once, where they choose their own password and are signed in. In an account that requires
// single sign-on there is no password to choose: the link sends them to the provider, and their
// first single sign-on accepts the invitation (store/sso-users.ts).
import {
  DAY,
  INVITATION_TTL_MS,
  invitationAcceptanceSchema,
  type InvitationAttributes,
  type MailDelivery,
  type ResourceObject,
} from '@darkroom/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashPassword } from '../auth/passwords.ts';
import type { UserRow, UserTokenRow } from '../db/schema.ts';
import { isId } from '../db/ids.ts';
import { apiError, attributeErrors } from '../errors.ts';
import { MailNotSentError } from '../mail/mailer.ts';
import { invitationMessage } from '../mail/messages.ts';
import { findAccounts } from '../store/accounts.ts';
import { createSession } from '../store/sessions.ts';
import {
  createUserToken,
  deleteUnusedUserTokens,
  deleteUserToken,
  useUserToken,
} from '../store/user-tokens.ts';
import { findUser, setUserPassword } from '../store/users.ts';
import { requireAuth } from './authentication.ts';
import { sendData } from './documents.ts';
import { linkGone, usableLinkToken } from './link-tokens.ts';
import { describeRoutes } from './openapi/registry.ts';
import { requestAttributes } from './request-document.ts';
import { sendNewSession } from './session-answer.ts';
import { requiredSsoProvider, ssoProviderRequiredOf, ssoRequired } from './sso-requirement.ts';

export type InvitationResource = ResourceObject<'invitations', InvitationAttributes>;

function invitationResource(
  token: UserTokenRow,
  user: UserRow,
  company: string,
  delivery: MailDelivery | null,
  ssoProviderName: string | null,
): InvitationResource {
  return {
    type: 'invitations',
    id: token.id,
    attributes: {
      user_id: user.id,
      email: user.email,
      name: user.name,
      company,
      date_expires: token.expires_at.getTime(),
      delivery,
      sign_in: ssoProviderName === null ? 'password' : 'sso',
      sso_provider_name: ssoProviderName,
    },
  };
}

/**
 * Emails `user` a new invitation from `inviterName`. Once it is sent, older links of theirs stop
 * working; when it cannot be sent, the new link is deleted and 502 says so (nothing half-made).
 */
export async function sendInvitation(
  request: FastifyRequest,
  user: UserRow,
  inviterName: string,
): Promise<InvitationResource> {
  const { config, database, mailer } = request.server.darkroom;
  const { db } = database;
  const [account] = await findAccounts(db, [user.account_id]);
  const company = account?.company ?? '';
  const ssoProviderName = requiredSsoProvider(config.oidc, user, account?.require_sso === true);
  const { row, token } = await createUserToken(db, {
    userId: user.id,
    purpose: 'invitation',
    ttlMs: INVITATION_TTL_MS,
  });
  const message = invitationMessage(config.publicUrl, {
    to: user.email,
    name: user.name,
    inviterName,
    company,
    token,
    expiresAt: row.expires_at,
    ssoProviderName,
  });
  try {
    await mailer.send(message);
  } catch (error) {
    await deleteUserToken(db, row.id);
    if (!(error instanceof MailNotSentError)) throw error;
    request.log.error({ err: error }, 'invitation email not sent');
    throw apiError(
      'mail_not_sent',
      `The invitation to ${user.email} could not be sent: the mail server did not take it. Try again; if it keeps failing, ask your Darkroom administrator to check the server's mail settings (SMTP_URL).`,
    );
  }
  await deleteUnusedUserTokens(db, user.id, {
    purpose: 'invitation',
    createdBefore: row.created_at,
  });
  return invitationResource(row, user, company, mailer.delivery, ssoProviderName);
}

/**
 * Resending (Account Admin), reading an invitation by its token and accepting it (public: the
 * token is the credential). Mounted under /api/v4 only.
 */
export function invitationRoutes(app: FastifyInstance): void {
  const token = 'The token of the emailed link: what follows `#` in it.';
  describeRoutes(app, {
    'POST /users/:id/invitation': {
      summary: 'Resend an invitation',
      description:
        'Emails a teammate who has not chosen a password yet a new invitation link; earlier links stop working. `delivery` says whether it went by SMTP or, without `SMTP_URL`, to the server log.',
      tag: 'Users',
      params: { id: 'The teammate.' },
      answer: { status: 201, resource: 'invitations' },
      errors: [404, 409, 502],
    },
    'GET /invitations/:token': {
      summary: 'Read an invitation',
      description:
        'Who is invited, to which account, and until when, and how they get in: `sign_in` is `sso` when the account requires single sign-on, and then the invitation is accepted by signing in with the provider named in `sso_provider_name`. Open to the link holder.',
      tag: 'Users',
      params: { token },
      answer: { status: 200, resource: 'invitations' },
      errors: [404, 410],
    },
    'POST /invitations/:token/acceptance': {
      summary: 'Accept an invitation',
      description:
        'Sets the teammate’s password (and name, if given), uses the link up and signs them in: the answer is a new session, as signing in gives. Refused (403 `sso_required`) when the account requires single sign-on: the teammate signs in with the provider instead.',
      tag: 'Users',
      params: { token },
      body: { resource: 'invitation_acceptances', attributes: invitationAcceptanceSchema },
      answer: { status: 201, resource: 'sessions' },
      errors: [403, 404, 410],
    },
  });

  app.post<{ Params: { id: string } }>('/users/:id/invitation', async (request, reply) => {
    const auth = requireAuth(request);
    const { id } = request.params;
    const { db } = app.darkroom.database;
    const user = isId(id) ? await findUser(db, id, auth.user.accountId) : undefined;
    if (!user) throw apiError('not_found', 'No user has this id.');
    if (user.password_hash !== null) {
      throw apiError(
        'conflict',
        `${user.name} already has a password: they sign in with it, or use “Forgot password?”.`,
      );
    }
    return sendData(reply, 201, await sendInvitation(request, user, auth.user.name));
  });

  app.get<{ Params: { token: string } }>('/invitations/:token', async (request, reply) => {
    const { db } = app.darkroom.database;
    const { token, user, company } = await usableLinkToken(db, request.params.token, 'invitation');
    const ssoProviderName = await ssoProviderRequiredOf(db, app.darkroom.config.oidc, user);
    return sendData(reply, 200, invitationResource(token, user, company, null, ssoProviderName));
  });

  app.post<{ Params: { token: string } }>(
    '/invitations/:token/acceptance',
    async (request, reply) => {
      const { db } = app.darkroom.database;
      const presented = await usableLinkToken(db, request.params.token, 'invitation');
      // A password chosen here would go around the account's requirement: the teammate signs in
      // with the provider, which accepts the invitation (store/sso-users.ts).
      const ssoProviderName = await ssoProviderRequiredOf(
        db,
        app.darkroom.config.oidc,
        presented.user,
      );
      if (ssoProviderName !== null) throw ssoRequired(ssoProviderName);
      const attributes = requestAttributes(request.body, 'invitation_acceptances');
      const parsed = invitationAcceptanceSchema.safeParse(attributes);
      if (!parsed.success) throw attributeErrors(parsed.error, attributes);
      const passwordHash = await hashPassword(parsed.data.password);
      const userId = presented.user.id;
      const user = await db.transaction().execute(async (trx) => {
        // Only one of two requests racing with the same link gets past this.
        if (!(await useUserToken(trx, presented.token.id))) throw linkGone('invitation', 'used');
        await deleteUnusedUserTokens(trx, userId);
        return setUserPassword(trx, userId, passwordHash, parsed.data.name);
      });
      if (user === undefined) throw linkGone('invitation', 'used');
      const created = await createSession(db, {
        userId: user.id,
        admin: user.admin,
        impersonatorUserId: null,
        ttlMs: app.darkroom.config.sessionTtlDays * DAY,
      });
      return sendNewSession(reply, user, created);
    },
  );
}
