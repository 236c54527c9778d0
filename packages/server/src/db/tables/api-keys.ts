import type { PermissionGroup } from '@darkroom/core';
import type { Selectable } from 'kysely';
import type { CreatedAt, Json, NullableTimestamp } from './columns.ts';

/** Account API keys (migration 0017); the key itself is never stored, only its sha256. */
export interface ApiKeysTable {
  id: string;
  account_id: string;
  /** The user the key acts for; the key goes with them. */
  created_by: string;
  name: string;
  token_hash: string;
  /** The key's last four characters, so people can tell their keys apart. */
  token_hint: string;
  permissions: Json<PermissionGroup[]>;
  expires_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  created_at: CreatedAt;
}

export type ApiKeyRow = Selectable<ApiKeysTable>;
