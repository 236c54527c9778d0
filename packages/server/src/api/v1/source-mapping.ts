// imgix's source attributes (docs.imgix.com/apis/management/sources: "Source Attributes" and the
// "Source Deployment" tables) and Darkroom's own, mapped in this one place both ways. imgix keeps a
// source's configuration under `deployment`; Darkroom under `production` plus three column
// settings (secure_url_enabled, image_error, image_missing). Values are validated by core's
// source schemas after mapping, exactly as for /api/v4, so both APIs accept the same sources.
import { SOURCE_TYPES, STORAGE_PROVIDERS, type SourceResource } from '@darkroom/core';
import { z } from 'zod';
import type { SecretBox } from '../../crypto/secrets.ts';
import type { FallbackImage, SourceRow } from '../../db/schema.ts';
import { apiError } from '../../errors.ts';
import { codeList } from './list-parameters.ts';
import { readOnlyAttributes } from './request-documents.ts';

/**
 * cache_ttl_behavior: imgix's values (respect_origin, override_origin, enforce_minimum) to
 * Darkroom's (default, override, minimum), whose labels are imgix's ("Respect origin", ...).
 */
export const CACHE_TTL_BEHAVIORS = {
  respect_origin: 'default',
  override_origin: 'override',
  enforce_minimum: 'minimum',
} as const;

type ImgixCacheTtlBehavior = keyof typeof CACHE_TTL_BEHAVIORS;

/**
 * `deployment.<imgix name>` to `production.<Darkroom name>`. Renamed: the subdomains (imgix's
 * are on imgix.net, Darkroom's on DELIVERY_DOMAIN), the web folder's base URL and S3's fields
 * (imgix's `s3_*`, Darkroom's `aws_*`). The rest carry the same name in both: the settings every
 * type has, the GCS and Azure fields, and the S3-compatible fields imgix's source filters name
 * (bucket_name, region, storage_provider) with their siblings.
 */
export const DEPLOYMENT_FIELDS = {
  type: 'type',
  storage_provider: 'storage_provider',
  imgix_subdomains: 'darkroom_subdomains',
  custom_domains: 'custom_domains',
  default_params: 'default_params',
  cache_ttl_behavior: 'cache_ttl_behavior',
  cache_ttl_value: 'cache_ttl_value',
  cache_ttl_error: 'cache_ttl_error',
  crossdomain_xml_enabled: 'crossdomain_xml_enabled',
  crossdomain_cors_enabled: 'crossdomain_cors_enabled',
  secure_url_enabled: 'secure_url_enabled',
  webfolder_base_url: 'webfolder_prefix',
  webproxy_info: 'webproxy_info',
  s3_access_key: 'aws_access_key',
  s3_secret_key: 'aws_secret_key',
  s3_bucket: 'aws_bucket',
  s3_prefix: 'aws_prefix',
  gcs_access_key: 'gcs_access_key',
  gcs_secret_key: 'gcs_secret_key',
  gcs_bucket: 'gcs_bucket',
  gcs_prefix: 'gcs_prefix',
  azure_account: 'azure_account',
  azure_service_type: 'azure_service_type',
  azure_bucket: 'azure_bucket',
  azure_sas_string: 'azure_sas_string',
  azure_prefix: 'azure_prefix',
  access_key_id: 'access_key_id',
  secret_key: 'secret_key',
  bucket_name: 'bucket_name',
  endpoint_url: 'endpoint_url',
  region: 'region',
  prefix: 'prefix',
} as const;

type ImgixField = keyof typeof DEPLOYMENT_FIELDS;

const IMGIX_NAME_OF: ReadonlyMap<string, string> = new Map(
  Object.entries(DEPLOYMENT_FIELDS).map(([imgix, darkroom]) => [darkroom, imgix]),
);

// Checked by core's source schemas once mapped (their messages are the dashboard's); only the
// fields imgix shapes differently from Darkroom are typed here.
const mappedValue = z.unknown();
const fallbackUrl = z.string({ error: 'Enter the URL of an image, or null for none.' }).nullable();
const appendQs = z.boolean({ error: 'Turn this setting on or off.' });

