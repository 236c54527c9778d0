// `sources` of imgix's Management API (docs.imgix.com/apis/management/sources): list (filters,
// sorts, pages), get, create and update, on /api/v4's stores and writes (source-writes.ts). Only
// the caller's account's sources: the demo source, which /api/v4 shows everyone, is no source of
// theirs to configure.
import { nameSchema, SOURCE_TYPES, STORAGE_PROVIDERS } from '@darkroom/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SourceRow } from '../../db/schema.ts';
import { apiError } from '../../errors.ts';
import { usableCapabilities } from '../../store/capabilities.ts';
import { listSources, type SourceColumn, type SourceFilter } from '../../store/sources.ts';
import { requireAuth } from '../authentication.ts';
import { sendData } from '../documents.ts';
import { issueErrors } from '../field-errors.ts';
import { booleanFilter } from '../list-query.ts';
import { describeRoutes } from '../openapi/registry.ts';
import { sourceResource } from '../source-serializer.ts';
import { loadSource, refuseDemoEdit } from '../sources.ts';
import { createSource, patchSource } from '../source-writes.ts';
import {
  codeList,
  listParameterDocs,
  listQuerySchema,
  parseListParameters,
  parseQuery,
  queryParameterDocs,
  queryText,
  SPARSE_FIELDS_DESCRIPTION,
  storePage,
  zeroBasedPagination,
  type ListRules,
} from './list-parameters.ts';
import { documentId, parseAttributes, withImgixPointers } from './request-documents.ts';
import {
  DEPLOYMENT_DESCRIPTION,
  DEPLOYMENT_FIELDS,
  imgixSourceResource,
  productionOf,
  sourceCreateAttributesSchema,
  sourcePatchAttributesSchema,
  toImgixPointer,
} from './source-mapping.ts';
import { pickFields } from './sparse-fields.ts';

/** imgix's source sorts (date_deployed, enabled, name), and Darkroom's two dates. */
const SORT_COLUMNS = {
  name: 'name',
  enabled: 'enabled',
  date_deployed: 'deployed_at',
  date_created: 'created_at',
  date_modified: 'updated_at',
} as const satisfies Record<string, SourceColumn>;

type SourceSort = keyof typeof SORT_COLUMNS;

/** imgix's source filters (docs.imgix.com/apis/management/sources, "Source Filters"). */
const SOURCE_FILTERS = [
  'name',
  'enabled',
  'deployment.type',
  'deployment.storage_provider',
  'deployment.imgix_subdomains',
  'deployment.custom_domains',
  'deployment.s3_bucket',
  'deployment.gcs_bucket',
  'deployment.azure_bucket',
  'deployment.bucket_name',
  'deployment.region',
  'deployment.webfolder_base_url',
] as const;

type SourceFilterName = (typeof SOURCE_FILTERS)[number];

/** The filters on a storage field: each matches the field's value exactly. */
const FIELD_FILTERS = [
  's3_bucket',
  'gcs_bucket',
  'azure_bucket',
  'bucket_name',
  'region',
  'webfolder_base_url',
] as const;

const LIST_RULES: ListRules<SourceSort, SourceFilterName> = {
  sorts: Object.keys(SORT_COLUMNS) as SourceSort[],
  defaultSort: [{ field: 'name', descending: false }],
  filters: SOURCE_FILTERS,
  fieldsOf: 'sources',
};

/** The query of `GET /sources`. */
export const sourceListQuerySchema = listQuerySchema(LIST_RULES);

/** The query of `GET /sources/:id`. */
export const sourceQuerySchema = z.strictObject({
  'fields[sources]': queryText('fields[sources]').optional(),
});

/** The store's filter of a list request's `filter[...]` values. */
function storeFilter(
  accountId: string,
  filter: Partial<Record<SourceFilterName, string>>,
): SourceFilter {
  return {
    scopeAccountId: accountId,
    enabled: booleanFilter(filter.enabled, 'filter[enabled]'),
    nameContains: filter.name,
    type: filter['deployment.type'],
    storageProvider: filter['deployment.storage_provider'],
    domain:
      filter['deployment.imgix_subdomains'] !== undefined
        ? { kind: 'subdomain', domain: filter['deployment.imgix_subdomains'] }
        : filter['deployment.custom_domains'] !== undefined
          ? { kind: 'custom', domain: filter['deployment.custom_domains'] }
          : undefined,
    credentials: FIELD_FILTERS.flatMap((field) => {
      const value = filter[`deployment.${field}`];
      return value === undefined ? [] : [{ field: DEPLOYMENT_FIELDS[field], value }];
    }),
  };
}

