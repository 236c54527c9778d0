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
import { assetPatchSchema, parseAssetPatch } from './asset-patch.ts';
import { ASSET_FILTERS, parseAssetFilter, type AssetFilterName } from './asset-query.ts';
import { assetResource } from './asset-serializer.ts';
import { afterVisibilityChange } from './hidden-assets.ts';
import { requireAuth } from './authentication.ts';
import { sendData } from './documents.ts';
import { apiError } from '../errors.ts';
import { booleanFilter, parseInclude, parseListQuery, type ListQueryRules } from './list-query.ts';
import { includeParameter, listParameters } from './openapi/list-parameters.ts';
import { describeRoutes } from './openapi/registry.ts';
import { requestAttributes } from './request-document.ts';
import { sourceResource } from './source-serializer.ts';
import { usableCapabilities } from '../store/capabilities.ts';
import type { SourceRow } from '../db/schema.ts';
import { loadSource, SOURCE_SORT_FIELDS } from './sources.ts';
import type { SourceColumn } from '../store/sources.ts';

const ASSET_LIST_RULES: ListQueryRules<AssetColumn, AssetFilterName> = {
  sortFields: {
    date_created: 'date_created',
    date_modified: 'date_modified',
    file_size: 'file_size',
    name: 'name',
  },
  defaultSort: '-date_created',
  filters: ASSET_FILTERS,
  includes: ['source'],
};

const BROWSABLE_SOURCE_LIST_RULES: ListQueryRules<SourceColumn, 'enabled'> = {
  sortFields: SOURCE_SORT_FIELDS,
  defaultSort: 'name',
  filters: ['enabled'],
  includes: [],
};

const ASSET_FILTER_DESCRIPTIONS: Record<AssetFilterName, string> = {
  keyword: 'Only the assets whose name, path, description, categories or tags hold this text.',
  media_kind: 'Only these kinds, comma-separated: IMAGE, ANIMATION, VIDEO.',
  content_type: 'Only these media types, comma-separated, such as image/png.',
  has_faces: 'true: only the assets with faces; false: only those without.',
  colors: 'Only the assets with a colour near one of these, comma-separated hex such as #ff0000.',
  hidden: 'false (the default): visible assets; true: hidden ones; all: both.',
};

/**
 * The asset manager's calls (spec platform section 7): the sources an account may browse, one
 * source's assets paged, searched, filtered and sorted, one asset, and the edits a customer makes
 * to it. Every call is the caller's account only, plus the demo source to read.
 */
export function assetRoutes(app: FastifyInstance): void {
  const { config, database, secrets } = app.darkroom;
  const { db } = database;
  const assetPath = {
    sourceId: 'The id of the source the asset is in.',
    '*': "The asset's path in its source, such as photos/cat.jpg (slashes included).",
  };
  describeRoutes(app, {
    'GET /assets/sources': {
      summary: 'The sources whose assets the account may browse',
      description:
        "The account's sources and the demo source, each with its asset count and last indexing run.",
      tag: 'Assets',
      query: listParameters(BROWSABLE_SOURCE_LIST_RULES, {
        enabled: 'true or false: only the enabled, or disabled, sources.',
      }),
      answer: { status: 200, resource: 'sources', many: true },
    },
    'GET /sources/:id/assets': {
      summary: "A source's assets",
      description: 'Paged, searched, filtered and sorted.',
      tag: 'Assets',
      query: listParameters(ASSET_LIST_RULES, ASSET_FILTER_DESCRIPTIONS),
      answer: { status: 200, resource: 'assets', many: true },
    },
    'GET /assets/:sourceId/*': {
      summary: 'One asset',
      tag: 'Assets',
      params: assetPath,
      query: includeParameter(ASSET_LIST_RULES.includes),
      answer: { status: 200, resource: 'assets' },
    },
    'PATCH /assets/:sourceId/*': {
      summary: "Change an asset's name, description, categories, tags or visibility",
      tag: 'Assets',
      params: assetPath,
      body: { resource: 'assets', attributes: assetPatchSchema, id: true },
      answer: { status: 200, resource: 'assets' },
      errors: [403, 409],
    },
  });

  async function includedSource(source: SourceRow) {
    const usable = await usableCapabilities(db, config, [source]);
    return sourceResource(source, secrets, usable.get(source.id) ?? []);
  }

  const listSourcesHandler = async (request: FastifyRequest) => {
    const auth = requireAuth(request);
    const query = parseListQuery(
      request.query as Record<string, unknown>,
      BROWSABLE_SOURCE_LIST_RULES,
    );
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
    const query = parseListQuery(request.query as Record<string, unknown>, ASSET_LIST_RULES);
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
    const include = parseInclude(
      request.query as Record<string, unknown>,
      ASSET_LIST_RULES.includes,
    );
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
    await afterVisibilityChange(app, source, asset, updated);
    return sendData(reply, 200, assetResource(updated, source, config.deliveryDomain));
  });
}
