import type { CreatedAt } from './columns.ts';

/** One-time codes that hand a finished single sign-on to the dashboard (migration 0020). */
export interface SsoAuthCodesTable {
  /** sha256 of the code; the code itself is never stored. */
  code_hash: string;
  user_id: string;
  /** sha256 of the cookie that binds the code to the browser it was given to. */
  browser_hash: string;
  expires_at: Date;
  created_at: CreatedAt;
}
