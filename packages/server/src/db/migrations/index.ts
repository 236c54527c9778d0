import { accounts } from './0001_accounts.ts';
import { users } from './0002_users.ts';
import { sessions } from './0003_sessions.ts';
import { impersonationAudit } from './0004_impersonation_audit.ts';
import { events } from './0005_events.ts';
import { sources } from './0006_sources.ts';
import { jobs } from './0007_jobs.ts';
import { usageEvents } from './0008_usage_events.ts';
import { assets } from './0009_assets.ts';
import { capabilities } from './0010_capabilities.ts';
import { aiAnalysis } from './0011_ai_analysis.ts';
import { usageRollups } from './0012_usage_rollups.ts';
import { billing } from './0013_billing.ts';
import { video } from './0014_video.ts';
import { videoGenerations } from './0015_video_generations.ts';
import { permissionGroups } from './0016_permission_groups.ts';
import { apiKeys } from './0017_api_keys.ts';
import { auditEvents } from './0018_audit_events.ts';
import { userTokens } from './0019_user_tokens.ts';
import { singleSignOn } from './0020_single_sign_on.ts';
import { managementApi } from './0021_management_api.ts';
import { installFacts } from './0022_install_facts.ts';
import { rateLimits } from './0023_rate_limits.ts';
import { clusterEvents } from './0024_cluster_events.ts';
import { jobKeys } from './0025_job_keys.ts';
import { usageBatches } from './0026_usage_batches.ts';
import { purgesAndDeletion } from './0027_purges_and_deletion.ts';
import { originAuthentication } from './0028_origin_authentication.ts';
import { firstServed } from './0031_first_served.ts';
import { uploadCredentials } from './0032_upload_credentials.ts';
import { experimentAssignments } from './0033_experiment_assignments.ts';
import type { Migration } from './migration.ts';

/** Every migration in the order it is applied; append, never reorder or edit. */
export const MIGRATIONS: readonly Migration[] = [
  accounts,
  users,
  sessions,
  impersonationAudit,
  events,
  sources,
  jobs,
  usageEvents,
  assets,
  capabilities,
  aiAnalysis,
  usageRollups,
  billing,
  video,
  videoGenerations,
  permissionGroups,
  apiKeys,
  auditEvents,
  userTokens,
  singleSignOn,
  managementApi,
  installFacts,
  rateLimits,
  clusterEvents,
  jobKeys,
  usageBatches,
  purgesAndDeletion,
  originAuthentication,
  firstServed,
  uploadCredentials,
  experimentAssignments,
];
