// Deleting an asset of a managed storage (darkroom_storage) source, which is deleting its file:
// Darkroom holds the file, so removing it is Darkroom's to do. Every other source reads its
// files from the customer's own storage, which Darkroom never writes to: there the file is
// deleted at the origin (the next re-index drops its asset), or the asset hidden.
import type { FastifyInstance } from 'fastify';
import { StorageError } from '../storage/index.ts';
import { apiError } from '../errors.ts';
import { loadAsset, refuseDemoAssetEdit } from './asset-access.ts';
import { requireAuth } from './authentication.ts';
import { describeRoutes } from './openapi/registry.ts';

export const NOT_MANAGED_DETAIL =
  'Only files kept in Darkroom Storage can be deleted here. This source reads its files from your own storage, which Darkroom never changes: delete the file there (its asset leaves the list at the next re-index), or hide the image.';

export function assetDeletionRoutes(app: FastifyInstance): void {
  const { database, origins } = app.darkroom;
  describeRoutes(app, {
    'DELETE /assets/:sourceId/*': {
      summary: 'Delete an asset and its file (Darkroom Storage sources)',
      description:
        'Deletes the file from Darkroom Storage, its asset, and its cached renders in every server process and at the CDN in front. Other sources read their files from storage Darkroom never changes: 409.',
      tag: 'Assets',
      params: {
        sourceId: 'The id of the source the asset is in.',
        '*': "The asset's path in its source, such as photos/cat.jpg (slashes included).",
      },
      answer: { status: 204, mediaType: null, description: 'Deleted.' },
      errors: [403, 404, 409],
    },
  });

  app.delete<{ Params: { sourceId: string } }>('/assets/:sourceId/*', async (request, reply) => {
    requireAuth(request);
    const { source, asset } = await loadAsset(app, request);
    refuseDemoAssetEdit(source);
    if (source.type !== 'darkroom_storage') throw apiError('conflict', NOT_MANAGED_DETAIL);
    const relative = asset.origin_path.replace(/^\/+/, '');
    try {
      await origins.options.managedFiles.within(source.id).delete(relative);
    } catch (error) {
      if (!(error instanceof StorageError)) throw error;
      request.log.error({ err: error }, 'asset deletion: the object store failed');
      throw apiError(
        'service_unavailable',
        'The file could not be deleted just now, so the asset is kept. Try again shortly.',
      );
    }
    await database.db.deleteFrom('assets').where('id', '=', asset.id).execute();
    // Delivery keys renders by the path without its leading slash (origin-path.ts).
    await app.delivery.purge(source.id, relative);
    return reply.code(204).send();
  });
}
