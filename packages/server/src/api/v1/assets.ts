// Assets of imgix's Management API (docs.imgix.com/apis/management/assets): a source's assets
// listed with imgix's filters and sorts, one asset, and its metadata and custom fields updated.
// Reads and writes go through /api/v4's stores and rules (store/assets.ts, asset-query.ts,
// asset-patch.ts); only the names and shapes are imgix's.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AssetRow, SourceRow } from '../../db/schema.ts';
import { apiError } from '../../errors.ts';
import {
  defaultAssetName,
  findAsset,
  listAssets,
  updateAsset,
  type AssetColumn,
  type AssetFilter,
} from '../../store/assets.ts';
import { refuseDemoAssetEdit } from '../asset-access.ts';
import { originPathAfter, parseAssetFilter } from '../asset-query.ts';
import { assetResource } from '../asset-serializer.ts';
import { sendData } from '../documents.ts';
import { booleanFilter } from '../list-query.ts';
import { describeRoutes } from '../openapi/registry.ts';
import { loadSource } from '../sources.ts';
import {
  assetChangesOf,
  assetPatchAttributesSchema,
  CUSTOM_FIELDS_DESCRIPTION,
  imgixAssetResource,
  toImgixAssetPointer,
} from './asset-mapping.ts';
import {
  listParameterDocs,
  listQuerySchema,
  parseListParameters,
  storePage,
  zeroBasedPagination,
  type ListRules,
} from './list-parameters.ts';
import { documentId, parseAttributes, withImgixPointers } from './request-documents.ts';

const SORT_COLUMNS = {
  date_created: 'date_created',
  date_modified: 'date_modified',
  file_size: 'file_size',
  name: 'name',
} as const satisfies Record<string, AssetColumn>;

type AssetSort = keyof typeof SORT_COLUMNS;

/** imgix's asset filters (docs.imgix.com/apis/management/assets, "Asset Filters"). */
const ASSET_FILTERS = [
  'keyword',
  'media_kind',
  'colors',
  'categories',
  'tags',
  'face_count',
  'has_frames',
  'origin_path',
  'warning_adult',
  'warning_medical',
  'warning_racy',
  'warning_spoof',
  'warning_violence',
] as const;

type AssetFilterName = (typeof ASSET_FILTERS)[number];

const LIST_RULES: ListRules<AssetSort, AssetFilterName> = {
  sorts: Object.keys(SORT_COLUMNS) as AssetSort[],
  defaultSort: [{ field: 'date_created', descending: true }],
  filters: ASSET_FILTERS,
  // imgix's `filter[custom:<key>]`: assets whose custom field <key> is set (to the value, if one).
  filterPattern: /^custom:[A-Za-z0-9_.-]{1,64}$/,
};

/** The query of `GET /sources/:id/assets`. */
export const assetListQuerySchema = listQuerySchema(LIST_RULES);

/** imgix's media kinds Darkroom never indexes (it keeps images, animations and videos). */
const KINDS_NOT_INDEXED = new Set(['DOCUMENT', 'VECTOR']);

const WARNING_FILTERS = new Set<AssetFilterName>([
  'warning_adult',
  'warning_medical',
  'warning_racy',
  'warning_spoof',
  'warning_violence',
]);

/** What each filter matches, as storeFilter reads it. */
const FILTER_DESCRIPTIONS: Partial<Record<AssetFilterName, string>> = {
  keyword: 'Only the assets whose name, path, description, categories or tags hold this text.',
  media_kind:
    "Only these kinds, comma-separated: IMAGE, ANIMATION, VIDEO. imgix's DOCUMENT and VECTOR, which Darkroom does not index, match nothing.",
  colors: 'Only the assets with a colour near one of these, comma-separated hex such as #ff0000.',
  categories: 'Only the assets in every one of these categories, comma-separated (any case).',
  tags: "Only the assets with every one of these tags, comma-separated (any case): the analysis' labels or the account's own tags.",
  face_count: 'Only the assets with this many faces: `3`, or a range such as `1:3`, `1:` or `:2`.',
  has_frames: '`true` or `false`: only the assets with several frames, or those with one.',
  origin_path: 'Only the assets whose origin path starts with this, such as `/photos/`.',
  ...Object.fromEntries(
    [...WARNING_FILTERS].map((name) => [
      name,
      'Refused: Darkroom rates no content, so it cannot filter by a content warning.',
    ]),
  ),
};

