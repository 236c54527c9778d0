import type { Selectable } from 'kysely';
import type { CreatedAt, NullableTimestamp } from './columns.ts';

/** What an emailed one-time link lets its holder do. */
export type UserTokenPurpose = 'invitation' | 'password_reset';

/** Invitation and password-reset links (migration 0019); only a token's sha256 is stored. */
export interface UserTokensTable {
  id: string;
  user_id: string;
  purpose: UserTokenPurpose;
  token_hash: string;
  expires_at: Date;
  /** Set when the link is used; a used link never works again. */
  used_at: NullableTimestamp;
  created_at: CreatedAt;
}

export type UserTokenRow = Selectable<UserTokensTable>;
