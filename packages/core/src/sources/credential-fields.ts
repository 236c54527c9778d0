// The link-storage fields of each source type and provider (spec platform section 3, "Storage
// credential fields by type"): what the wizard shows and what a configuration may contain.
import { S3_COMPATIBLE_PRESETS } from './presets.ts';
import {
  AZURE_SERVICE_TYPES,
  AZURE_SERVICE_TYPE_LABELS,
  DEFAULT_AZURE_SERVICE_TYPE,
  isSourceType,
  isStorageProvider,
  SOURCE_TYPES,
  type SourceType,
  type StorageProvider,
} from './types.ts';

export type CredentialInputType = 'text' | 'password' | 'url' | 'select' | 'textarea';

/**
 * What a field is to the storage behind it, whatever the provider calls it: the storage
 * adapters read their settings by role, and errors blame the field of the role at fault.
 */
export type CredentialRole =
  | 'access_key'
  | 'secret_key'
  | 'bucket'
  | 'prefix'
  | 'endpoint'
  | 'region'
  | 'account'
  | 'service_type'
  | 'sas'
  | 'base_url'
  | 'notes';

export interface CredentialField {
  /** The configuration key, as the server names it. */
  name: string;
  role: CredentialRole;
  label: string;
  /** False for fields the form marks Optional. */
  required: boolean;
  /** Keys, secret keys and SAS strings: masked in forms, encrypted at rest, never returned. */
  secret: boolean;
  placeholder: string;
  description: string;
  inputType: CredentialInputType;
  options?: ReadonlyArray<{ value: string; label: string }>;
}

function prefixField(name: string): CredentialField {
  return {
    name,
    role: 'prefix',
    label: 'Path Prefix',
    required: false,
    secret: false,
    placeholder: 'images/products',
    description:
      'Serve only the files under this folder. Leave it empty to serve everything in the bucket.',
    inputType: 'text',
  };
}

const S3_FIELDS: readonly CredentialField[] = [
  {
    name: 'aws_access_key',
    role: 'access_key',
    label: 'Access Key ID',
    required: true,
    secret: true,
    placeholder: 'AKIAIOSFODNN7EXAMPLE',
    description: 'The access key of an IAM user that may list the bucket and read its files.',
    inputType: 'password',
  },
  {
    name: 'aws_secret_key',
    role: 'secret_key',
    label: 'Secret Access Key',
    required: true,
    secret: true,
    placeholder: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    description: 'The secret access key that belongs to the access key ID.',
    inputType: 'password',
  },
  {
    name: 'aws_bucket',
    role: 'bucket',
    label: 'Bucket Name',
    required: true,
    secret: false,
    placeholder: 'my-images',
    description: 'The name of the S3 bucket that holds your images.',
    inputType: 'text',
  },
  prefixField('aws_prefix'),
];

const GCS_FIELDS: readonly CredentialField[] = [
  {
    name: 'gcs_access_key',
    role: 'access_key',
    label: 'HMAC Access Key',
    required: true,
    secret: true,
    placeholder: 'GOOG1EXAMPLEACCESSKEY',
    description:
      'The access ID of an HMAC key for a service account that may list the bucket and read its files.',
    inputType: 'password',
  },
  {
    name: 'gcs_secret_key',
    role: 'secret_key',
    label: 'HMAC Secret',
    required: true,
    secret: true,
    placeholder: 'bGoa+V7g/yqDXvKRqq+JTFn4uQZbPiQJo4pf9RzJ',
    description: 'The secret of the HMAC key, shown once when the key is created.',
    inputType: 'password',
  },
  {
    name: 'gcs_bucket',
    role: 'bucket',
    label: 'Bucket Name',
    required: true,
    secret: false,
    placeholder: 'my-images',
    description: 'The name of the Cloud Storage bucket that holds your images.',
    inputType: 'text',
  },
  prefixField('gcs_prefix'),
];

