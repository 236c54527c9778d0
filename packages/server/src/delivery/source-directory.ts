// The sources delivery serves, by host: looked up in the database on a miss, kept briefly in
// memory (SourceCache), rebuilt at once when this process edits one, each with what delivery
// reads on every request already worked out (delivery-source.ts).
import { effectiveCapabilities, type CapabilityName } from '@darkroom/core';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { SecretBox } from '../crypto/secrets.ts';
import type { DatabaseSchema, SourceRow } from '../db/schema.ts';
import type { SourceOrigins } from '../storage/source-origins.ts';
import { capabilityGrants, installedCapabilitiesOf } from '../store/capabilities.ts';
import { findSourceByHost } from '../store/source-hosts.ts';
import { onSourceChange } from '../store/sources.ts';
import { deliverySource, type DeliverySource } from './delivery-source.ts';
import { SourceCache } from './source-cache.ts';

/** Source lookups are trusted this long; edits in this process drop them at once. */
const SOURCE_CACHE_TTL_MS = 5_000;
const SOURCE_CACHE_MAX_HOSTS = 10_000;

export interface SourceDirectoryDependencies {
  config: Readonly<Config>;
  db: Kysely<DatabaseSchema>;
  secrets: SecretBox;
  origins: SourceOrigins;
}

export class SourceDirectory {
  readonly #deps: SourceDirectoryDependencies;
  readonly #cache: SourceCache<DeliverySource>;
  readonly #stopListening: () => void;

  constructor(deps: SourceDirectoryDependencies) {
    this.#deps = deps;
    this.#cache = new SourceCache<DeliverySource>({
      load: (host) => this.#load(host),
      idOf: (source) => source.id,
      ttlMs: SOURCE_CACHE_TTL_MS,
      maxEntries: SOURCE_CACHE_MAX_HOSTS,
    });
    this.#stopListening = onSourceChange((sourceId) => this.#cache.invalidate(sourceId));
  }

  /** The source a delivery host names (lowercased Host header), or null. */
  get(host: string): Promise<DeliverySource | null> {
    return this.#cache.get(host);
  }

  /** The source of `host` if a fresh lookup is at hand, without waiting (see SourceCache.peek). */
  peek(host: string): DeliverySource | null | undefined {
    return this.#cache.peek(host);
  }

  /** Stops following this process's source edits. */
  close(): void {
    this.#stopListening();
  }

  async #load(host: string): Promise<DeliverySource | null> {
    const { config, db } = this.#deps;
    const row = await findSourceByHost(db, host, config.deliveryDomain, { includeDisabled: true });
    if (row === undefined) return null;
    return deliverySource(row, this.#deps, await this.#capabilitiesOf(row));
  }

  /**
   * The premium capabilities a source may use: its own and its account's grants, within what
   * this install can run. The demo source shows every feature the install has.
   */
  async #capabilitiesOf(row: SourceRow): Promise<ReadonlySet<CapabilityName>> {
    const installed = installedCapabilitiesOf(this.#deps.config);
    if (row.is_demo) return new Set(installed);
    const grants = await capabilityGrants(this.#deps.db, row.id);
    const granted = new Set(effectiveCapabilities(grants?.account ?? [], grants?.source ?? []));
    return new Set(installed.filter((name) => granted.has(name)));
  }
}
