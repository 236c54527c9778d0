import type { FastifyInstance } from 'fastify';
import { refreshAsset, requestAssetIndex, type AssetIndexDependencies } from '../assets/indexer.ts';
import type { AssetIndexRunRow, AssetRow } from '../db/schema.ts';
import { findIndexRun } from '../store/assets.ts';
import { loadAsset, refuseDemoAssetEdit } from './asset-access.ts';
import { assetResource } from './asset-serializer.ts';
import { sendData } from './documents.ts';
import { apiError, routeNotFound, type ApiError } from '../errors.ts';
import { StorageError } from '../storage/types.ts';
import { loadSource } from './sources.ts';
import { describeRoutes } from './openapi/registry.ts';

const REFRESH_SUFFIX = '/refresh';

/**
 * 502 for an origin that failed to answer: not the customer's mistake and not a missing file, so
 * the record and the cached renders stay as they were.
 */
function originFailure(error: StorageError): ApiError {
  const detail =
    error.kind === 'timeout' || error.kind === 'unreachable'
      ? 'The origin did not answer in time. Try again later.'
      : error.kind === 'too_large'
        ? 'The file at the origin is now larger than the largest file Darkroom reads.'
        : 'The origin refused to give the file. Check the source\u2019s storage settings.';
  return apiError('origin_error', detail);
}

function indexRunResource(run: AssetIndexRunRow) {
  return {
    type: 'asset_index_runs',
    id: run.source_id,
    attributes: {
      source_id: run.source_id,
      status: run.status,
      reason: run.reason,
      objects_seen: run.objects_seen,
      assets_indexed: run.assets_indexed,
      date_started: run.started_at.toISOString(),
      date_finished: run.finished_at?.toISOString() ?? null,
    },
  };
}

/**
 * The asset calls that go back to the origin: refresh one asset (re-read, record updated, cached
 * renders purged) and start an indexing run of a whole source.
 */
export function assetIndexRoutes(app: FastifyInstance): void {
  const { config, database, origins } = app.darkroom;
  const { db } = database;
  const deps: AssetIndexDependencies = { db, origins };
  describeRoutes(app, {
    'POST /assets/:sourceId/*': {
      summary: 'Refresh an asset from its origin',
      description:
        'The path ends in `/refresh` (`POST /assets/{sourceID}/{path}/refresh`): the file is read again, its record updated and its cached renders purged.',
      tag: 'Assets',
      params: {
        sourceId: 'The id of the source the asset is in.',
        '*': "The asset's path in its source followed by /refresh, such as photos/cat.jpg/refresh.",
      },
      answer: { status: 200, resource: 'assets' },
      errors: [403, 502],
    },
    'POST /sources/:id/assets/index': {
      summary: "Index a source's assets",
      description: "Starts an indexing run of the whole source; answers the run's state.",
      tag: 'Assets',
      answer: { status: 202, resource: 'asset_index_runs' },
      errors: [403],
    },
  });

  // The asset path may hold any number of segments, so `/refresh` cannot follow a wildcard in the
  // route pattern: every POST under /assets/{sourceID}/ lands here and must end in it.
  app.post<{ Params: { sourceId: string } }>('/assets/:sourceId/*', async (request, reply) => {
    if (!(request.url.split('?')[0] ?? '').endsWith(REFRESH_SUFFIX)) {
      throw routeNotFound(request.method, request.url);
    }
    const { source, asset } = await loadAsset(app, request, REFRESH_SUFFIX);
    refuseDemoAssetEdit(source);
    // Delivery keys its cache by the path without the leading slash, as its adapter reads it.
    const purge = () => app.delivery.purge(source.id, asset.origin_path.slice(1), 'asset-refresh');
    let refreshed: AssetRow | null;
    try {
      refreshed = await refreshAsset(deps, source, asset.origin_path);
    } catch (error) {
      if (!(error instanceof StorageError)) throw error;
      if (error.kind !== 'not_found') {
        request.log.warn({ err: error, sourceId: source.id }, 'asset refresh: origin failed');
        throw originFailure(error);
      }
      // The indexer has removed the row; the renders of a file that is gone go with it.
      await purge();
      throw apiError('not_found', 'The file is no longer at the origin.');
    }
    await purge();
    if (refreshed === null) {
      throw apiError('not_found', 'The file is no longer an image, animation or video.');
    }
    return sendData(reply, 200, assetResource(refreshed, source, config.deliveryDomain));
  });

  app.post<{ Params: { id: string } }>('/sources/:id/assets/index', async (request, reply) => {
    const source = await loadSource(app, request, 'account', request.params.id);
    refuseDemoAssetEdit(source);
    await requestAssetIndex(db, source.id, 'manual');
    const run = await findIndexRun(db, source.id);
    if (run === undefined) throw new Error(`no indexing run recorded for source ${source.id}`);
    return sendData(reply, 202, indexRunResource(run));
  });
}
