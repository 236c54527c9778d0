import { paginationMeta } from '@darkroom/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  assetSourceSummaries,
  defaultAssetName,
  listAssets,
  listBrowsableSources,
  updateAsset,
  type AssetColumn,
} from '../store/assets.ts';
import { loadAsset, refuseDemoAssetEdit } from './asset-access.ts';
import { parseAssetPatch } from './asset-patch.ts';
import { ASSET_FILTERS, parseAssetFilter } from './asset-query.ts';
import { assetResource } from './asset-serializer.ts';
import { requireAuth } from './authentication.ts';
import { sendData } from './documents.ts';
import { apiError } from '../errors.ts';
import { booleanFilter, parseInclude, parseListQuery } from './list-query.ts';
import { requestAttributes } from './request-document.ts';
import { sourceResource } from './source-serializer.ts';
import { usableCapabilities } from '../store/capabilities.ts';
import type { SourceRow } from '../db/schema.ts';
import { loadSource, SOURCE_SORT_FIELDS } from './sources.ts';

const ASSET_SORT_FIELDS: Record<string, AssetColumn> = {
  date_created: 'date_created',
  date_modified: 'date_modified',
  file_size: 'file_size',
  name: 'name',
};

/**
 * The asset manager's calls (spec platform section 7): the sources an account may browse, one
 * source's assets paged, searched, filtered and sorted, one asset, and the edits a customer makes
 * to it. Every call is the caller's account only, plus the demo source to read.
 */
export function assetRoutes(app: FastifyInstance): void {
  const { config, database, secrets } = app.darkroom;
  const { db } = database;

  async function includedSource(source: SourceRow) {
    const usable = await usableCapabilities(db, config, [source]);
    return sourceResource(source, secrets, usable.get(source.id) ?? []);
  }

  const listSourcesHandler = async (request: FastifyRequest) => {
    const auth = requireAuth(request);
    const query = parseListQuery(request.query as Record<string, unknown>, {
      sortFields: SOURCE_SORT_FIELDS,
      defaultSort: 'name',
      filters: ['enabled'],
      includes: [],
    });
    const { rows, total } = await listBrowsableSources(
      db,
      auth.user.accountId,
      { enabled: booleanFilter(query.filter.enabled, 'filter[enabled]') },
      query,
    );
    const summaries = await assetSourceSummaries(
      db,
      rows.map((row) => row.id),
    );
    const usable = await usableCapabilities(db, config, rows);
    const data = rows.map((row) => {
      const resource = sourceResource(row, secrets, usable.get(row.id) ?? []);
      const summary = summaries.get(row.id);
      return {
        ...resource,
        attributes: {
          ...resource.attributes,
          asset_count: summary?.assetCount ?? 0,
          index_status: summary?.run?.status ?? null,
          indexed_at: summary?.run?.finished_at?.toISOString() ?? null,
        },
      };
    });
    return { data, pagination: paginationMeta(query.page, query.pageSize, total) };
  };
  // The spec's path has the trailing slash; the bare one is the same list.
  for (const path of ['/assets/sources', '/assets/sources/']) {
    app.get(path, async (request, reply) => {
      const { data, pagination } = await listSourcesHandler(request);
      return sendData(reply, 200, data, { pagination });
    });
  }

  app.get<{ Params: { id: string } }>('/sources/:id/assets', async (request, reply) => {
    const source = await loadSource(app, request, 'account', request.params.id);
    const query = parseListQuery(request.query as Record<string, unknown>, {
      sortFields: ASSET_SORT_FIELDS,
      defaultSort: '-date_created',
      filters: ASSET_FILTERS,
      includes: ['source'],
    });
    const { rows, total } = await listAssets(db, source.id, parseAssetFilter(query.filter), query);
    return sendData(
      reply,
      200,
      rows.map((row) => assetResource(row, source, config.deliveryDomain)),
      {
        ...(query.include.has('source') ? { included: [await includedSource(source)] } : {}),
        pagination: paginationMeta(query.page, query.pageSize, total),
      },
    );
  });

  app.get<{ Params: { sourceId: string } }>('/assets/:sourceId/*', async (request, reply) => {
    const { source, asset } = await loadAsset(app, request);
    const include = parseInclude(request.query as Record<string, unknown>, ['source']);
    return sendData(
      reply,
      200,
      assetResource(asset, source, config.deliveryDomain),
      include.has('source') ? { included: [await includedSource(source)] } : {},
    );
  });

  app.patch<{ Params: { sourceId: string } }>('/assets/:sourceId/*', async (request, reply) => {
    const { source, asset } = await loadAsset(app, request);
    refuseDemoAssetEdit(source);
    const attributes = requestAttributes(request.body, 'assets');
    const id = (request.body as { data?: { id?: unknown } }).data?.id;
    if (id !== undefined && id !== asset.id) {
      throw apiError('conflict', 'data.id must be the id of the asset in the URL.', {
        pointer: '/data/id',
      });
    }
    const shownName = asset.name ?? defaultAssetName(asset.origin_path);
    const updated = await updateAsset(db, asset.id, parseAssetPatch(attributes, shownName));
    return sendData(reply, 200, assetResource(updated, source, config.deliveryDomain));
  });
}