const AZURE_FIELDS: readonly CredentialField[] = [
  {
    name: 'azure_account',
    role: 'account',
    label: 'Storage Account Name',
    required: true,
    secret: false,
    placeholder: 'mystorageaccount',
    description:
      'The name of the Azure storage account, as in mystorageaccount.blob.core.windows.net.',
    inputType: 'text',
  },
  {
    name: 'azure_service_type',
    role: 'service_type',
    label: 'Storage Service',
    required: true,
    secret: false,
    placeholder: '',
    description: 'Whether your images are in a blob container or a file share.',
    inputType: 'select',
    options: AZURE_SERVICE_TYPES.map((value) => ({
      value,
      label: AZURE_SERVICE_TYPE_LABELS[value],
    })),
  },
  {
    name: 'azure_bucket',
    role: 'bucket',
    label: 'Container or File Share Name',
    required: true,
    secret: false,
    placeholder: 'images',
    description: 'The name of the container or file share that holds your images.',
    inputType: 'text',
  },
  {
    name: 'azure_sas_string',
    role: 'sas',
    label: 'SAS Token',
    required: true,
    secret: true,
    placeholder: '?sv=2022-11-02&ss=bf&srt=co&sp=rl&se=2030-01-01T00:00:00Z&sig=…',
    description:
      'An account SAS with read and list permissions that stays valid for at least one year.',
    inputType: 'password',
  },
  prefixField('azure_prefix'),
];

function s3CompatibleFields(provider: StorageProvider | undefined): readonly CredentialField[] {
  const preset = provider === undefined ? undefined : S3_COMPATIBLE_PRESETS[provider];
  const name = preset?.name ?? 'your provider';
  const fields: CredentialField[] = [
    {
      name: 'access_key_id',
      role: 'access_key',
      label: 'Access Key',
      required: true,
      secret: true,
      placeholder: '',
      description: `The access key of a ${name} key that may list the bucket and read its files.`,
      inputType: 'password',
    },
    {
      name: 'secret_key',
      role: 'secret_key',
      label: 'Secret Key',
      required: true,
      secret: true,
      placeholder: '',
      description: 'The secret key that belongs to the access key.',
      inputType: 'password',
    },
    {
      name: 'bucket_name',
      role: 'bucket',
      label: 'Bucket Name',
      required: true,
      secret: false,
      placeholder: 'my-images',
      description: 'The name of the bucket that holds your images.',
      inputType: 'text',
    },
    {
      name: 'endpoint_url',
      role: 'endpoint',
      label: 'Endpoint',
      required: true,
      secret: false,
      placeholder: preset?.endpoint ?? 'nyc3.digitaloceanspaces.com',
      description:
        provider === 'r2'
          ? 'Your R2 endpoint without https://: your Cloudflare account ID followed by .r2.cloudflarestorage.com.'
          : `The ${name} endpoint of the bucket's region, without https://.`,
      inputType: 'text',
    },
  ];
  // Spec section 3: R2 shows no region field; its region is set to auto.
  if (provider !== 'r2') {
    fields.push({
      name: 'region',
      role: 'region',
      label: 'Region',
      required: true,
      secret: false,
      placeholder: preset?.region ?? 'us-east-1',
      description: `The region of the bucket, for example ${preset?.region ?? 'us-east-1'}.`,
      inputType: 'text',
    });
  }
  fields.push(prefixField('prefix'));
  return fields;
}

const WEBFOLDER_FIELDS: readonly CredentialField[] = [
  {
    name: 'webfolder_prefix',
    role: 'base_url',
    label: 'Base URL',
    required: true,
    secret: false,
    placeholder: 'https://www.example.com/images/',
    description:
      "The public address of the folder on your website that holds your images. Each image's path is added to it.",
    inputType: 'url',
  },
];

const WEBPROXY_FIELDS: readonly CredentialField[] = [
  {
    name: 'webproxy_info',
    role: 'notes',
    label: 'Notes',
    required: false,
    secret: false,
    placeholder: 'Product images from our suppliers’ websites',
    description:
      'What this proxy will serve, for your teammates. Each request names the whole image URL.',
    inputType: 'textarea',
  },
];

/**
 * The fields of a source type, and for s3_compatible of its provider (without a provider, the
 * common S3-compatible fields with a region).
 */
