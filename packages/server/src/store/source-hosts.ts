import { parseDeliveryDomain } from '@darkroom/core';
import type { Kysely } from 'kysely';
import type { DatabaseSchema, SourceRow } from '../db/schema.ts';
import { hostName } from '../net/host-name.ts';

type Db = Kysely<DatabaseSchema>;

/** What a delivery Host header names: a subdomain of the delivery domain, or a custom domain. */
export interface DeliveryHostLookup {
  domain: string;
  kind: 'subdomain' | 'custom';
}

/**
 * The domain a Host header asks for (port and trailing dot ignored), or null when the host can
 * be no source's: the delivery domain itself, two labels below it, an IP address or a single
 * label (custom domains have at least two labels, spec platform section 5).
 */
export function deliveryHostLookup(
  host: string,
  deliveryDomain: string,
): DeliveryHostLookup | null {
  const hostname = hostName(host);
  const delivery = parseDeliveryDomain(deliveryDomain).host;
  const suffix = `.${delivery}`;
  if (hostname.endsWith(suffix)) {
    const subdomain = hostname.slice(0, -suffix.length);
    // One label only: a.b.{delivery} is no source's subdomain.
    return subdomain === '' || subdomain.includes('.')
      ? null
      : { domain: subdomain, kind: 'subdomain' };
  }
  if (hostname === delivery || !hostname.includes('.') || hostname.startsWith('[')) return null;
  if (/^[\d.]+$/.test(hostname)) return null;
  return { domain: hostname, kind: 'custom' };
}

/**
 * The source a delivery request's Host names: `{subdomain}.{deliveryDomain}` or one of its custom
 * domains (docs/ARCHITECTURE.md, "A delivery from socket to bytes"). Disabled sources deliver
 * nothing, so they are found only with `includeDisabled` (delivery tells them, 410, from unknown
 * hosts, 404).
 */
export async function findSourceByHost(
  db: Db,
  host: string,
  deliveryDomain: string,
  options: { includeDisabled?: boolean } = {},
): Promise<SourceRow | undefined> {
  const lookup = deliveryHostLookup(host, deliveryDomain);
  if (lookup === null) return undefined;
  let query = db
    .selectFrom('source_domains')
    .innerJoin('sources', 'sources.id', 'source_domains.source_id')
    .selectAll('sources')
    .where('source_domains.domain', '=', lookup.domain)
    .where('source_domains.kind', '=', lookup.kind);
  if (options.includeDisabled !== true) query = query.where('sources.enabled', '=', true);
  return query.executeTakeFirst();
}
