// The link-storage configuration and the production settings of a source (spec platform
// section 3), built from the rules of section 5. Issue paths are the server's field names, so
// `['aws_bucket']` becomes the pointer `/data/attributes/configuration/aws_bucket` and the form
// shows the message under that field.
import { z } from 'zod';
import { azureSasSchema, type Clock } from './azure-sas.ts';
import { optionalText } from './base-schemas.ts';
import { s3CompatibleEndpointSchema } from './endpoints.ts';
import { REQUIRED_MESSAGE, SOURCE_MESSAGES } from './messages.ts';
import {
  accessKeySchema,
  azureAccountSchema,
  azureContainerSchema,
  azureServiceTypeSchema,
  cacheTtlBehaviorSchema,
  defaultParamsSchema,
  errorTtlSecondsSchema,
  gcsBucketSchema,
  nameSchema,
  prefixSchema,
  r2RegionSchema,
  regionSchema,
  s3BucketSchema,
  secretKeySchema,
  ttlSecondsSchema,
} from './rules.ts';
import { SOURCE_TYPE_LABELS, STORAGE_PROVIDER_LABELS, type StorageProvider } from './types.ts';
import {
  customDomainSchema,
  remoteImageUrlSchema,
  subdomainSchema,
  webfolderUrlSchema,
} from './web-addresses.ts';

export interface SourceSchemaOptions {
  /** The delivery domain, for example `darkroom.example` or `localhost:8080`. */
  deliveryDomain: string;
  /** Lets web folders on localhost and private addresses through (tests, local development). */
  allowPrivateOrigins?: boolean;
  /** The time SAS expiry and start are checked against; the clock by default. */
  now?: Clock;
}

// Unknown keys fail one by one at their own path (a strict object would report them together
// at the object's path, which no form field or JSON:API pointer could show).
function unknownField(label: string) {
  return z.custom<unknown>(() => false, {
    error: `This field is not used by ${label} sources: remove it.`,
  });
}

function strictObject<S extends z.ZodRawShape>(label: string, shape: S) {
  return z.object(shape).catchall(unknownField(label));
}

const typeLiteral = <T extends string>(type: T) => z.literal(type);

const chooseType = `${SOURCE_MESSAGES.invalidSourceType} Choose one of the storage types.`;
const chooseProvider = `Choose a storage provider: ${Object.values(STORAGE_PROVIDER_LABELS).join(', ')}.`;

function configurationVariants<E extends z.ZodRawShape>(options: SourceSchemaOptions, extra: E) {
  const now = options.now ?? (() => Date.now());
  const variant = <S extends z.ZodRawShape>(label: string, shape: S) =>
    strictObject(label, { ...extra, ...shape });

  const s3CompatibleShape = (provider: Exclude<StorageProvider, 'r2'>) => ({
    type: typeLiteral('s3_compatible'),
    storage_provider: z.literal(provider),
    access_key_id: accessKeySchema,
    secret_key: secretKeySchema,
    bucket_name: s3BucketSchema,
    endpoint_url: s3CompatibleEndpointSchema(provider),
    region: regionSchema,
    prefix: prefixSchema,
  });

  const s3Compatible = z.discriminatedUnion(
    'storage_provider',
    [
      variant(STORAGE_PROVIDER_LABELS.r2, {
        type: typeLiteral('s3_compatible'),
        storage_provider: z.literal('r2'),
        access_key_id: accessKeySchema,
        secret_key: secretKeySchema,
        bucket_name: s3BucketSchema,
        endpoint_url: s3CompatibleEndpointSchema('r2'),
        // Spec section 3: no region field is shown for R2; the region is set to auto.
        region: r2RegionSchema,
        prefix: prefixSchema,
      }),
      variant(STORAGE_PROVIDER_LABELS.digitalocean, s3CompatibleShape('digitalocean')),
      variant(STORAGE_PROVIDER_LABELS.linode, s3CompatibleShape('linode')),
      variant(STORAGE_PROVIDER_LABELS.wasabi, s3CompatibleShape('wasabi')),
    ],
    {
      error: (issue) =>
        (issue.input as { storage_provider?: unknown } | undefined)?.storage_provider == null
          ? REQUIRED_MESSAGE
          : chooseProvider,
    },
  );

  return z.discriminatedUnion(
    'type',
    [
      variant(SOURCE_TYPE_LABELS.s3, {
        type: typeLiteral('s3'),
        aws_access_key: accessKeySchema,
        aws_secret_key: secretKeySchema,
        aws_bucket: s3BucketSchema,
        aws_prefix: prefixSchema,
      }),
      variant(SOURCE_TYPE_LABELS.gcs, {
        type: typeLiteral('gcs'),
        gcs_access_key: accessKeySchema,
        gcs_secret_key: secretKeySchema,
        gcs_bucket: gcsBucketSchema,
        gcs_prefix: prefixSchema,
      }),
      variant(SOURCE_TYPE_LABELS.azure, {
        type: typeLiteral('azure'),
        azure_account: azureAccountSchema,
        azure_service_type: azureServiceTypeSchema,
        azure_bucket: azureContainerSchema,
        azure_sas_string: azureSasSchema(now),
        azure_prefix: prefixSchema,
      }),
      s3Compatible,
      variant(SOURCE_TYPE_LABELS.webfolder, {
        type: typeLiteral('webfolder'),
        webfolder_prefix: webfolderUrlSchema(options),
      }),
      variant(SOURCE_TYPE_LABELS.webproxy, {
        type: typeLiteral('webproxy'),
        webproxy_info: optionalText(
          z.string().max(2000, 'Notes can be at most 2000 characters long.'),
        ),
      }),
      variant(SOURCE_TYPE_LABELS.darkroom_storage, {
        type: typeLiteral('darkroom_storage'),
      }),
    ],
    {
      error: (issue) =>
        (issue.input as { type?: unknown } | undefined)?.type == null
          ? REQUIRED_MESSAGE
          : chooseType,
    },
  );
}

