// imgix's Management API under /api/v1 (docs.imgix.com/apis/management), mounted for the
// caller's account only: the same API keys (`Authorization: Bearer drk_key_...`) and permission
// groups as /api/v4, each route's group in its own table (route-rules.ts), purges and source
// changes in the audit log as /api/v4's are.
import type { FastifyInstance } from 'fastify';
import { auditRoutes } from '../audit-log.ts';
import { enforceRouteRules } from '../route-permissions.ts';
import { managementAssetRoutes } from './assets.ts';
import { MANAGEMENT_API_PREFIX } from './prefix.ts';
import { managementPurgeRoutes } from './purge.ts';
import { managementReportRoutes } from './reports.ts';
import { MANAGEMENT_ROUTE_RULES } from './route-rules.ts';
import { managementSourceRoutes } from './sources.ts';
import { acceptRawBodies } from './upload-files.ts';
import { managementSessionUploadRoutes, managementUploadSessionRoutes } from './upload-sessions.ts';
import { managementUploadRoutes } from './uploads.ts';

export { MANAGEMENT_API_PREFIX } from './prefix.ts';
export { MANAGEMENT_ROUTE_RULES } from './route-rules.ts';

export async function registerManagementApi(app: FastifyInstance): Promise<void> {
  await app.register(
    async (api) => {
      enforceRouteRules(
        api,
        MANAGEMENT_API_PREFIX,
        MANAGEMENT_ROUTE_RULES,
        'MANAGEMENT_ROUTE_RULES (api/v1/route-rules.ts)',
      );
      auditRoutes(api, MANAGEMENT_API_PREFIX);
      managementSourceRoutes(api);
      managementPurgeRoutes(api);
      managementAssetRoutes(api);
      managementUploadSessionRoutes(api);
      managementReportRoutes(api);
      // The file uploads read their raw body themselves.
      await api.register(async (uploads) => {
        acceptRawBodies(uploads);
        managementUploadRoutes(uploads);
        managementSessionUploadRoutes(uploads);
      });
    },
    { prefix: MANAGEMENT_API_PREFIX },
  );
}
