// The sources delivery serves, by host: looked up in the database on a miss, kept briefly in
// memory (SourceCache), rebuilt at once when this process edits one, each with what delivery
// reads on every request already worked out (delivery-source.ts). The lookup is everything a
// delivery reads from the database (the source row with its signing token and settings, its
// premium grants), so while the database is away the last lookup of each host answers for it.
import { effectiveCapabilities, type CapabilityName } from '@darkroom/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { SecretBox } from '../crypto/secrets.ts';
import type { DatabaseSchema, SourceRow } from '../db/schema.ts';
import type { SourceOrigins } from '../storage/source-origins.ts';
import { capabilityGrants, installedCapabilitiesOf } from '../store/capabilities.ts';
import { findSourceByHost } from '../store/source-hosts.ts';
import { onSourceChange } from '../store/sources.ts';
import { deliverySource, type DeliverySource } from './delivery-source.ts';
import { hiddenPathsOf } from './hidden-assets.ts';
import { SourceCache } from './source-cache.ts';

/** Source lookups are trusted this long; edits in this process drop them at once. */
const SOURCE_CACHE_TTL_MS = 5_000;
const SOURCE_CACHE_MAX_HOSTS = 10_000;
/**
 * While the database is away, a lookup answers for up to an hour after it was last read: long
 * enough for a failover or a restart of PostgreSQL, short enough that a source disabled or a
 * signing token rotated elsewhere meanwhile is not honoured here for longer.
 */
const SOURCE_CACHE_MAX_STALE_MS = 60 * 60_000;
/**
 * A request waits this long for a lookup being read again before the last one answers: a
 * lookup takes milliseconds, and a database that does not answer (paused, or its packets lost)
 * may take minutes to fail.
 */
const SOURCE_CACHE_RELOAD_WAIT_MS = 1_000;
/** While lookups fail, each host is read again this often, in the background. */
const SOURCE_CACHE_RETRY_MS = 2_000;

export interface SourceDirectoryDependencies {
  config: Readonly<Config>;
  db: Kysely<DatabaseSchema>;
  secrets: SecretBox;
  origins: SourceOrigins;
  log: FastifyBaseLogger;
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
      maxStaleMs: SOURCE_CACHE_MAX_STALE_MS,
      reloadWaitMs: SOURCE_CACHE_RELOAD_WAIT_MS,
      retryMs: SOURCE_CACHE_RETRY_MS,
      maxEntries: SOURCE_CACHE_MAX_HOSTS,
      // Once per outage, not per request.
      onOutage: (error) => {
        deps.log.error({ err: error }, 'source lookups failing: serving the last ones read');
      },
      onRecovered: () => deps.log.info('source lookups answered again'),
    });
    this.#stopListening = onSourceChange((sourceId) => this.#cache.invalidate(sourceId));
  }

  /** The source a delivery host names (lowercased Host header), or null. */
  get(host: string): Promise<DeliverySource | null> {
    return this.#cache.get(host);
  }

  /** The source of `host` if a lookup is at hand, without waiting (see SourceCache.peek). */
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
    return deliverySource(
      row,
      this.#deps,
      await this.#capabilitiesOf(row),
      await hiddenPathsOf(db, row),
    );
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
