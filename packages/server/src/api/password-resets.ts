// Forgotten passwords (OWASP Forgot Password Cheat Sheet): asking sends a link valid
// PASSWORD_RESET_TTL_MS and once, with the same answer, in about the same time, whether or not
// the address has an account; using it sets the password, signs the user out everywhere and
// emails them that the password was changed.
import {
  HOUR,
  PASSWORD_RESET_TTL_MS,
  passwordResetRequestSchema,
  passwordResetSchema,
} from '@darkroom/core';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../auth/passwords.ts';
import { attributeErrors } from '../errors.ts';
import { passwordChangedMessage, passwordResetMessage } from '../mail/messages.ts';
import { revokeUserSessions } from '../store/sessions.ts';
import { createUserToken, deleteUnusedUserTokens, useUserToken } from '../store/user-tokens.ts';
import { findUserByEmail, setUserPassword } from '../store/users.ts';
import { recordAs } from './audit-log.ts';
import { sendData } from './documents.ts';
import { linkGone, usableLinkToken } from './link-tokens.ts';
import { describeRoutes } from './openapi/registry.ts';
import { rateLimited, rateLimiterFor } from './rate-limit.ts';
import { requestAttributes } from './request-document.ts';
import { ssoProviderRequiredOf, ssoRequired } from './sso-requirement.ts';

/**
 * Reset emails one address may be sent per hour, whoever asks: more would let anyone flood an
 * inbox. Counted for every address asked about, so the limit says nothing of which exist, and,
 * on PostgreSQL, by all the processes together (api/rate-limit.ts).
 */
export const PASSWORD_RESETS_PER_ADDRESS_PER_HOUR = 5;

/** `password-resets`: asking for a link (public), and using one (public: the token is the credential). */
export function passwordResetRoutes(app: FastifyInstance): void {
  const perAddress = rateLimiterFor(app, HOUR);
  describeRoutes(app, {
    'POST /password-resets': {
      summary: 'Ask for a password-reset link',
      description: `Emails the address a link valid one hour, if an account has it; the answer is the same either way. At most ${PASSWORD_RESETS_PER_ADDRESS_PER_HOUR} requests per address per hour.`,
      tag: 'Sessions',
      body: { resource: 'password_resets', attributes: passwordResetRequestSchema },
      answer: {
        status: 202,
        resource: null,
        description: 'Accepted: a link is on its way if the address has an account.',
      },
    },
    'POST /password-resets/:token': {
      summary: 'Reset a password',
      description:
        'Sets the new password, uses the link up, ends every session of the user and emails them that it changed; they then sign in with it. Refused (403 `sso_required`) while their account requires single sign-on, unless they are an install admin.',
      tag: 'Sessions',
      params: { token: 'The token of the emailed link: what follows `#` in it.' },
      body: { resource: 'password_resets', attributes: passwordResetSchema },
      answer: { status: 204, mediaType: null, description: 'The password is changed.' },
      errors: [403, 404, 410],
    },
  });

  app.post('/password-resets', async (request, reply) => {
    const attributes = requestAttributes(request.body, 'password_resets');
    const parsed = passwordResetRequestSchema.safeParse(attributes);
    if (!parsed.success) throw attributeErrors(parsed.error, attributes);
    const { email } = parsed.data;
    const wait = await perAddress.hit([
      { key: `password-reset:${email}`, limit: PASSWORD_RESETS_PER_ADDRESS_PER_HOUR },
    ]);
    if (wait !== null) throw rateLimited(wait);
    const { config, database, mailer } = app.darkroom;
    const { db } = database;
    const user = await findUserByEmail(db, email);
    if (user !== undefined) {
      // The link is made and sent after the answer, which is the same either way.
      mailer.sendInBackground(async () => {
        const { row, token } = await createUserToken(db, {
          userId: user.id,
          purpose: 'password_reset',
          ttlMs: PASSWORD_RESET_TTL_MS,
        });
        // The newest link replaces any earlier one.
        await deleteUnusedUserTokens(db, user.id, {
          purpose: 'password_reset',
          createdBefore: row.created_at,
        });
        await recordAs(
          request,
          'user.password_reset_requested',
          { type: 'users', id: user.id },
          {},
          user.account_id,
        );
        return passwordResetMessage(config.publicUrl, {
          to: user.email,
          token,
          expiresAt: row.expires_at,
        });
      });
    }
    return sendData(reply, 202, null);
  });

  app.post<{ Params: { token: string } }>('/password-resets/:token', async (request, reply) => {
    const { config, database, mailer } = app.darkroom;
    const { db } = database;
    const presented = await usableLinkToken(db, request.params.token, 'password_reset');
    // A reset is a way in like signing in (OWASP Forgot Password Cheat Sheet), so it answers to
    // the account's single sign-on requirement as a password sign-in does (api/sso-requirement.ts):
    // a password set behind the provider's back would let in, once the requirement is turned off,
    // someone the provider has shut out who still reads the mailbox, and the reset would sign the
    // user out everywhere. It is judged here, when the link is used, and not when it is asked for:
    // the email still goes out, so the link works for an install admin (break-glass) and if the
    // requirement is turned off within its hour, and what counts is the requirement at use time.
    const ssoProviderName = await ssoProviderRequiredOf(db, config.oidc, presented.user);
    if (ssoProviderName !== null) throw ssoRequired(ssoProviderName);
    const attributes = requestAttributes(request.body, 'password_resets');
    const parsed = passwordResetSchema.safeParse(attributes);
    if (!parsed.success) throw attributeErrors(parsed.error, attributes);
    const passwordHash = await hashPassword(parsed.data.password);
    const { user } = presented;
    await db.transaction().execute(async (trx) => {
      // Only one of two requests racing with the same link gets past this.
      if (!(await useUserToken(trx, presented.token.id))) throw linkGone('password_reset', 'used');
      await setUserPassword(trx, user.id, passwordHash);
      // Any other link (an invitation not yet accepted, an older reset) stops working, and so does
      // every session: whoever knew the old password is signed out.
      await deleteUnusedUserTokens(trx, user.id);
      await revokeUserSessions(trx, user.id);
    });
    const changedAt = new Date();
    await recordAs(
      request,
      'user.password_reset',
      { type: 'users', id: user.id },
      {},
      user.account_id,
    );
    // Sent after the answer, as the reset email is; a failure is logged and changes nothing.
    mailer.sendInBackground(async () =>
      passwordChangedMessage(config.publicUrl, { to: user.email, changedAt }),
    );
    return reply.code(204).send();
  });
}