const ASSET_ATTRIBUTES_NOTE =
  "Attributes are imgix's: dates in Unix seconds, `tags` a map of tag to confidence (the image analysis' labels with theirs, the account's own tags at 1), `custom_fields` free metadata, and Darkroom's `fullURL`, the asset's delivery URL. Darkroom rates no content: the `warning_*` attributes are null.";

function commaList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** imgix's face_count: `3` exactly, `1:3`, `1:` or `:2`. */
function faceCountRange(value: string): { min: number | null; max: number | null } {
  const match = /^(\d{1,4})?(:)?(\d{1,4})?$/.exec(value);
  const [, low, colon, high] = match ?? [];
  if (match === null || (low === undefined && high === undefined)) {
    throw apiError(
      'invalid_parameter',
      'filter[face_count] is a number of faces (3) or a range (1:3, 1: or :2).',
      { parameter: 'filter[face_count]' },
    );
  }
  const min = low === undefined ? null : Number(low);
  const max = colon === undefined ? min : high === undefined ? null : Number(high);
  return { min, max };
}

/**
 * The store's filter of imgix's filters, or null when they can match nothing Darkroom holds
 * (only DOCUMENT or VECTOR media kinds). Keyword, colours and media kinds are read by /api/v4's
 * parseAssetFilter. Darkroom rates no content, so a warning filter is refused, not ignored.
 */
function storeFilter(
  filter: Partial<Record<AssetFilterName, string>>,
  custom: Record<string, string>,
): AssetFilter | null {
  for (const name of WARNING_FILTERS) {
    if (filter[name] !== undefined) {
      throw apiError(
        'invalid_parameter',
        'Darkroom does not rate content warnings, so it cannot filter by them.',
        { parameter: `filter[${name}]` },
      );
    }
  }
  const kinds = filter.media_kind === undefined ? undefined : commaList(filter.media_kind);
  const indexedKinds = kinds?.filter((kind) => !KINDS_NOT_INDEXED.has(kind.toUpperCase()));
  if (kinds !== undefined && kinds.length > 0 && indexedKinds?.length === 0) return null;
  const shared = parseAssetFilter({
    keyword: filter.keyword,
    colors: filter.colors,
    media_kind: indexedKinds?.join(','),
    // imgix lists hidden assets like any other.
    hidden: 'all',
  });
  return {
    ...shared,
    hasFrames: booleanFilter(filter.has_frames, 'filter[has_frames]'),
    faceCount: filter.face_count === undefined ? undefined : faceCountRange(filter.face_count),
    allCategories: filter.categories === undefined ? undefined : commaList(filter.categories),
    allTags: filter.tags === undefined ? undefined : commaList(filter.tags),
    pathPrefix: filter.origin_path,
    customFields: Object.entries(custom).map(([name, value]) => ({
      key: name.slice('custom:'.length),
      value: value === '' ? null : value,
    })),
  };
}

/** The asset a URL names after `marker` (`/sources/:id/assets/`), of the caller's or the demo source. */
async function loadImgixAsset(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  marker: (sourceId: string) => string,
): Promise<{ source: SourceRow; asset: AssetRow }> {
  const source = await loadSource(app, request, 'account', id);
  const path = originPathAfter(request.url, marker(source.id));
  const asset = await findAsset(app.darkroom.database.db, source.id, path);
  if (asset === undefined) throw apiError('not_found', 'No asset has this path.');
  return { source, asset };
}

