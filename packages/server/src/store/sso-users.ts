import { randomBytes } from 'node:crypto';
import { FIRST_USER_PERMISSIONS } from '@darkroom/core';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { DatabaseSchema, UserRow } from '../db/schema.ts';
import { createAccount } from './accounts.ts';
import { installedCapabilitiesOf, newAccountCapabilities } from './capabilities.ts';
import { useInvitationTokens } from './user-tokens.ts';
import { EmailTakenError, findUserByEmail, insertUser } from './users.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { VerifiedIdentity } from '../auth/oidc/identity.ts';
import { SsoFailure } from '../auth/oidc/sso-failure.ts';

/** Who a verified identity signs in as. */
export interface SsoMatch {
  user: UserRow;
  /** They were invited and had not accepted yet: this sign-in accepted the invitation. */
  acceptedInvitation: boolean;
}

/**
 * The user a verified identity signs in as: the user with that email, in any letter case, or,
 * when OIDC_ALLOW_SIGN_UP is on, a new account whose first user they become (as at sign-up).
 * A teammate invited but not yet in (no password) is let in too: the provider vouching for the
 * address proves what the emailed invitation link would (OpenID Connect Core 5.1
 * `email_verified`), so the sign-in accepts the invitation.
 */
export async function userForIdentity(
  db: Kysely<DatabaseSchema>,
  config: Pick<Config, 'oidc' | 'defaultCapabilities' | 'generative'>,
  identity: VerifiedIdentity,
): Promise<SsoMatch> {
  const existing = await findUserByEmail(db, identity.email);
  if (existing !== undefined) {
    if (existing.password_hash !== null) return { user: existing, acceptedInvitation: false };
    const accepted = await acceptInvitation(db, existing.id);
    return { user: accepted ?? existing, acceptedInvitation: accepted !== undefined };
  }
  if (config.oidc?.allowSignUp !== true) {
    throw new SsoFailure('no_account', 'no user has this email and sign-up is off', identity.email);
  }
  try {
    return { user: await signUpWithIdentity(db, config, identity), acceptedInvitation: false };
  } catch (error) {
    // A second tab finishing the same first sign-in at the same moment created the user.
    if (!(error instanceof EmailTakenError)) throw error;
    const created = await findUserByEmail(db, identity.email);
    if (created === undefined) throw error;
    return { user: created, acceptedInvitation: false };
  }
}

/**
 * The password hash of someone who signs in through the provider: the password is never told to
 * anyone, so only the provider lets them in. Resetting the password gives them one of their own.
 */
async function neverToldPasswordHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'));
}

/**
 * Gives an invited user, who has no password yet, one never told (as a user created by single
 * sign-on gets), and uses up their invitation links. The row as it is now; undefined when they
 * had a password by then (they accepted with one a moment earlier), which is left as it is.
 */
async function acceptInvitation(
  db: Kysely<DatabaseSchema>,
  userId: string,
): Promise<UserRow | undefined> {
  const passwordHash = await neverToldPasswordHash();
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where('id', '=', userId)
      .where('password_hash', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (user !== undefined) await useInvitationTokens(trx, userId);
    return user;
  });
}

async function signUpWithIdentity(
  db: Kysely<DatabaseSchema>,
  config: Pick<Config, 'defaultCapabilities' | 'generative'>,
  identity: VerifiedIdentity,
): Promise<UserRow> {
  const name = identity.name ?? identity.email.split('@')[0] ?? identity.email;
  const passwordHash = await neverToldPasswordHash();
  const capabilities = newAccountCapabilities(
    config.defaultCapabilities,
    installedCapabilitiesOf(config),
  );
  return db.transaction().execute(async (trx) => {
    // The provider knows no company: the account takes its first user's name.
    const account = await createAccount(trx, name, capabilities);
    // The first user of an account holds Account Admin (platform spec section 5).
    return insertUser(trx, {
      accountId: account.id,
      name,
      email: identity.email,
      passwordHash,
      permissions: FIRST_USER_PERMISSIONS,
    });
  });
}
