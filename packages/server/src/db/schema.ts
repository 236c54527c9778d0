// The database as Kysely sees it. The tables are declared by what they hold under tables/ and
// re-exported here, so every module imports its row types from this one place.
import type {
  AccountsTable,
  EventsTable,
  ImpersonationAuditTable,
  SessionsTable,
  UsersTable,
} from './tables/accounts.ts';
import type {
  AssetAltTextSettingsTable,
  AssetIndexRunsTable,
  AssetsTable,
} from './tables/assets.ts';
import type {
  BillingInvoicesTable,
  BillingPricesTable,
  BillingSubscriptionsTable,
  BillingWebhookEventsTable,
} from './tables/billing.ts';
import type { JobsTable } from './tables/jobs.ts';
import type { SourceDomainsTable, SourcesTable } from './tables/sources.ts';
import type {
  UsageBatchesTable,
  UsageEventsTable,
  UsageRollupStateTable,
  UsageRollupsTable,
  UserAgentLabelsTable,
} from './tables/usage.ts';
import type { VideoGenerationsTable } from './tables/video-generations.ts';
import type { ApiKeysTable } from './tables/api-keys.ts';
import type { InstallFactsTable } from './tables/install-facts.ts';
import type { RateLimitWindowsTable, SignInFailuresTable } from './tables/rate-limits.ts';
import type { ClusterEventsTable } from './tables/cluster-events.ts';
import type { AuditEventsTable } from './tables/audit-events.ts';
import type { SsoAuthCodesTable } from './tables/sso-auth-codes.ts';
import type { UploadSessionsTable } from './tables/upload-sessions.ts';
import type { UserTokensTable } from './tables/user-tokens.ts';
import type { HeldDomainsTable, PurgesTable } from './tables/purges.ts';
import type { ExperimentAssignmentsTable } from './tables/experiments.ts';

export type * from './tables/accounts.ts';
export type * from './tables/api-keys.ts';
export type * from './tables/audit-events.ts';
export type * from './tables/assets.ts';
export type * from './tables/billing.ts';
export type * from './tables/cluster-events.ts';
export type * from './tables/experiments.ts';
export type * from './tables/jobs.ts';
export type * from './tables/purges.ts';
export type * from './tables/rate-limits.ts';
export type * from './tables/sources.ts';
export type * from './tables/sso-auth-codes.ts';
export type * from './tables/upload-sessions.ts';
export type * from './tables/usage.ts';
export type * from './tables/user-tokens.ts';
export type * from './tables/video-generations.ts';

export interface DatabaseSchema {
  accounts: AccountsTable;
  users: UsersTable;
  sessions: SessionsTable;
  impersonation_audit: ImpersonationAuditTable;
  events: EventsTable;
  sources: SourcesTable;
  source_domains: SourceDomainsTable;
  jobs: JobsTable;
  usage_events: UsageEventsTable;
  usage_batches: UsageBatchesTable;
  usage_rollups_hourly: UsageRollupsTable;
  usage_rollups_daily: UsageRollupsTable;
  usage_rollup_state: UsageRollupStateTable;
  user_agent_labels: UserAgentLabelsTable;
  assets: AssetsTable;
  asset_index_runs: AssetIndexRunsTable;
  asset_alt_text_settings: AssetAltTextSettingsTable;
  billing_prices: BillingPricesTable;
  billing_subscriptions: BillingSubscriptionsTable;
  billing_invoices: BillingInvoicesTable;
  billing_webhook_events: BillingWebhookEventsTable;
  video_generations: VideoGenerationsTable;
  api_keys: ApiKeysTable;
  install_facts: InstallFactsTable;
  audit_events: AuditEventsTable;
  sso_auth_codes: SsoAuthCodesTable;
  upload_sessions: UploadSessionsTable;
  user_tokens: UserTokensTable;
  rate_limit_windows: RateLimitWindowsTable;
  sign_in_failures: SignInFailuresTable;
  cluster_events: ClusterEventsTable;
  purges: PurgesTable;
  held_domains: HeldDomainsTable;
  experiment_assignments: ExperimentAssignmentsTable;
}
