// What delivery knows about a source, built once per source version from its row: secrets
// decrypted, storage adapter made on first use, the settings it reads on every request.
import type { CapabilityName, FallbackImage, SourceSettings } from '@darkroom/core';
import { parseDeliveryDomain } from '@darkroom/core';
import type { Config } from '../config.ts';
import type { SecretBox } from '../crypto/secrets.ts';
import type { SourceRow } from '../db/schema.ts';
import type { SourceOrigins } from '../storage/source-origins.ts';
import type { StorageAdapter } from '../storage/types.ts';

export interface DeliverySource {
  id: string;
  accountId: string;
  type: string;
  isDemo: boolean;
  enabled: boolean;
  /** A source serves once it has deployed; a redeploy after an edit does not stop it. */
  deployed: boolean;
  globalVersion: number;
  settings: SourceSettings;
  /** Web proxy sources always need a signature (imgix: "a requirement for Web Proxy Sources"). */
  requiresSignature: boolean;
  /** The secure URL token in plain text. */
  token: string;
  imageError: FallbackImage | null;
  imageMissing: FallbackImage | null;
  /** Host names (without port) this source answers on, to refuse marks that loop back to it. */
  hostnames: ReadonlySet<string>;
  /** The premium capabilities its account or itself grants that this install can run. */
  capabilities: ReadonlySet<CapabilityName>;
  /** enable_multiframe: off, animations render as their first frame. */
  multiframe: boolean;
  /** The paths answered 404 ("Stop delivering hidden images", hidden-assets.ts); null: none. */
  hiddenPaths: ReadonlySet<string> | null;
  adapter(): Promise<StorageAdapter>;
}

export interface DeliverySourceDependencies {
  config: Pick<Config, 'deliveryDomain'>;
  secrets: SecretBox;
  origins: SourceOrigins;
}

export function deliverySource(
  row: SourceRow,
  deps: DeliverySourceDependencies,
  capabilities: ReadonlySet<CapabilityName>,
  hiddenPaths: ReadonlySet<string> | null = null,
): DeliverySource {
  const delivery = parseDeliveryDomain(deps.config.deliveryDomain).host;
  let adapter: Promise<StorageAdapter> | null = null;
  return {
    id: row.id,
    accountId: row.account_id,
    type: row.type,
    isDemo: row.is_demo,
    enabled: row.enabled,
    deployed: row.deployed_at !== null,
    globalVersion: row.global_version,
    settings: row.settings,
    requiresSignature: row.secure_url_enabled || row.type === 'webproxy',
    token: deps.secrets.decrypt(row.secure_url_token),
    imageError: row.image_error,
    imageMissing: row.image_missing,
    hostnames: new Set([
      ...row.settings.darkroom_subdomains.map((subdomain) => `${subdomain}.${delivery}`),
      ...row.settings.custom_domains,
    ]),
    capabilities,
    multiframe: row.enable_multiframe,
    hiddenPaths,
    adapter() {
      adapter ??= deps.origins.adapterFor(row);
      // A factory that failed once (bad stored configuration) is tried again next time.
      adapter.catch(() => {
        adapter = null;
      });
      return adapter;
    },
  };
}
