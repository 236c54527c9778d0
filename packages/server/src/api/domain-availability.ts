import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';
import { heldDomainDetail, heldForOthers } from '../store/held-domains.ts';
import { findDomainOwner, RESERVED_SUBDOMAINS, type DomainOwner } from '../store/source-domains.ts';
import { DEMO_SOURCE_ID } from '../store/sources.ts';

// Spec platform section 8: a detail containing 'already in use by source' or 'A different
// account owns' reads in the dashboard as 'This domain is already in use by another source.'

/** Why a domain is unavailable to `callerAccountId` (null: an admin, who may see every owner). */
export function domainTakenDetail(
  owner: DomainOwner | null,
  callerAccountId: string | null,
): string {
  if (owner === null) return 'This domain is already in use by source another source.';
  const foreign =
    callerAccountId !== null &&
    owner.accountId !== callerAccountId &&
    owner.sourceId !== DEMO_SOURCE_ID;
  return foreign
    ? 'A different account owns this domain.'
    : `This domain is already in use by source ${owner.sourceId}.`;
}

const RESERVED_DETAIL =
  'This domain is reserved for Darkroom itself, so it is already in use by source darkroom.';

/** Whether a subdomain is reserved (the demo source's, and names like www and api). */
function isReservedSubdomain(subdomain: string): boolean {
  return RESERVED_SUBDOMAINS.has(subdomain.toLowerCase());
}

export type Availability =
  { available: true } | { available: false; detail: string; owner: DomainOwner | null };

/** Whether a subdomain or custom domain can be taken by a source other than `exceptSourceId`. */
export async function domainAvailability(
  db: Kysely<DatabaseSchema>,
  domain: string,
  kind: 'subdomain' | 'custom',
  callerAccountId: string | null,
  exceptSourceId: string | null = null,
): Promise<Availability> {
  const owner = (await findDomainOwner(db, domain)) ?? null;
  if (owner !== null && owner.sourceId !== exceptSourceId) {
    return { available: false, detail: domainTakenDetail(owner, callerAccountId), owner };
  }
  if (kind === 'subdomain' && isReservedSubdomain(domain) && owner?.sourceId !== exceptSourceId) {
    return { available: false, detail: RESERVED_DETAIL, owner: null };
  }
  // A deleted source's subdomain stays its account's for a grace period (store/held-domains.ts).
  const held = kind === 'subdomain' ? await heldForOthers(db, [domain], callerAccountId) : null;
  if (held !== null) return { available: false, detail: heldDomainDetail(held), owner: null };
  return { available: true };
}
