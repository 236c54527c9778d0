import type { PermissionGroup } from './permissions.ts';
import type { CapabilityName } from '../capabilities/names.ts';

/** Attributes of a `sessions` resource. `token` is present only when the session is created. */
export interface SessionAttributes {
  token?: string;
  admin: boolean;
  impersonating: boolean;
  user_id: string;
  account_id: string;
  /** The permission groups of the session's user, implied ones included (platform spec section 5). */
  permissions: PermissionGroup[];
}

/** Attributes of a `users` resource. */
export interface UserAttributes {
  name: string;
  email: string;
  admin: boolean;
  /** The permission groups the user holds (platform spec section 5), as granted. */
  permissions: PermissionGroup[];
  account_id: string;
  date_created: number;
  date_modified: number;
}

/** Attributes of an `accounts` resource. */
export interface AccountAttributes {
  company: string;
  webproxy_access: boolean;
  /** The premium capabilities the account grants to all its sources (editor spec section 3). */
  capabilities: CapabilityName[];
  date_created: number;
  date_modified: number;
}

/** Attributes of an `api_keys` resource. `key` is present only in the answer that creates it. */
export interface ApiKeyAttributes {
  key?: string;
  name: string;
  /** The groups the key was given (platform spec section 5). */
  permissions: PermissionGroup[];
  /** The key's last four characters. */
  hint: string;
  created_by: string;
  date_created: number;
  date_last_used: number | null;
  date_expires: number | null;
}
