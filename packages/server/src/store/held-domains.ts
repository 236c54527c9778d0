// The subdomains of deleted sources, held for their account for a grace period (migration 0027):
// links, embeds and CDN entries still name them, and another account taking one at once would
// serve its own images under them. The account that held one may take it back at any time.
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';

type Db = Kysely<DatabaseSchema>;

/** How long a deleted source's subdomains stay held for its account. */
export const SUBDOMAIN_GRACE_MS = 7 * 24 * 60 * 60_000;

/** Holds `domains` for `accountId` until `until` (a later hold of the same domain replaces it). */
export async function holdDomains(
  db: Db,
  accountId: string,
  domains: readonly string[],
  until: Date,
): Promise<void> {
  if (domains.length === 0) return;
  await db
    .insertInto('held_domains')
    .values(domains.map((domain) => ({ domain, account_id: accountId, held_until: until })))
    .onConflict((conflict) =>
      conflict.column('domain').doUpdateSet({ account_id: accountId, held_until: until }),
    )
    .execute();
}

/** A domain held for another account than the one asking, and until when. */
export interface HeldDomain {
  domain: string;
  heldUntil: Date;
}

/**
 * The first of `domains` still held for an account other than `accountId` (the account a
 * source being written belongs to), or null. `accountId` null: held for anyone.
 */
export async function heldForOthers(
  db: Db,
  domains: readonly string[],
  accountId: string | null,
  now = new Date(),
): Promise<HeldDomain | null> {
  if (domains.length === 0) return null;
  let query = db
    .selectFrom('held_domains')
    .select(['domain', 'held_until'])
    .where(
      'domain',
      'in',
      domains.map((domain) => domain.toLowerCase()),
    )
    .where('held_until', '>', now);
  if (accountId !== null) query = query.where('account_id', '!=', accountId);
  const row = await query.orderBy('domain').executeTakeFirst();
  return row === undefined ? null : { domain: row.domain, heldUntil: row.held_until };
}

/** The detail of a refusal for a held subdomain: a different account owns it for now. */
export function heldDomainDetail(held: HeldDomain): string {
  // 'A different account owns' is the phrase the dashboard maps to its taken-domain message
  // (spec platform section 8).
  return `A different account owns this domain: it belonged to a deleted source and is held for that account until ${held.heldUntil.toISOString().slice(0, 10)}.`;
}
