import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './accounts.ts';
import { accountSsoRoutes } from './account-sso.ts';
import { apiKeyRoutes } from './api-keys.ts';
import { auditEventRoutes, auditRoutes } from './audit-log.ts';
import { adminEventRoutes } from './admin-events.ts';
import { analyticsRoutes } from './analytics.ts';
import { assetAltTextRoutes } from './asset-alt-text.ts';
import { assetDeletionRoutes } from './asset-deletion.ts';
import { assetIndexRoutes } from './asset-index.ts';
import { assetRoutes } from './assets.ts';
import { billingRoutes } from './billing.ts';
import { billingAdminRoutes, billingInvoiceRoutes } from './billing-invoices.ts';
import { billingWebhookRoutes } from './billing-webhooks.ts';
import { impersonationRoutes } from './admin-impersonations.ts';
import { requireAdminSession } from './authentication.ts';
import { eventRoutes } from './events.ts';
import { adminExperimentRoutes, experimentRoutes } from './experiments.ts';
import { hiddenAssetRoutes } from './hidden-assets.ts';
import { invitationRoutes } from './invitations.ts';
import { passwordResetRoutes } from './password-resets.ts';
import { internalMarkerRoutes } from './internal-marker.ts';
import { platformSettingsRoutes } from './platform-settings.ts';
import { purgeRoutes } from './purges.ts';
import { sessionRoutes } from './sessions.ts';
import { signedUrlRoutes } from './signed-urls.ts';
import { ssoRoutes } from './sso.ts';
import { sourceDeletionRoutes } from './source-deletion.ts';
import { sourceFileRoutes } from './source-files.ts';
import { sourceOriginAuthRoutes } from './source-origin-auth.ts';
import { sourceUploadCredentialRoutes } from './source-upload-credentials.ts';
import { sourceRoutes } from './sources.ts';
import { API_PREFIX } from './prefix.ts';
import { enforceRouteRules } from './route-permissions.ts';
import { userRoutes } from './users.ts';
import { registerManagementApi } from './v1/index.ts';
import { validationRoutes } from './validations.ts';
import { videoGenerationRoutes } from './video-generations.ts';

/**
 * Mounts the resource modules twice: under /api/v4 scoped to the caller's account, and
 * under /api/v4/admin across every account for admin sessions (others get a plain 404,
 * so the admin routes are not revealed). imgix's Management API follows under /api/v1.
 */
export async function registerApiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(
    async (api) => {
      enforceRouteRules(api, API_PREFIX);
      auditRoutes(api, API_PREFIX);
      auditEventRoutes(api, 'account');
      accountRoutes(api, 'account');
      apiKeyRoutes(api);
      sessionRoutes(api);
      ssoRoutes(api);
      accountSsoRoutes(api);
      userRoutes(api, 'account');
      invitationRoutes(api);
      passwordResetRoutes(api);
      eventRoutes(api);
      experimentRoutes(api);
      analyticsRoutes(api);
      platformSettingsRoutes(api);
      internalMarkerRoutes(api);
      sourceRoutes(api, 'account');
      sourceOriginAuthRoutes(api);
      sourceUploadCredentialRoutes(api);
      signedUrlRoutes(api);
      validationRoutes(api);
      purgeRoutes(api);
      sourceDeletionRoutes(api);
      hiddenAssetRoutes(api);
      assetRoutes(api);
      assetDeletionRoutes(api);
      assetIndexRoutes(api);
      assetAltTextRoutes(api);
      videoGenerationRoutes(api);
      await sourceFileRoutes(api);
      await billingRoutes(api);
      billingInvoiceRoutes(api);
      await billingWebhookRoutes(api);
    },
    { prefix: API_PREFIX },
  );
  await app.register(
    async (admin) => {
      admin.addHook('onRequest', requireAdminSession);
      auditRoutes(admin, `${API_PREFIX}/admin`);
      auditEventRoutes(admin, 'admin');
      accountRoutes(admin, 'admin');
      userRoutes(admin, 'admin');
      sourceRoutes(admin, 'admin');
      impersonationRoutes(admin);
      adminEventRoutes(admin);
      adminExperimentRoutes(admin);
      billingAdminRoutes(admin);
    },
    { prefix: `${API_PREFIX}/admin` },
  );
  // imgix's Management API, for the caller's account only (api/v1).
  await registerManagementApi(app);
}