export function managementAssetRoutes(app: FastifyInstance): void {
  const { config, database } = app.darkroom;
  const { db } = database;

  const resourceOf = (row: AssetRow, source: SourceRow) =>
    imgixAssetResource(assetResource(row, source, config.deliveryDomain), row);

  const sourceParam = {
    id: "The id of the source: one of the account's, or the demo source.",
  };
  const assetParams = {
    ...sourceParam,
    '*': "The asset's origin path in the source, such as photos/cat.jpg (slashes included).",
  };
  const list = {
    description: [
      `The assets Darkroom has indexed in the source, paged from 0 as imgix counts pages; hidden assets are listed like any other, as imgix lists them. ${ASSET_ATTRIBUTES_NOTE}`,
      "The filters are imgix's, and so is `filter[custom:<key>]`: only the assets whose custom field `<key>` is set, to the value when one is given. Any other parameter is refused.",
    ].join('\n\n'),
    tag: 'Assets',
    params: sourceParam,
    query: listParameterDocs(LIST_RULES, assetListQuerySchema, FILTER_DESCRIPTIONS),
    answer: { status: 200, resource: 'assets', many: true },
  } as const;
  const one = {
    description: `One asset of the source, by its origin path. ${ASSET_ATTRIBUTES_NOTE}`,
    tag: 'Assets',
    params: assetParams,
    answer: { status: 200, resource: 'assets' },
  } as const;
  const olderPath = (path: string) =>
    `The same as \`GET /api/v1/${path}\`, at the older path imgix-management-js's README shows.`;
  describeRoutes(app, {
    'GET /sources/:id/assets': { summary: "List a source's assets", ...list },
    'GET /sources/:id/assets/*': { summary: 'Get an asset', ...one },
    'GET /assets/:id': {
      summary: "List a source's assets (older path)",
      ...list,
      description: `${olderPath('sources/{id}/assets')}\n\n${list.description}`,
    },
    'GET /assets/:id/*': {
      summary: 'Get an asset (older path)',
      ...one,
      description: `${olderPath('sources/{id}/assets/{path}')} ${one.description}`,
    },
    'PATCH /sources/:id/assets/*': {
      summary: 'Update an asset',
      description: [
        "imgix's updatable attributes. `name`, `description` and `categories` follow Darkroom's rules for assets, as `/api/v4` applies them. `tags` is a map of tag to confidence: its names that are not the image analysis' labels become the account's own tags (their confidence is not kept; answers show 1). " +
          CUSTOM_FIELDS_DESCRIPTION,
        "Every other attribute is read-only: a request that sends one is refused naming it. `data.id`, if given, must be the asset's id. The demo source's assets cannot be changed.",
      ].join('\n\n'),
      tag: 'Assets',
      params: { id: 'The id of the source.', '*': assetParams['*'] },
      body: { resource: 'assets', attributes: assetPatchAttributesSchema, id: true },
      answer: { status: 200, resource: 'assets' },
      errors: [409],
    },
  });

  const listHandler = async (
    request: FastifyRequest<{ Params: { id: string } }>,
    reply: FastifyReply,
  ) => {
    const source = await loadSource(app, request, 'account', request.params.id);
    const parameters = parseListParameters(
      LIST_RULES,
      assetListQuerySchema,
      request.query as Record<string, unknown>,
    );
    const filter = storeFilter(parameters.filter, parameters.patternFilters);
    const { rows, total } =
      filter === null
        ? { rows: [], total: 0 }
        : await listAssets(db, source.id, filter, {
            ...storePage(parameters),
            sort: parameters.sort.map(({ field, descending }) => ({
              column: SORT_COLUMNS[field],
              descending,
            })),
          });
    return sendData(
      reply,
      200,
      rows.map((row) => resourceOf(row, source)),
      { pagination: zeroBasedPagination(parameters.page, parameters.pageSize, total) },
    );
  };
  const getHandler =
    (marker: (sourceId: string) => string) =>
    async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const { source, asset } = await loadImgixAsset(app, request, request.params.id, marker);
      return sendData(reply, 200, resourceOf(asset, source));
    };

  app.get('/sources/:id/assets', listHandler);
  app.get(
    '/sources/:id/assets/*',
    getHandler((id) => `/sources/${id}/assets/`),
  );
  // The older paths imgix-management-js's README shows (`assets/{sourceId}` and
  // `assets/{sourceId}/{originPath}`), answered alike.
  app.get('/assets/:id', listHandler);
  app.get(
    '/assets/:id/*',
    getHandler((id) => `/assets/${id}/`),
  );

  app.patch<{ Params: { id: string } }>('/sources/:id/assets/*', async (request, reply) => {
    const { source, asset } = await loadImgixAsset(
      app,
      request,
      request.params.id,
      (sourceId) => `/sources/${sourceId}/assets/`,
    );
    refuseDemoAssetEdit(source);
    const attributes = parseAttributes(request.body, 'assets', assetPatchAttributesSchema);
    const id = documentId(request.body);
    if (id !== undefined && id !== asset.id) {
      throw apiError('conflict', 'data.id must be the id of the asset in the URL.', {
        pointer: '/data/id',
      });
    }
    const changes = await withImgixPointers(
      async () =>
        assetChangesOf(attributes, asset, asset.name ?? defaultAssetName(asset.origin_path)),
      toImgixAssetPointer,
    );
    const updated = await updateAsset(db, asset.id, changes);
    return sendData(reply, 200, resourceOf(updated, source));
  });
}
