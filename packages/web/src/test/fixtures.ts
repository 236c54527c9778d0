import type { Session } from '../app/session.ts';
import { SESSION_STORAGE_KEY } from '../app/session.ts';

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
};

export const adminSession: Session = {
  token: 'admin-token',
  admin: true,
  impersonating: false,
  userId: ids.admin,
  accountId: ids.otherAccount,
};

export const impersonationSession: Session = {
  token: 'impersonation-token',
  admin: false,
  impersonating: true,
  userId: ids.user,
  accountId: ids.account,
};

/** Puts a session in storage as a previous visit would have left it (before modules load). */
export function storeSession(session: Session, key = SESSION_STORAGE_KEY): void {
  window.localStorage.setItem(key, JSON.stringify(session));
}

export function userResource(
  id: string,
  name: string,
  email: string,
  extra: { admin?: boolean; account_id?: string; date_created?: number } = {},
) {
  return {
    type: 'users',
    id,
    attributes: {
      name,
      email,
      admin: extra.admin ?? false,
      account_id: extra.account_id ?? ids.account,
      date_created: extra.date_created ?? Date.UTC(2025, 0, 15, 12),
      date_modified: extra.date_created ?? Date.UTC(2025, 0, 15, 12),
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
    },
  };
}