const OPTIONAL_ATTRIBUTES = ['secure_url_token'];

/** What each filter matches, as storeFilter reads it. */
const FILTER_DESCRIPTIONS: Partial<Record<SourceFilterName, string>> = {
  name: 'Only the sources whose name contains this text (any case).',
  enabled: '`true` or `false`: only the enabled, or disabled, sources.',
  'deployment.type': `Only the sources of this type: ${codeList(SOURCE_TYPES)}.`,
  'deployment.storage_provider': `Only the \`s3_compatible\` sources of this provider: ${codeList(STORAGE_PROVIDERS)}.`,
  'deployment.imgix_subdomains':
    "Only the source serving this subdomain: one of Darkroom's subdomains, which stand for imgix's imgix.net ones. Not with `filter[deployment.custom_domains]`.",
  'deployment.custom_domains':
    'Only the source serving this custom domain. Not with `filter[deployment.imgix_subdomains]`.',
  ...Object.fromEntries(
    FIELD_FILTERS.map((field) => {
      const darkroom = DEPLOYMENT_FIELDS[field];
      const renamed = darkroom === field ? '' : ` (Darkroom's \`production.${darkroom}\`)`;
      return [
        `deployment.${field}`,
        `Only the sources whose \`deployment.${field}\`${renamed} is this value.`,
      ];
    }),
  ),
};

const READ_ONLY_NOTE =
  '`date_deployed`, `deployment_status` and `secure_url_token` are read-only (imgix: "Updatable? No"): a request that sends one is refused naming it.';

/** The caller's own source, never the demo source (it is no source of theirs to configure). */
async function ownSource(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
): Promise<SourceRow> {
  const source = await loadSource(app, request, 'account', id);
  if (source.is_demo) throw apiError('not_found', 'No source has this id.');
  return source;
}