/**
 * The link-storage configuration of a source (what `validations/source/configurations` checks
 * and `production` holds): one strict object per type, and per provider for s3_compatible.
 */
export function sourceConfigurationSchema(options: SourceSchemaOptions) {
  return configurationVariants(options, {});
}

export type SourceConfiguration = z.output<ReturnType<typeof sourceConfigurationSchema>>;
export type SourceConfigurationInput = z.input<ReturnType<typeof sourceConfigurationSchema>>;

/** The settings a new source gets when it names none (spec section 3, "Production settings"). */
export const DEFAULT_PRODUCTION_SETTINGS = {
  cache_ttl_behavior: 'default',
  cache_ttl_value: 31536000,
  cache_ttl_error: 300,
  crossdomain_cors_enabled: false,
  crossdomain_xml_enabled: false,
  custom_domains: [] as string[],
  default_params: {} as Record<string, string>,
  secure_url_enabled: false,
  image_error: null,
  image_missing: null,
} as const;

function uniqueList<T extends z.ZodType<string>>(item: T, duplicateMessage: string) {
  const listError = (issue: { input?: unknown }) =>
    issue.input == null ? REQUIRED_MESSAGE : 'Enter a list.';
  return z.array(item, { error: listError }).superRefine((values, ctx) => {
    const seen = new Set<string>();
    values.forEach((value, index) => {
      const key = value.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index], message: duplicateMessage });
      seen.add(key);
    });
  });
}

const switchSchema = z.boolean({ error: 'Turn this setting on or off.' });

const fallbackImageSchema = strictObject('fallback image', {
  url: remoteImageUrlSchema,
  append_qs: z.boolean({ error: 'Turn this setting on or off.' }).default(false),
}).nullable();

function settingsShape(options: SourceSchemaOptions) {
  return {
    cache_ttl_behavior: cacheTtlBehaviorSchema,
    cache_ttl_value: ttlSecondsSchema,
    cache_ttl_error: errorTtlSecondsSchema,
    crossdomain_cors_enabled: switchSchema,
    crossdomain_xml_enabled: switchSchema,
    custom_domains: uniqueList(
      customDomainSchema(options.deliveryDomain),
      'This domain is already in the list.',
    ),
    default_params: defaultParamsSchema,
    darkroom_subdomains: uniqueList(subdomainSchema, 'This subdomain is already in the list.').min(
      1,
      'Add at least one subdomain.',
    ),
    secure_url_enabled: switchSchema,
    image_error: fallbackImageSchema,
    image_missing: fallbackImageSchema,
  };
}

function settingsShapeWithDefaults(options: SourceSchemaOptions) {
  const shape = settingsShape(options);
  const defaults = DEFAULT_PRODUCTION_SETTINGS;
  return {
    ...shape,
    cache_ttl_behavior: shape.cache_ttl_behavior.default(defaults.cache_ttl_behavior),
    cache_ttl_value: shape.cache_ttl_value.default(defaults.cache_ttl_value),
    cache_ttl_error: shape.cache_ttl_error.default(defaults.cache_ttl_error),
    crossdomain_cors_enabled: shape.crossdomain_cors_enabled.default(false),
    crossdomain_xml_enabled: shape.crossdomain_xml_enabled.default(false),
    custom_domains: shape.custom_domains.default(() => []),
    default_params: shape.default_params.default(() => ({})),
    secure_url_enabled: shape.secure_url_enabled.default(false),
    image_error: shape.image_error.default(null),
    image_missing: shape.image_missing.default(null),
  };
}

/**
 * The editable production settings (cache TTLs, CORS and crossdomain.xml, domains, default
 * parameters, secure URLs, fallback images). Missing settings take DEFAULT_PRODUCTION_SETTINGS;
 * at least one subdomain is required.
 */
export function productionSettingsSchema(options: SourceSchemaOptions) {
  return strictObject('production settings', settingsShapeWithDefaults(options));
}

export type ProductionSettings = z.output<ReturnType<typeof productionSettingsSchema>>;

/** A partial update of the production settings: every setting optional, none defaulted. */
export function productionSettingsPatchSchema(options: SourceSchemaOptions) {
  return strictObject('production settings', settingsShape(options)).partial();
}

/** `production` of a new source: its configuration together with its production settings. */
export function sourceProductionSchema(options: SourceSchemaOptions) {
  return configurationVariants(options, settingsShapeWithDefaults(options));
}

export type SourceProduction = z.output<ReturnType<typeof sourceProductionSchema>>;

/** Attributes of `POST /api/v4/sources`: a name equal to the first subdomain, and production. */
export function newSourceSchema(options: SourceSchemaOptions) {
  return strictObject('new source', {
    name: nameSchema,
    production: sourceProductionSchema(options),
  }).superRefine((source, ctx) => {
    const first = source.production.darkroom_subdomains[0];
    if (first !== undefined && source.name !== first) {
      ctx.addIssue({
        code: 'custom',
        path: ['name'],
        message: `The name of a new source must be its first subdomain, ${first}.`,
      });
    }
  });
}

export type NewSourceAttributes = z.output<ReturnType<typeof newSourceSchema>>;
