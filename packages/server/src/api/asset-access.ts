import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AssetRow, SourceRow } from '../db/schema.ts';
import { findAsset } from '../store/assets.ts';
import { assetOriginPath } from './asset-query.ts';
import { apiError, type ApiError } from '../errors.ts';
import { loadSource } from './sources.ts';

function assetNotFound(): ApiError {
  return apiError('not_found', 'No asset has this path.');
}

/** Writes to the demo source's assets are refused: everyone shares it (spec platform section 9). */
export function refuseDemoAssetEdit(source: SourceRow): void {
  if (source.is_demo) throw apiError('forbidden', 'The demo source is read-only.');
}

/**
 * The source and asset an `/assets/{sourceID}/{path}` URL names. Another account's source is 404
 * like a missing one, so the answer reveals nothing; the demo source is every account's to read.
 */
export async function loadAsset(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: { sourceId: string } }>,
  suffix = '',
): Promise<{ source: SourceRow; asset: AssetRow }> {
  const source = await loadSource(app, request, 'account', request.params.sourceId);
  const path = assetOriginPath(request.url, source.id, suffix);
  const asset = await findAsset(app.darkroom.database.db, source.id, path);
  if (asset === undefined) throw assetNotFound();
  return { source, asset };
}