/** `deployment` as a request sends it: every field optional (PATCH sends only what changes). */
export const deploymentSchema = z.strictObject({
  ...(Object.fromEntries(
    Object.keys(DEPLOYMENT_FIELDS).map((field) => [field, mappedValue.optional()]),
  ) as Record<ImgixField, z.ZodOptional<typeof mappedValue>>),
  cache_ttl_behavior: z
    .enum(Object.keys(CACHE_TTL_BEHAVIORS) as [ImgixCacheTtlBehavior, ...ImgixCacheTtlBehavior[]], {
      error: 'cache_ttl_behavior is one of respect_origin, override_origin and enforce_minimum.',
    })
    .optional(),
  image_error: fallbackUrl.optional(),
  image_error_append_qs: appendQs.optional(),
  image_missing: fallbackUrl.optional(),
  image_missing_append_qs: appendQs.optional(),
  // imgix: "Any comment on the specific deployment" — optional and changes nothing served, so
  // accepted and not kept (answers show null).
  annotation: z.string({ error: 'The annotation is text.' }).nullable().optional(),
});

export type DeploymentInput = z.output<typeof deploymentSchema>;

/**
 * `POST /sources`: a name and a deployment with the type (docs.imgix.com/apis/management/sources:
 * `name` and `deployment` are required). `enabled` may say the new source starts disabled.
 */
/** imgix's source attributes that are not updatable ("Updatable? No"). */
const READ_ONLY = readOnlyAttributes(['date_deployed', 'deployment_status', 'secure_url_token']);

export const sourceCreateAttributesSchema = z.strictObject({
  ...READ_ONLY,
  name: z.string({ error: 'Give the source a name.' }),
  enabled: z.boolean({ error: 'Turn this setting on or off.' }).optional(),
  deployment: deploymentSchema,
});

/** `PATCH /sources/:id`: the updatable attributes (name, enabled, deployment). */
export const sourcePatchAttributesSchema = z.strictObject({
  ...READ_ONLY,
  name: z.unknown().optional(),
  enabled: z.unknown().optional(),
  deployment: deploymentSchema.optional(),
});

/** The fields renamed between imgix and Darkroom, besides the subdomains explained on their own. */
const RENAMED = Object.entries(DEPLOYMENT_FIELDS)
  .filter(([imgix, darkroom]) => imgix !== darkroom && imgix !== 'imgix_subdomains')
  .map(([imgix, darkroom]) => `\`${imgix}\` is \`${darkroom}\``)
  .join(', ');

/**
 * What `deployment` holds, for the API reference: written from the mapping itself, so the two
 * say the same.
 */
export const DEPLOYMENT_DESCRIPTION = [
  "`deployment` is the source's configuration in imgix's names (imgix's \"Source Deployment\" tables), mapped onto Darkroom's `production` settings and checked by the same rules as `/api/v4/sources`. Errors point at the field in imgix's names, such as `/data/attributes/deployment/imgix_subdomains/0`.",
  '',
  `- \`type\`: ${codeList(SOURCE_TYPES)}. \`darkroom_storage\` is storage Darkroom keeps itself, the only type that takes uploads. \`storage_provider\`, with \`s3_compatible\`: ${codeList(STORAGE_PROVIDERS)}.`,
  "- `imgix_subdomains`: Darkroom's subdomains (`production.darkroom_subdomains`), served on Darkroom's delivery domain in place of imgix.net.",
  `- \`cache_ttl_behavior\`: ${Object.entries(CACHE_TTL_BEHAVIORS)
    .map(([imgix, darkroom]) => `\`${imgix}\` (Darkroom's \`${darkroom}\`)`)
    .join(', ')}.`,
  "- `secure_url_enabled`: whether delivery URLs must be signed with the source's `secure_url_token`.",
  "- `image_error` and `image_missing`: the URL of an image to answer in place of an error or a missing file, or null for none; `image_error_append_qs` and `image_missing_append_qs`: whether the request's query is added to that URL.",
  `- Renamed in Darkroom's \`production\`: ${RENAMED}.`,
  '- `annotation` is accepted and not kept (answers show null).',
  '- Every other field has the same name in both.',
].join('\n');

type FallbackField = 'image_error' | 'image_missing';

/**
 * imgix's fallback (a URL and, beside it, `<field>_append_qs`) as Darkroom's `{url, append_qs}`;
 * `stored` is the source's current one, so either half may change alone.
 */
function fallbackOf(
  deployment: DeploymentInput,
  field: FallbackField,
  stored: FallbackImage | null,
): FallbackImage | null | undefined {
  const url = deployment[field];
  const append = deployment[`${field}_append_qs`];
  if (url === null) return null;
  if (url !== undefined) return { url, append_qs: append ?? stored?.append_qs ?? false };
  if (append === undefined) return undefined;
  if (stored === null) {
    throw apiError(
      'validation_failed',
      `Set ${field} first: there is no image to pass the query to.`,
      {
        pointer: `/data/attributes/deployment/${field}_append_qs`,
      },
    );
  }
  return { url: stored.url, append_qs: append };
}

