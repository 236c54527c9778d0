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
  /**
   * When the teammate's invitation link expires, while they have not accepted it (they cannot
   * sign in until then); null once accepted, or for users who never needed one.
   */
  date_invitation_expires: number | null;
}

/** Attributes of an `accounts` resource. */
export interface AccountAttributes {
  company: string;
  webproxy_access: boolean;
  /** The premium capabilities the account grants to all its sources (editor spec section 3). */
  capabilities: CapabilityName[];
  date_created: number;
  date_modified: number;
  /** The account's plan and what it grants; only in the install administrator's answers. */
  plan?: AccountPlanSummary;
}

/** A plan as the install administrator's list of accounts shows it. */
export interface AccountPlanSummary {
  /** The product's name, e.g. 'Free' or 'Growth'. */
  name: string;
  /** The premium capabilities the plan grants on top of the account's own. */
  capabilities: CapabilityName[];
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

/** Attributes of an `audit_events` resource: one recorded action of the account's audit log. */
export interface AuditEventAttributes {
  /** Null for a failed sign-in with an email no account holds. */
  account_id: string | null;
  action: string;
  /** The user who acted (for a key, the key's creator); null when nobody was signed in. */
  actor_user_id: string | null;
  /** The actor's name when the action was recorded. */
  actor_name: string | null;
  /** The API key the request carried, if any. */
  actor_api_key_id: string | null;
  /** The install administrator acting as `actor_user_id`, when impersonating. */
  impersonator_user_id: string | null;
  target_type: string | null;
  target_id: string | null;
  /** What is worth keeping of the request: the groups given, the email tried, the URL purged. */
  details: Record<string, unknown>;
  ip: string;
  user_agent: string;
  date_created: number;
}
