// Source types, providers and their labels (spec platform section 3, "Source types").

/** The values of `production.type`. */
export const SOURCE_TYPES = [
  'webfolder',
  's3',
  's3_compatible',
  'gcs',
  'azure',
  'webproxy',
  'darkroom_storage',
] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

export const SOURCE_TYPE_LABELS: Readonly<Record<SourceType, string>> = {
  webfolder: 'Web Folder',
  s3: 'Amazon S3',
  s3_compatible: 'S3 Compatible',
  gcs: 'Google Cloud Storage',
  azure: 'Microsoft Azure',
  webproxy: 'Web Proxy',
  darkroom_storage: 'Darkroom Storage',
};

/** The values of `production.storage_provider` when the type is `s3_compatible`. */
export const STORAGE_PROVIDERS = ['r2', 'digitalocean', 'linode', 'wasabi'] as const;
export type StorageProvider = (typeof STORAGE_PROVIDERS)[number];

export const STORAGE_PROVIDER_LABELS: Readonly<Record<StorageProvider, string>> = {
  r2: 'Cloudflare R2',
  digitalocean: 'DigitalOcean',
  linode: 'Linode',
  wasabi: 'Wasabi',
};

/** The storage provider when the type is `s3_compatible`, otherwise the type itself. */
export type DerivedSourceType = Exclude<SourceType, 's3_compatible'> | StorageProvider;

/** True when `value` is one of the source types. */
export function isSourceType(value: unknown): value is SourceType {
  return typeof value === 'string' && (SOURCE_TYPES as readonly string[]).includes(value);
}

/** True when `value` is one of the S3-compatible storage providers. */
export function isStorageProvider(value: unknown): value is StorageProvider {
  return typeof value === 'string' && (STORAGE_PROVIDERS as readonly string[]).includes(value);
}

/**
 * Spec section 3: the derived sourceType equals the storage provider when the type is
 * s3_compatible, otherwise the type. Returns null for an s3_compatible source without a provider.
 */
export function deriveSourceType(production: {
  type: SourceType;
  storage_provider?: StorageProvider | null | undefined;
}): DerivedSourceType | null {
  if (production.type !== 's3_compatible') return production.type;
  return production.storage_provider ?? null;
}

/** The label shown for a derived source type, for example "Cloudflare R2" or "Amazon S3". */
export function derivedSourceTypeLabel(type: DerivedSourceType): string {
  return isStorageProvider(type) ? STORAGE_PROVIDER_LABELS[type] : SOURCE_TYPE_LABELS[type];
}

export interface ProviderCard {
  /** The derived source type the card stands for. */
  id: Exclude<DerivedSourceType, 'darkroom_storage'>;
  label: string;
  type: Exclude<SourceType, 'darkroom_storage'>;
  storage_provider?: StorageProvider;
  /** The provider's public documentation. */
  docsUrl: string;
}

/** Spec section 2: the nine provider cards of the wizard's first step, in this order. */
export const PROVIDER_CARDS: readonly ProviderCard[] = [
  {
    id: 's3',
    label: 'Amazon S3',
    type: 's3',
    docsUrl: 'https://docs.aws.amazon.com/AmazonS3/latest/userguide/Welcome.html',
  },
  {
    id: 'r2',
    label: 'Cloudflare R2',
    type: 's3_compatible',
    storage_provider: 'r2',
    docsUrl: 'https://developers.cloudflare.com/r2/',
  },
  {
    id: 'digitalocean',
    label: 'DigitalOcean',
    type: 's3_compatible',
    storage_provider: 'digitalocean',
    docsUrl: 'https://docs.digitalocean.com/products/spaces/',
  },
  {
    id: 'gcs',
    label: 'Google Cloud',
    type: 'gcs',
    docsUrl: 'https://cloud.google.com/storage/docs',
  },
  {
    id: 'linode',
    label: 'Linode',
    type: 's3_compatible',
    storage_provider: 'linode',
    docsUrl: 'https://techdocs.akamai.com/cloud-computing/docs/object-storage',
  },
  {
    id: 'azure',
    label: 'Microsoft Azure',
    type: 'azure',
    docsUrl: 'https://learn.microsoft.com/en-us/azure/storage/blobs/',
  },
  {
    id: 'wasabi',
    label: 'Wasabi',
    type: 's3_compatible',
    storage_provider: 'wasabi',
    docsUrl: 'https://docs.wasabi.com/',
  },
  {
    id: 'webfolder',
    label: 'Web Folder',
    type: 'webfolder',
    // A web folder is the customer's own web server, so there is no vendor: link to the
    // public reference for what a base URL is.
    docsUrl:
      'https://developer.mozilla.org/en-US/docs/Learn_web_development/Howto/Web_mechanics/What_is_a_URL',
  },
  {
    id: 'webproxy',
    label: 'Web Proxy',
    type: 'webproxy',
    docsUrl: 'https://developer.mozilla.org/en-US/docs/Web/HTTP/Guides/Proxy_servers_and_tunneling',
  },
];

/** Spec section 3: cache_ttl_behavior options. */
export const CACHE_TTL_BEHAVIORS = ['default', 'override', 'minimum'] as const;
export type CacheTtlBehavior = (typeof CACHE_TTL_BEHAVIORS)[number];

export const CACHE_TTL_BEHAVIOR_LABELS: Readonly<Record<CacheTtlBehavior, string>> = {
  default: 'Respect origin',
  override: 'Override origin',
  minimum: 'Enforce minimum',
};

/** Spec section 3: azure_service_type options, blob by default. */
export const AZURE_SERVICE_TYPES = ['blob', 'file'] as const;
export type AzureServiceType = (typeof AZURE_SERVICE_TYPES)[number];
export const DEFAULT_AZURE_SERVICE_TYPE: AzureServiceType = 'blob';

export const AZURE_SERVICE_TYPE_LABELS: Readonly<Record<AzureServiceType, string>> = {
  blob: 'Container (blob)',
  file: 'File Share',
};

/** Spec section 4: a new source is deploying, then deployed (or failed). */
export const DEPLOYMENT_STATUSES = ['deploying', 'deployed', 'failed'] as const;
export type DeploymentStatus = (typeof DEPLOYMENT_STATUSES)[number];

/** True when `value` is one of the deployment statuses. */
export function isDeploymentStatus(value: unknown): value is DeploymentStatus {
  return typeof value === 'string' && (DEPLOYMENT_STATUSES as readonly string[]).includes(value);
}

const DEPLOYMENT_STATUS_LABELS: Readonly<Record<DeploymentStatus, string>> = {
  deploying: 'Deploying',
  deployed: 'Deployed',
  failed: 'Deployment failed',
};

/** The status shown for a source: "Disabled" whenever it is switched off, else its deployment. */
export function displayStatus(source: {
  enabled: boolean;
  deployment_status: DeploymentStatus | string;
}): string {
  if (!source.enabled) return 'Disabled';
  return isDeploymentStatus(source.deployment_status)
    ? DEPLOYMENT_STATUS_LABELS[source.deployment_status]
    : 'Unknown';
}
