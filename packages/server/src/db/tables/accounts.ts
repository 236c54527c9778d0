// Accounts, their users and sessions, what admins did while impersonating, and the dashboard's
// event log.
import type { CapabilityName, PermissionGroup } from '@darkroom/core';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, NullableTimestamp, Timestamp } from './columns.ts';

/** How a user signs in: a password, or single sign-on through the OpenID Connect provider. */
export type AuthProvider = 'password' | 'oidc';

export interface AccountsTable {
  id: string;
  company: string;
  webproxy_access: Generated<boolean>;
  /** The one account that holds Darkroom's own administrators. */
  internal: Generated<boolean>;
  /** Premium capabilities granted to every source of the account (migration 0010). */
  capabilities: ColumnType<CapabilityName[], string | undefined, string>;
  /** The account's users sign in through single sign-on only (migration 0020). */
  require_sso: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: string;
  account_id: string;
  name: string;
  email: string;
  /** argon2id; null until an invited teammate chooses a password (migration 0019). */
  password_hash: string | null;
  admin: Generated<boolean>;
  /** The user's permission groups (migration 0016), as granted; never empty. */
  permissions: ColumnType<PermissionGroup[], string | undefined, string>;
  /** How the user last signed in (migration 0020); null before their first sign-in. */
  auth_provider: AuthProvider | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  /** sha256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  admin: Generated<boolean>;
  impersonator_user_id: string | null;
  created_at: CreatedAt;
  expires_at: Date;
  revoked_at: NullableTimestamp;
}

export interface ImpersonationAuditTable {
  id: string;
  session_id: string;
  admin_user_id: string;
  impersonated_user_id: string;
  method: string;
  path: string;
  status: number;
  created_at: CreatedAt;
}

export type EventProperties = Record<string, string | number | boolean | null>;

export interface EventsTable {
  id: string;
  account_id: string;
  user_id: string;
  name: string;
  properties: ColumnType<EventProperties, string, string>;
  created_at: CreatedAt;
}

export type AccountRow = Selectable<AccountsTable>;
export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
