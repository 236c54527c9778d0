import type { Selectable } from 'kysely';
import type { CreatedAt, Json } from './columns.ts';

export type AuditDetails = Record<string, string | number | boolean | null | string[]>;

/** The account audit log (migration 0018). */
export interface AuditEventsTable {
  id: string;
  /** Null for a failed sign-in with an email no user has. */
  account_id: string | null;
  action: string;
  actor_user_id: string | null;
  actor_name: string | null;
  actor_api_key_id: string | null;
  impersonator_user_id: string | null;
  target_type: string | null;
  target_id: string | null;
  details: Json<AuditDetails>;
  ip: string;
  user_agent: string;
  created_at: CreatedAt;
}

export type AuditEventRow = Selectable<AuditEventsTable>;
