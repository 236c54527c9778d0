import type { StorageProvider } from './types.ts';

/** Where the Cloudflare account id goes in the R2 endpoint; the user replaces it. */
export const R2_ACCOUNT_ID_PLACEHOLDER = '{account_id}';

export interface S3CompatiblePreset {
  name: string;
  /** Host (no scheme) the endpoint field starts with. */
  endpoint: string;
  region: string;
  /** False when the form hides the region field and the region is fixed (R2). */
  showRegion: boolean;
  /** The provider's list of regions and their endpoints. */
  regionHelpUrl: string;
}

/** Spec section 3: the S3-compatible presets with their default endpoint and region. */
export const S3_COMPATIBLE_PRESETS: Readonly<Record<StorageProvider, S3CompatiblePreset>> = {
  r2: {
    name: 'Cloudflare R2',
    endpoint: `${R2_ACCOUNT_ID_PLACEHOLDER}.r2.cloudflarestorage.com`,
    region: 'auto',
    showRegion: false,
    regionHelpUrl: 'https://developers.cloudflare.com/r2/reference/data-location/',
  },
  digitalocean: {
    name: 'DigitalOcean',
    endpoint: 'nyc3.digitaloceanspaces.com',
    region: 'nyc3',
    showRegion: true,
    regionHelpUrl: 'https://docs.digitalocean.com/products/spaces/details/availability/',
  },
  linode: {
    name: 'Linode',
    endpoint: 'us-east-1.linodeobjects.com',
    region: 'us-east-1',
    showRegion: true,
    regionHelpUrl: 'https://techdocs.akamai.com/cloud-computing/docs/object-storage#availability',
  },
  wasabi: {
    name: 'Wasabi',
    endpoint: 's3.us-west-1.wasabisys.com',
    region: 'us-west-1',
    showRegion: true,
    regionHelpUrl:
      'https://docs.wasabi.com/docs/what-are-the-service-urls-for-wasabis-different-storage-regions',
  },
};

/** The R2 endpoint for a Cloudflare account id (the preset with its placeholder filled in). */
export function r2Endpoint(accountId: string): string {
  return S3_COMPATIBLE_PRESETS.r2.endpoint.replace(
    R2_ACCOUNT_ID_PLACEHOLDER,
    accountId.trim().toLowerCase(),
  );
}
