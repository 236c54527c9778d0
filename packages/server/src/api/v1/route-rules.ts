// Which permission group each route of imgix's Management API (/api/v1) needs: imgix's own
// assignment (docs.imgix.com/apis/management: "All Source operations require the Sources
// permission", purges the Purge permission, GET asset operations Asset Manager Browse and all
// other asset operations Asset Manager Edit, reports Analytics). The app refuses to start with a
// route under /api/v1 this table does not name (api/route-permissions.ts, enforceRouteRules).
import type { RouteRule } from '../route-permissions.ts';

/** `METHOD path` under /api/v1 (HEAD answers as GET does) to the rule it follows. */
export const MANAGEMENT_ROUTE_RULES: Readonly<Record<string, RouteRule>> = {
  // Sources: unlike /api/v4, where every user sees the list, imgix asks the Sources group even
  // to read one (its deployment holds bucket names and, when signing is on, the signing token).
  'GET /sources': 'sources',
  'GET /sources/:id': 'sources',
  'POST /sources': 'sources',
  'PATCH /sources/:id': 'sources',
  // Purges, by URL or as a sub-image.
  'POST /purge': 'purge',
  // Assets of a source.
  'GET /sources/:id/assets': 'asset_manager_browse',
  'GET /sources/:id/assets/*': 'asset_manager_browse',
  'PATCH /sources/:id/assets/*': 'asset_manager_edit',
  // The older asset paths imgix-management-js's README still shows.
  'GET /assets/:id': 'asset_manager_browse',
  'GET /assets/:id/*': 'asset_manager_browse',
  // Uploads: imgix's documented path, and the one imgix-management-js's README shows. Replacing
  // a file (?overwrite=true) also needs the Purge group, checked by the handler.
  'POST /sources/:id/upload/*': 'asset_manager_edit',
  'POST /sources/upload/:sourceId/*': 'asset_manager_edit',
  // Upload sessions: opened and closed with the Asset Manager Edit group; the file itself goes
  // to the session's upload URL, which its secret authorizes as a presigned storage URL would.
  'POST /sources/:id/upload-sessions/*': 'asset_manager_edit',
  'PUT /upload-sessions/:sessionId': 'public',
  // Reports.
  'GET /reports': 'analytics',
  'GET /reports/:reportId': 'analytics',
  'GET /reports/:reportId/files/:fileName': 'analytics',
};
