import { describe, expect, it } from 'vitest';
import {
  AZURE_SERVICE_TYPE_LABELS,
  CACHE_TTL_BEHAVIOR_LABELS,
  DEFAULT_AZURE_SERVICE_TYPE,
  PROVIDER_CARDS,
  SOURCE_TYPE_LABELS,
  STORAGE_PROVIDER_LABELS,
  deriveSourceType,
  derivedSourceTypeLabel,
  displayStatus,
  isSourceType,
  isStorageProvider,
} from './types.ts';

describe('source types and labels', () => {
  it('labels every source type as the spec names it', () => {
    expect(SOURCE_TYPE_LABELS).toEqual({
      webfolder: 'Web Folder',
      s3: 'Amazon S3',
      s3_compatible: 'S3 Compatible',
      gcs: 'Google Cloud Storage',
      azure: 'Microsoft Azure',
      webproxy: 'Web Proxy',
      darkroom_storage: 'Darkroom Storage',
    });
  });

  it('labels the four S3-compatible providers', () => {
    expect(STORAGE_PROVIDER_LABELS).toEqual({
      r2: 'Cloudflare R2',
      digitalocean: 'DigitalOcean',
      linode: 'Linode',
      wasabi: 'Wasabi',
    });
  });

  it('recognises source types and providers and nothing else', () => {
    expect(isSourceType('darkroom_storage')).toBe(true);
    expect(isSourceType('ftp')).toBe(false);
    expect(isSourceType(undefined)).toBe(false);
    expect(isStorageProvider('r2')).toBe(true);
    expect(isStorageProvider('s3')).toBe(false);
  });

  it('labels cache TTL behaviours and Azure services, with blob as the default service', () => {
    expect(CACHE_TTL_BEHAVIOR_LABELS).toEqual({
      default: 'Respect origin',
      override: 'Override origin',
      minimum: 'Enforce minimum',
    });
    expect(AZURE_SERVICE_TYPE_LABELS).toEqual({ blob: 'Container (blob)', file: 'File Share' });
    expect(DEFAULT_AZURE_SERVICE_TYPE).toBe('blob');
  });
});

describe('PROVIDER_CARDS', () => {
  it('lists the nine wizard cards in the order of spec section 2', () => {
    expect(PROVIDER_CARDS.map((card) => card.label)).toEqual([
      'Amazon S3',
      'Cloudflare R2',
      'DigitalOcean',
      'Google Cloud',
      'Linode',
      'Microsoft Azure',
      'Wasabi',
      'Web Folder',
      'Web Proxy',
    ]);
  });

  it('gives S3-compatible cards their provider and the others none', () => {
    for (const card of PROVIDER_CARDS) {
      if (card.type === 's3_compatible') expect(card.storage_provider).toBe(card.id);
      else expect(card.storage_provider).toBeUndefined();
    }
  });

  it('derives each card id from its type and provider', () => {
    for (const card of PROVIDER_CARDS) {
      expect(deriveSourceType({ type: card.type, storage_provider: card.storage_provider })).toBe(
        card.id,
      );
    }
  });

  it('links every card to an https documentation page', () => {
    for (const card of PROVIDER_CARDS) expect(card.docsUrl).toMatch(/^https:\/\/[a-z0-9.-]+\//);
    expect(new Set(PROVIDER_CARDS.map((card) => card.docsUrl)).size).toBe(PROVIDER_CARDS.length);
  });
});

describe('deriveSourceType', () => {
  it('uses the storage provider for s3_compatible sources', () => {
    expect(deriveSourceType({ type: 's3_compatible', storage_provider: 'wasabi' })).toBe('wasabi');
  });

  it('uses the type for every other source, ignoring a stray provider', () => {
    expect(deriveSourceType({ type: 'gcs' })).toBe('gcs');
    expect(deriveSourceType({ type: 's3', storage_provider: 'r2' })).toBe('s3');
  });

  it('returns null for an s3_compatible source without a provider', () => {
    expect(deriveSourceType({ type: 's3_compatible', storage_provider: null })).toBeNull();
  });

  it('labels derived types with the provider or type label', () => {
    expect(derivedSourceTypeLabel('r2')).toBe('Cloudflare R2');
    expect(derivedSourceTypeLabel('azure')).toBe('Microsoft Azure');
  });
});

describe('displayStatus', () => {
  it('shows the deployment status of an enabled source', () => {
    expect(displayStatus({ enabled: true, deployment_status: 'deployed' })).toBe('Deployed');
    expect(displayStatus({ enabled: true, deployment_status: 'deploying' })).toBe('Deploying');
    expect(displayStatus({ enabled: true, deployment_status: 'failed' })).toBe('Deployment failed');
  });

  it('shows Disabled for a disabled source whatever its deployment', () => {
    expect(displayStatus({ enabled: false, deployment_status: 'deployed' })).toBe('Disabled');
    expect(displayStatus({ enabled: false, deployment_status: 'failed' })).toBe('Disabled');
  });

  it('shows Unknown for a status it does not know, including inherited property names', () => {
    expect(displayStatus({ enabled: true, deployment_status: 'archived' })).toBe('Unknown');
    expect(displayStatus({ enabled: true, deployment_status: 'constructor' })).toBe('Unknown');
  });
});
