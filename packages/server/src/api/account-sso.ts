import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AccountRow } from '../db/schema.ts';
import { apiError, attributeErrors } from '../errors.ts';
import { findAccount } from '../store/accounts.ts';
import { setRequireSso } from '../store/account-sso.ts';
import { findUser } from '../store/users.ts';
import { requireAuth } from './authentication.ts';
import type { SessionAuth } from './context.ts';
import { sendData } from './documents.ts';
import { fieldError } from './field-errors.ts';
import { describeRoutes } from './openapi/registry.ts';
import { requestAttributes } from './request-document.ts';

const RESOURCE_TYPE = 'sso_settings';
const POINTER = '/data/attributes/require_sso';

/** A PATCH's attributes: `require_sso` and nothing else. */
const ssoSettingsPatchSchema = z.strictObject({ require_sso: z.boolean() });

/**
 * `account/sso`: whether the caller's account requires single sign-on (Account Admin). Turning it
 * on needs single sign-on configured on the install, and the admin's own last sign-in to have gone
 * through it: proof that it works for them, so they cannot lock themselves out.
 */
export function accountSsoRoutes(app: FastifyInstance): void {
  const { oidc } = app.darkroom.config;
  describeRoutes(app, {
    'GET /account/sso': {
      summary: "The account's single sign-on requirement",
      description:
        "Whether the install has a single sign-on provider (`available`), whether the account requires it, and whether the caller's own last sign-in went through it.",
      tag: 'Single sign-on',
      answer: { status: 200, resource: RESOURCE_TYPE },
    },
    'PATCH /account/sso': {
      summary: 'Require single sign-on, or stop requiring it',
      description:
        "While required, the password sign-ins of the account's users are refused (403 `sso_required`); install admins keep theirs. Turning it on needs a provider configured and the caller's own last sign-in to have gone through it.",
      tag: 'Single sign-on',
      refusesApiKeys: true,
      body: { resource: RESOURCE_TYPE, attributes: ssoSettingsPatchSchema },
      answer: { status: 200, resource: RESOURCE_TYPE },
    },
  });

  const settingsOf = async (auth: SessionAuth, account: AccountRow) => {
    const caller = await findUser(app.darkroom.database.db, auth.user.id, auth.user.accountId);
    return {
      type: RESOURCE_TYPE,
      id: account.id,
      attributes: {
        available: oidc !== null,
        provider_name: oidc?.providerName ?? null,
        require_sso: account.require_sso,
        signed_in_with_sso: caller?.auth_provider === 'oidc',
      },
    };
  };

  app.get('/account/sso', async (request, reply) => {
    const auth = requireAuth(request);
    const { db } = app.darkroom.database;
    const account = await findAccount(db, auth.user.accountId, auth.user.accountId);
    if (!account) throw apiError('not_found', 'No account has this id.');
    return sendData(reply, 200, await settingsOf(auth, account));
  });

  app.patch('/account/sso', async (request, reply) => {
    const auth = requireAuth(request);
    if (auth.apiKey !== null) {
      throw apiError('forbidden', 'Change single sign-on from the dashboard: an API key cannot.');
    }
    const attributes = requestAttributes(request.body, RESOURCE_TYPE);
    const parsed = ssoSettingsPatchSchema.safeParse(attributes);
    if (!parsed.success) throw attributeErrors(parsed.error, attributes);
    const requireSso = parsed.data.require_sso;
    const { db } = app.darkroom.database;
    if (requireSso) {
      if (oidc === null) {
        throw fieldError(POINTER, 'Single sign-on is not configured on this Darkroom install.');
      }
      const caller = await findUser(db, auth.user.id, auth.user.accountId);
      if (caller?.auth_provider !== 'oidc') {
        throw fieldError(
          POINTER,
          `Sign out and sign in with ${oidc.providerName} first, so you know it works for you before it is the only way in.`,
        );
      }
    }
    const account = await setRequireSso(db, auth.user.accountId, requireSso);
    if (!account) throw apiError('not_found', 'No account has this id.');
    return sendData(reply, 200, await settingsOf(auth, account));
  });
}