export function fieldsFor(
  type: SourceType,
  provider?: StorageProvider,
): readonly CredentialField[] {
  switch (type) {
    case 's3':
      return S3_FIELDS;
    case 'gcs':
      return GCS_FIELDS;
    case 'azure':
      return AZURE_FIELDS;
    case 's3_compatible':
      return s3CompatibleFields(provider);
    case 'webfolder':
      return WEBFOLDER_FIELDS;
    case 'webproxy':
      return WEBPROXY_FIELDS;
    case 'darkroom_storage':
      return [];
  }
}

/** The name of the field that plays `role` for a source type (and provider), if one does. */
export function credentialFieldName(
  type: SourceType,
  role: CredentialRole,
  provider?: StorageProvider,
): string | undefined {
  return fieldsFor(type, provider).find((field) => field.role === role)?.name;
}

/** Every field name that plays `role` for some source type. */
export function credentialFieldNames(role: CredentialRole): ReadonlySet<string> {
  const names = new Set<string>();
  for (const type of SOURCE_TYPES) {
    for (const field of fieldsFor(type)) if (field.role === role) names.add(field.name);
  }
  return names;
}

/**
 * A fresh configuration for the chosen card: the provider's preset endpoint and region (spec
 * section 3) and Azure's default blob service, every other field empty.
 */
export function defaultConfiguration(
  type: SourceType,
  provider?: StorageProvider,
): Record<string, string> {
  const configuration: Record<string, string> = { type };
  if (type === 's3_compatible' && provider !== undefined) configuration.storage_provider = provider;
  const preset = provider === undefined ? undefined : S3_COMPATIBLE_PRESETS[provider];
  for (const field of fieldsFor(type, provider)) {
    if (field.name === 'azure_service_type') configuration[field.name] = DEFAULT_AZURE_SERVICE_TYPE;
    else if (field.name === 'endpoint_url' && preset) configuration[field.name] = preset.endpoint;
    else if (field.name === 'region' && preset) configuration[field.name] = preset.region;
    else if (field.inputType !== 'select') configuration[field.name] = '';
  }
  return configuration;
}

/** The names of the required fields of a source type (and provider). */
export function requiredFieldsFor(type: SourceType, provider?: StorageProvider): string[] {
  return fieldsFor(type, provider)
    .filter((field) => field.required)
    .map((field) => field.name);
}

/** The names of the secret fields of a source type (and provider). */
export function secretFieldsFor(type: SourceType, provider?: StorageProvider): string[] {
  return fieldsFor(type, provider)
    .filter((field) => field.secret)
    .map((field) => field.name);
}

/**
 * The required fields of a configuration that are still empty (spec section 5: each must be a
 * non-empty string or array, otherwise Continue is disabled). An unknown type misses `type`.
 */
export function missingRequiredFields(configuration: Readonly<Record<string, unknown>>): string[] {
  const { type, storage_provider: provider } = configuration;
  if (!isSourceType(type)) return ['type'];
  if (type === 's3_compatible' && !isStorageProvider(provider)) return ['storage_provider'];
  return requiredFieldsFor(type, isStorageProvider(provider) ? provider : undefined).filter(
    (name) => {
      const value = configuration[name];
      if (typeof value === 'string') return value.trim() === '';
      if (Array.isArray(value)) return value.length === 0;
      return true;
    },
  );
}

/**
 * Spec section 3: "Only required fields and fields from the chosen provider's definition are
 * sent". Keeps `type`, `storage_provider` (s3_compatible only) and the chosen provider's fields;
 * drops everything else, such as fields left over from a type chosen earlier.
 */
export function pickProviderFields(
  configuration: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const { type, storage_provider: provider } = configuration;
  if (!isSourceType(type)) return { type };
  const picked: Record<string, unknown> = { type };
  const chosenProvider = isStorageProvider(provider) ? provider : undefined;
  if (type === 's3_compatible') picked.storage_provider = provider;
  for (const field of fieldsFor(type, chosenProvider)) {
    if (Object.hasOwn(configuration, field.name)) picked[field.name] = configuration[field.name];
  }
  return picked;
}
