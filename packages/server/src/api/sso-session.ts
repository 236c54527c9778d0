import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { UserRow } from '../db/schema.ts';
import { apiError, attributeErrors } from '../errors.ts';
import { consumeSsoAuthCode } from '../store/sso-auth-codes.ts';
import { findUser } from '../store/users.ts';
import { SSO_CODE_COOKIE, ssoCodeCookieOptions } from './sso-links.ts';

/** POST /sessions with `sso_auth_code` instead of an email and password. */
const ssoSignInSchema = z.strictObject({ sso_auth_code: z.string().min(1).max(200) });

/** Whether a sign-in's attributes carry a single sign-on code rather than a password. */
export function isSsoSignIn(attributes: Record<string, unknown>): boolean {
  return Object.hasOwn(attributes, 'sso_auth_code');
}

/**
 * The user whose finished single sign-on the code stands for; 401 once used, expired, or brought
 * by another browser than the one the callback gave it to (its cookie, api/sso-links.ts).
 */
export async function userOfSsoCode(
  request: FastifyRequest,
  reply: FastifyReply,
  attributes: Record<string, unknown>,
): Promise<UserRow> {
  const parsed = ssoSignInSchema.safeParse(attributes);
  if (!parsed.success) throw attributeErrors(parsed.error, attributes);
  const { config, database } = request.server.darkroom;
  const browserKey = request.cookies[SSO_CODE_COOKIE];
  reply.clearCookie(SSO_CODE_COOKIE, ssoCodeCookieOptions(config));
  const userId = await consumeSsoAuthCode(database.db, parsed.data.sso_auth_code, browserKey);
  const user = userId === undefined ? undefined : await findUser(database.db, userId, null);
  if (user === undefined) {
    throw apiError(
      'invalid_credentials',
      'This single sign-on has expired or was already used: sign in again.',
    );
  }
  return user;
}