export function managementSourceRoutes(app: FastifyInstance): void {
  const { config, database, secrets } = app.darkroom;
  const { db } = database;

  async function resourcesOf(rows: readonly SourceRow[]) {
    const usable = await usableCapabilities(db, config, rows);
    return rows.map((row) =>
      imgixSourceResource(sourceResource(row, secrets, usable.get(row.id) ?? []), row, secrets),
    );
  }

  describeRoutes(app, {
    'GET /sources': {
      summary: 'List sources',
      description:
        "The account's sources, in imgix's shape. imgix asks the Sources permission group of every source operation, reading included: a source's `deployment` holds its bucket names and, when it signs its URLs, its `secure_url_token`. Darkroom's demo source is not listed: it is no source of the account's to configure. Pages are counted from 0, as imgix counts them; any parameter not listed here is refused.",
      tag: 'Sources',
      query: listParameterDocs(LIST_RULES, sourceListQuerySchema, FILTER_DESCRIPTIONS),
      answer: { status: 200, resource: 'sources', many: true },
    },
    'GET /sources/:id': {
      summary: 'Get a source',
      description:
        "One of the account's sources, in imgix's shape: `name`, `enabled`, `deployment_status` (Darkroom's deployment status; `disabled` for a disabled source), `date_deployed` (Unix seconds), `secure_url_token` only when the source signs its URLs, as imgix documents, and `deployment`, its configuration in imgix's names. Storage secrets are answered masked. The demo source answers 404.",
      tag: 'Sources',
      params: { id: 'The id of the source.' },
      query: queryParameterDocs(sourceQuerySchema, {
        'fields[sources]': SPARSE_FIELDS_DESCRIPTION,
      }),
      answer: { status: 200, resource: 'sources' },
    },
    'POST /sources': {
      summary: 'Create a source',
      description: [
        'imgix requires `name` and `deployment` with its `type`; `enabled: false` creates the source disabled. The name is any display name (imgix: it "does not impact how assets are served"). The storage is deployed by a job after the answer, as `/api/v4`\'s sources are, and `deployment_status` follows it; storage secrets are encrypted at rest and answered masked. ' +
          READ_ONLY_NOTE,
        DEPLOYMENT_DESCRIPTION,
      ].join('\n\n'),
      tag: 'Sources',
      body: { resource: 'sources', attributes: sourceCreateAttributesSchema },
      answer: { status: 201, resource: 'sources' },
      errors: [409],
    },
    'PATCH /sources/:id': {
      summary: 'Update a source',
      description: [
        `Only what is given changes: \`name\`, \`enabled\`, and the \`deployment\` fields sent (the others keep their values). New storage credentials are checked and the source is deployed again. \`data.id\`, if given, must be the id in the URL. ${READ_ONLY_NOTE} The demo source answers 404.`,
        DEPLOYMENT_DESCRIPTION,
      ].join('\n\n'),
      tag: 'Sources',
      params: { id: 'The id of the source.' },
      body: { resource: 'sources', attributes: sourcePatchAttributesSchema, id: true },
      answer: { status: 200, resource: 'sources' },
      errors: [409],
    },
  });

  app.get('/sources', async (request, reply) => {
    const auth = requireAuth(request);
    const parameters = parseListParameters(
      LIST_RULES,
      sourceListQuerySchema,
      request.query as Record<string, unknown>,
    );
    if (
      parameters.filter['deployment.imgix_subdomains'] !== undefined &&
      parameters.filter['deployment.custom_domains'] !== undefined
    ) {
      throw apiError(
        'invalid_parameter',
        'Filter by one domain at a time: a subdomain or a custom domain.',
        { parameter: 'filter[deployment.custom_domains]' },
      );
    }
    const { rows, total } = await listSources(
      db,
      storeFilter(auth.user.accountId, parameters.filter),
      {
        ...storePage(parameters),
        sort: parameters.sort.map(({ field, descending }) => ({
          column: SORT_COLUMNS[field],
          descending,
        })),
      },
    );
    const data = (await resourcesOf(rows)).map((resource) => ({
      ...resource,
      attributes: pickFields(
        resource.attributes,
        parameters.fields,
        'fields[sources]',
        OPTIONAL_ATTRIBUTES,
      ),
    }));
    return sendData(reply, 200, data, {
      pagination: zeroBasedPagination(parameters.page, parameters.pageSize, total),
    });
  });

  app.get<{ Params: { id: string } }>('/sources/:id', async (request, reply) => {
    const query = parseQuery(sourceQuerySchema, request.query as Record<string, unknown>);
    const source = await ownSource(app, request, request.params.id);
    const [resource] = await resourcesOf([source]);
    if (resource === undefined) throw apiError('not_found', 'No source has this id.');
    const fields = query['fields[sources]']?.split(',').filter(Boolean) ?? null;
    return sendData(reply, 200, {
      ...resource,
      attributes: pickFields(resource.attributes, fields, 'fields[sources]', OPTIONAL_ATTRIBUTES),
    });
  });

  app.post('/sources', async (request, reply) => {
    const auth = requireAuth(request);
    const attributes = parseAttributes(request.body, 'sources', sourceCreateAttributesSchema);
    const source = await withImgixPointers(async () => {
      const production = productionOf(attributes.deployment);
      // Darkroom's dashboard names a new source after its first subdomain (core's
      // newSourceSchema); imgix's name is any display name ("Does not impact how assets are
      // served"), so the schema checks the rest and the name is checked on its own.
      const subdomains = production.darkroom_subdomains;
      const first = Array.isArray(subdomains) ? subdomains[0] : undefined;
      const parsed = app.darkroom.sourceSchemas.newSource.safeParse({
        name: typeof first === 'string' ? first : attributes.name,
        production,
      });
      const name = nameSchema.safeParse(attributes.name);
      const issues = [
        ...(parsed.success ? [] : parsed.error.issues),
        ...(name.success ? [] : name.error.issues.map((issue) => ({ ...issue, path: ['name'] }))),
      ];
      if (!parsed.success || !name.success) throw issueErrors(issues);
      const created = await createSource(app, auth, { ...parsed.data, name: name.data });
      if (attributes.enabled !== false) return created;
      return patchSource(app, auth, 'account', created, { enabled: false });
    }, toImgixPointer);
    const [resource] = await resourcesOf([source]);
    return sendData(reply, 201, resource);
  });

  app.patch<{ Params: { id: string } }>('/sources/:id', async (request, reply) => {
    const auth = requireAuth(request);
    const source = await ownSource(app, request, request.params.id);
    refuseDemoEdit(source);
    const attributes = parseAttributes(request.body, 'sources', sourcePatchAttributesSchema);
    const id = documentId(request.body);
    if (id !== undefined && id !== source.id) {
      throw apiError('conflict', 'data.id must be the id in the URL.', { pointer: '/data/id' });
    }
    const updated = await withImgixPointers(async () => {
      const { deployment, ...rest } = attributes;
      const changes: Record<string, unknown> = { ...rest };
      if (deployment !== undefined) {
        changes.production = productionOf(deployment, {
          image_error: source.image_error,
          image_missing: source.image_missing,
        });
      }
      return patchSource(app, auth, 'account', source, changes);
    }, toImgixPointer);
    const [resource] = await resourcesOf([updated]);
    return sendData(reply, 200, resource);
  });
}