/**
 * Darkroom's `production` of an imgix `deployment`: fields renamed, cache_ttl_behavior's value
 * translated, fallback images joined with their append_qs flags. `stored` holds the source's
 * fallbacks for a PATCH.
 */
export function productionOf(
  deployment: DeploymentInput,
  stored: Record<FallbackField, FallbackImage | null> = { image_error: null, image_missing: null },
): Record<string, unknown> {
  const production: Record<string, unknown> = {};
  for (const [imgix, darkroom] of Object.entries(DEPLOYMENT_FIELDS)) {
    const value = deployment[imgix as ImgixField];
    if (value !== undefined) production[darkroom] = value;
  }
  if (deployment.cache_ttl_behavior !== undefined) {
    production.cache_ttl_behavior = CACHE_TTL_BEHAVIORS[deployment.cache_ttl_behavior];
  }
  for (const field of ['image_error', 'image_missing'] as const) {
    const fallback = fallbackOf(deployment, field, stored[field]);
    if (fallback !== undefined) production[field] = fallback;
  }
  return production;
}

const COLUMN_SETTINGS = new Set(['secure_url_enabled', 'image_error', 'image_missing']);

/**
 * The pointer of an error about Darkroom's attributes, in imgix's names:
 * `/data/attributes/production/darkroom_subdomains/0` is `/data/attributes/deployment/imgix_subdomains/0`,
 * a fallback's `url` is the fallback field, its `append_qs` the `<field>_append_qs` beside it.
 */
export function toImgixPointer(pointer: string): string {
  const match = /^\/data\/attributes\/(?:production\/)?([^/]+)(\/.*)?$/.exec(pointer);
  const inProduction = pointer.startsWith('/data/attributes/production');
  if (pointer === '/data/attributes/production') return '/data/attributes/deployment';
  if (match === null) return pointer;
  const [, field = '', rest = ''] = match;
  if (!inProduction && !COLUMN_SETTINGS.has(field)) return pointer;
  if (field === 'image_error' || field === 'image_missing') {
    const suffix = rest === '/append_qs' ? '_append_qs' : '';
    return `/data/attributes/deployment/${field}${suffix}`;
  }
  return `/data/attributes/deployment/${IMGIX_NAME_OF.get(field) ?? field}${rest}`;
}

/** imgix's deployment_status: a disabled source is `disabled`; Darkroom adds `failed`. */
function deploymentStatus(row: SourceRow): string {
  return row.enabled ? row.deployment_status : 'disabled';
}

const IMGIX_BEHAVIOR_OF: ReadonlyMap<string, string> = new Map(
  Object.entries(CACHE_TTL_BEHAVIORS).map(([imgix, darkroom]) => [darkroom, imgix]),
);

/** Unix seconds, as imgix's date attributes are. */
export function unixSeconds(date: Date | null): number | null {
  return date === null ? null : Math.floor(date.getTime() / 1000);
}

/**
 * A source as imgix's Management API shows it, made from /api/v4's resource (whose secrets are
 * already masked). `secure_url_token` is there only when signing is on, as imgix documents; the
 * routes that answer sources need the Sources group, as /api/v4's token route does.
 */
export function imgixSourceResource(resource: SourceResource, row: SourceRow, secrets: SecretBox) {
  const { production, image_error: imageError, image_missing: imageMissing } = resource.attributes;
  const deployment: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(production)) {
    deployment[IMGIX_NAME_OF.get(field) ?? field] = value;
  }
  deployment.cache_ttl_behavior =
    IMGIX_BEHAVIOR_OF.get(production.cache_ttl_behavior) ?? production.cache_ttl_behavior;
  deployment.secure_url_enabled = row.secure_url_enabled;
  deployment.image_error = imageError?.url ?? null;
  deployment.image_error_append_qs = imageError?.append_qs ?? false;
  deployment.image_missing = imageMissing?.url ?? null;
  deployment.image_missing_append_qs = imageMissing?.append_qs ?? false;
  deployment.annotation = null;
  return {
    type: 'sources' as const,
    id: row.id,
    attributes: {
      name: row.name,
      enabled: row.enabled,
      deployment_status: deploymentStatus(row),
      date_deployed: unixSeconds(row.deployed_at),
      ...(row.secure_url_enabled
        ? { secure_url_token: secrets.decrypt(row.secure_url_token) }
        : {}),
      deployment,
    },
  };
}

export type ImgixSourceResource = ReturnType<typeof imgixSourceResource>;
