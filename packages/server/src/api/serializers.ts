import {
  capabilityList,
  effectivePermissions,
  type PermissionGroup,
  type AccountAttributes,
  type ResourceObject,
  type SessionAttributes,
  type UserAttributes,
} from '@darkroom/core';
import type { AccountRow, SessionRow, UserRow } from '../db/schema.ts';

// These functions decide what leaves the server: they copy named fields only, so a
// secret column (password_hash, token_hash) cannot reach a response by accident.

export type UserResource = ResourceObject<'users', UserAttributes>;
export type AccountResource = ResourceObject<'accounts', AccountAttributes>;
export type SessionResource = ResourceObject<'sessions', SessionAttributes>;

/** A user; `invitationExpiresAt` is when their unaccepted invitation expires, if they have one. */
export function userResource(user: UserRow, invitationExpiresAt: Date | null = null): UserResource {
  return {
    type: 'users',
    id: user.id,
    attributes: {
      name: user.name,
      email: user.email,
      admin: user.admin,
      permissions: user.permissions,
      account_id: user.account_id,
      date_created: user.created_at.getTime(),
      date_modified: user.updated_at.getTime(),
      date_invitation_expires: invitationExpiresAt?.getTime() ?? null,
    },
    relationships: { account: { data: { type: 'accounts', id: user.account_id } } },
  };
}

export function accountResource(account: AccountRow): AccountResource {
  return {
    type: 'accounts',
    id: account.id,
    attributes: {
      company: account.company,
      webproxy_access: account.webproxy_access,
      capabilities: capabilityList(account.capabilities),
      date_created: account.created_at.getTime(),
      date_modified: account.updated_at.getTime(),
    },
  };
}

/** A session; `token` only in the answer that creates it, as it is never stored. */
export function sessionResource(
  session: Pick<SessionRow, 'id' | 'admin' | 'impersonator_user_id'>,
  user: { id: string; accountId: string; permissions: readonly PermissionGroup[] },
  token?: string,
): SessionResource {
  return {
    type: 'sessions',
    id: session.id,
    attributes: {
      ...(token === undefined ? {} : { token }),
      admin: session.admin,
      impersonating: session.impersonator_user_id !== null,
      user_id: user.id,
      account_id: user.accountId,
      permissions: effectivePermissions(user.permissions),
    },
  };
}
