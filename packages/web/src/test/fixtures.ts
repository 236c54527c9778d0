import { effectivePermissions, type PermissionGroup } from '@darkroom/core';
import type { Session } from '../app/session.ts';
import { SESSION_STORAGE_KEY } from '../app/session.ts';

/** Every group, as an Account Admin's session carries them: most tests need no restriction. */
export const ALL_PERMISSIONS = effectivePermissions(['account_admin']);

/** A session restricted to `groups` (implied ones added, as the server sends them). */
export function sessionWith(session: Session, groups: PermissionGroup[]): Session {
  return { ...session, permissions: effectivePermissions(groups) };
}

export const ids = {
  user: '1'.repeat(24),
  teammate: '2'.repeat(24),
  admin: '3'.repeat(24),
  account: 'a'.repeat(24),
  otherAccount: 'b'.repeat(24),
};

export const userSession: Session = {
  token: 'user-token',
  admin: false,
  impersonating: false,
  userId: ids.user,
  accountId: ids.account,
  permissions: ALL_PERMISSIONS,
};

export const adminSession: Session = {
  token: 'admin-token',
  admin: true,
  impersonating: false,
  userId: ids.admin,
  accountId: ids.otherAccount,
  permissions: ALL_PERMISSIONS,
};

export const impersonationSession: Session = {
  token: 'impersonation-token',
  admin: false,
  impersonating: true,
  userId: ids.user,
  accountId: ids.account,
  permissions: ALL_PERMISSIONS,
};

/** Puts a session in storage as a previous visit would have left it (before modules load). */
export function storeSession(session: Session, key = SESSION_STORAGE_KEY): void {
  window.localStorage.setItem(key, JSON.stringify(session));
}

export function userResource(
  id: string,
  name: string,
  email: string,
  extra: {
    admin?: boolean;
    account_id?: string;
    date_created?: number;
    permissions?: PermissionGroup[];
    date_invitation_expires?: number | null;
  } = {},
) {
  return {
    type: 'users',
    id,
    attributes: {
      name,
      email,
      admin: extra.admin ?? false,
      permissions: extra.permissions ?? ['account_admin'],
      account_id: extra.account_id ?? ids.account,
      date_created: extra.date_created ?? Date.UTC(2025, 0, 15, 12),
      date_modified: extra.date_created ?? Date.UTC(2025, 0, 15, 12),
      date_invitation_expires: extra.date_invitation_expires ?? null,
    },
    relationships: { account: { data: { type: 'accounts', id: extra.account_id ?? ids.account } } },
  };
}

export function sessionResource(session: Session) {
  return {
    type: 'sessions',
    id: 'f'.repeat(24),
    attributes: {
      ...(session.token ? { token: session.token } : {}),
      admin: session.admin,
      impersonating: session.impersonating,
      user_id: session.userId,
      account_id: session.accountId,
      permissions: session.permissions ?? ALL_PERMISSIONS,
    },
  };
}
