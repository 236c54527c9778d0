/** Request counts shared across processes on PostgreSQL (migration 0023); keys are sha256. */
export interface RateLimitWindowsTable {
  key_hash: string;
  /** Requests counted in the window, the one that ended it included. */
  count: number;
  /** When the window ends; the next request starts a new one. */
  resets_at: Date;
}

/** Failed password sign-ins per email (migration 0023), keyed by the email's sha256. */
export interface SignInFailuresTable {
  email_hash: string;
  /** Failures of the current run, capped one past the lockout threshold. */
  failures: number;
  last_failed_at: Date;
}
