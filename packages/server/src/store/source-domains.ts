// The domains sources hold (the source_domains table): a subdomain of the delivery domain or a
// custom domain belongs to one source at most, and some subdomains to none.
import type { Kysely } from 'kysely';
import type { DatabaseSchema, SourceSettings } from '../db/schema.ts';
import { isUniqueViolation } from './errors.ts';

/**
 * Subdomains no customer may take: the demo source's, and names people would take for the
 * service's own (sources contract, "validations/domains").
 */
export const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set([
  'demo',
  'www',
  'api',
  'admin',
  'app',
  'static',
  'assets',
  'cdn',
  'mail',
]);

/** A domain another source already holds. */
export class DomainTakenError extends Error {
  readonly domain: string;
  readonly owner: DomainOwner | null;

  constructor(domain: string, owner: DomainOwner | null) {
    super(`The domain ${domain} is already in use.`);
    this.name = 'DomainTakenError';
    this.domain = domain;
    this.owner = owner;
  }
}

export interface DomainOwner {
  sourceId: string;
  accountId: string;
}

type Db = Kysely<DatabaseSchema>;

function domainRows(sourceId: string, settings: SourceSettings) {
  return [
    ...settings.darkroom_subdomains.map((domain) => ({
      domain,
      kind: 'subdomain' as const,
      source_id: sourceId,
    })),
    ...settings.custom_domains.map((domain) => ({
      domain,
      kind: 'custom' as const,
      source_id: sourceId,
    })),
  ];
}

/** Who holds a subdomain or custom domain, if anyone. */
export async function findDomainOwner(db: Db, domain: string): Promise<DomainOwner | undefined> {
  const row = await db
    .selectFrom('source_domains')
    .innerJoin('sources', 'sources.id', 'source_domains.source_id')
    .select(['sources.id as sourceId', 'sources.account_id as accountId'])
    .where('source_domains.domain', '=', domain.toLowerCase())
    .executeTakeFirst();
  return row;
}

/** The first of `domains` held by a source other than `exceptSourceId`. */
async function firstTaken(
  db: Db,
  domains: readonly string[],
  exceptSourceId: string | null,
): Promise<DomainTakenError | null> {
  if (domains.length === 0) return null;
  let query = db
    .selectFrom('source_domains')
    .innerJoin('sources', 'sources.id', 'source_domains.source_id')
    .select(['source_domains.domain', 'sources.id as sourceId', 'sources.account_id as accountId'])
    .where('source_domains.domain', 'in', domains);
  if (exceptSourceId !== null) query = query.where('sources.id', '!=', exceptSourceId);
  const rows = await query.execute();
  const taken = domains.find((domain) => rows.some((row) => row.domain === domain));
  const row = rows.find((candidate) => candidate.domain === taken);
  return taken === undefined || row === undefined
    ? null
    : new DomainTakenError(taken, { sourceId: row.sourceId, accountId: row.accountId });
}

/**
 * Writes the domains of a source. The primary key of source_domains is what keeps a domain on
 * one source when two processes race; the check before it only names the owner.
 */
export async function writeDomains(
  db: Db,
  sourceId: string,
  settings: SourceSettings,
  replace: boolean,
): Promise<void> {
  const rows = domainRows(sourceId, settings);
  const taken = await firstTaken(
    db,
    rows.map((row) => row.domain),
    sourceId,
  );
  if (taken) throw taken;
  if (replace) await db.deleteFrom('source_domains').where('source_id', '=', sourceId).execute();
  if (rows.length > 0) await db.insertInto('source_domains').values(rows).execute();
}

/**
 * Runs a write of a source's domains. Another process may take a domain between the check and
 * the insert: its unique violation becomes the DomainTakenError naming the holder, if it can.
 */
export async function withDomainRace<T>(
  db: Db,
  settings: SourceSettings | undefined,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error, 'source_domains_pkey') || settings === undefined) throw error;
    const domains = domainRows('', settings).map((row) => row.domain);
    throw (await firstTaken(db, domains, null)) ?? new DomainTakenError(domains[0] ?? '', null);
  }
}
