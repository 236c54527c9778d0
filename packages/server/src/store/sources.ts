import { parseDeliveryDomain } from '@darkroom/core';
import { sql, type Kysely } from 'kysely';
import type {
  DatabaseSchema,
  FallbackImage,
  SourceRow,
  SourceSettings,
  StoredCredentials,
} from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import { isUniqueViolation } from './errors.ts';
import type { Page, PageRequest } from './list.ts';

/** Spec platform section 9: the demo source has the zero-filled id. */
export { DEMO_SOURCE_ID } from '@darkroom/core';

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

export type SourceColumn = 'name' | 'created_at' | 'updated_at';

export type DeploymentStatus = SourceRow['deployment_status'];

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

export interface NewSourceValues {
  id?: string;
  accountId: string;
  name: string;
  type: string;
  storageProvider: string | null;
  settings: SourceSettings;
  credentials: StoredCredentials;
  secureUrlEnabled: boolean;
  /** Already encrypted. */
  secureUrlToken: string;
  imageError: FallbackImage | null;
  imageMissing: FallbackImage | null;
  isDemo?: boolean;
  deploymentStatus?: DeploymentStatus;
}

export interface SourceChanges {
  name?: string;
  enabled?: boolean;
  secureUrlEnabled?: boolean;
  enableMultiframe?: boolean;
  /** Already encrypted. */
  secureUrlToken?: string;
  imageError?: FallbackImage | null;
  imageMissing?: FallbackImage | null;
  settings?: SourceSettings;
  credentials?: StoredCredentials;
  /** New credentials are checked again: the source goes back to deploying. */
  redeploy?: boolean;
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
async function writeDomains(
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

async function withDomainRace<T>(
  db: Db,
  settings: SourceSettings | undefined,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error, 'source_domains_pkey') || settings === undefined) throw error;
    // Another process took a domain between the check and the insert: name it if possible.
    const domains = domainRows('', settings).map((row) => row.domain);
    throw (await firstTaken(db, domains, null)) ?? new DomainTakenError(domains[0] ?? '', null);
  }
}

/** Work done in the same transaction as a write, such as enqueueing its job. */
export type WithinTransaction = (trx: Db, row: SourceRow) => Promise<void>;

/**
 * Inserts a source and its domains; throws DomainTakenError when a domain is held already.
 * `within` runs in the same transaction (the creation event and the deploy job).
 */
export async function insertSource(
  db: Db,
  values: NewSourceValues,
  within?: WithinTransaction,
): Promise<SourceRow> {
  const id = values.id ?? newId();
  const row = await withDomainRace(db, values.settings, () =>
    db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('sources')
        .values({
          id,
          account_id: values.accountId,
          name: values.name,
          type: values.type,
          storage_provider: values.storageProvider,
          settings: JSON.stringify(values.settings),
          credentials: JSON.stringify(values.credentials),
          secure_url_enabled: values.secureUrlEnabled,
          secure_url_token: values.secureUrlToken,
          image_error: values.imageError === null ? null : JSON.stringify(values.imageError),
          image_missing: values.imageMissing === null ? null : JSON.stringify(values.imageMissing),
          is_demo: values.isDemo ?? false,
          deployment_status: values.deploymentStatus ?? 'deploying',
          ...(values.deploymentStatus === 'deployed' ? { deployed_at: new Date() } : {}),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeDomains(trx, id, values.settings, false);
      await within?.(trx, row);
      return row;
    }),
  );
  notifySourceChange(row.id);
  return row;
}

/**
 * A source by id. With `scopeAccountId` only that account's sources are found, and the demo
 * source, which every signed-in account may read (spec platform section 9).
 */
export async function findSource(
  db: Db,
  id: string,
  scopeAccountId: string | null,
): Promise<SourceRow | undefined> {
  let query = db.selectFrom('sources').selectAll().where('id', '=', id);
  if (scopeAccountId !== null) {
    query = query.where((where) =>
      where.or([where('account_id', '=', scopeAccountId), where('is_demo', '=', true)]),
    );
  }
  return query.executeTakeFirst();
}

export interface SourceFilter {
  scopeAccountId: string | null;
  enabled?: boolean | undefined;
  accountId?: string | undefined;
  /** Lists the demo source too, which every account may browse (the asset manager). */
  withDemo?: boolean;
}

/** Sources of an account (or every account); the demo source only when asked for. */
export async function listSources(
  db: Db,
  filter: SourceFilter,
  request: PageRequest<SourceColumn>,
): Promise<Page<SourceRow>> {
  const { scopeAccountId } = filter;
  let query = db.selectFrom('sources');
  if (filter.withDemo !== true) query = query.where('is_demo', '=', false);
  if (scopeAccountId !== null) {
    query = query.where((where) =>
      filter.withDemo === true
        ? where.or([where('account_id', '=', scopeAccountId), where('is_demo', '=', true)])
        : where('account_id', '=', scopeAccountId),
    );
  }
  if (filter.accountId !== undefined) query = query.where('account_id', '=', filter.accountId);
  if (filter.enabled !== undefined) query = query.where('enabled', '=', filter.enabled);
  const { total } = await query
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  let rows = query.selectAll();
  for (const { column, descending } of request.sort) {
    const key = column === 'name' ? sql`lower(${sql.ref(column)})` : sql.ref(column);
    rows = rows.orderBy(key, descending ? 'desc' : 'asc');
  }
  return {
    rows: await rows
      .orderBy('id')
      .limit(request.pageSize)
      .offset((request.page - 1) * request.pageSize)
      .execute(),
    total,
  };
}

/** Applies changes, bumps global_version and date_modified; domains follow the settings. */
export async function updateSource(
  db: Db,
  id: string,
  changes: SourceChanges,
  within?: WithinTransaction,
): Promise<SourceRow> {
  const updated = await withDomainRace(db, changes.settings, () =>
    db.transaction().execute(async (trx) => {
      if (changes.settings !== undefined) await writeDomains(trx, id, changes.settings, true);
      const row = await trx
        .updateTable('sources')
        .set((eb) => ({
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
          ...(changes.secureUrlEnabled !== undefined
            ? { secure_url_enabled: changes.secureUrlEnabled }
            : {}),
          ...(changes.secureUrlToken !== undefined
            ? { secure_url_token: changes.secureUrlToken }
            : {}),
          ...(changes.enableMultiframe !== undefined
            ? { enable_multiframe: changes.enableMultiframe }
            : {}),
          ...(changes.imageError !== undefined
            ? { image_error: changes.imageError && JSON.stringify(changes.imageError) }
            : {}),
          ...(changes.imageMissing !== undefined
            ? { image_missing: changes.imageMissing && JSON.stringify(changes.imageMissing) }
            : {}),
          ...(changes.settings !== undefined ? { settings: JSON.stringify(changes.settings) } : {}),
          ...(changes.credentials !== undefined
            ? { credentials: JSON.stringify(changes.credentials) }
            : {}),
          ...(changes.redeploy
            ? { deployment_status: 'deploying' as const, deployment_error: null }
            : {}),
          global_version: eb('global_version', '+', 1),
          updated_at: new Date(),
        }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await within?.(trx, row);
      return row;
    }),
  );
  notifySourceChange(id);
  return updated;
}

/** Records the outcome of a deployment check. */
export async function setDeploymentResult(
  db: Db,
  id: string,
  result: { status: 'deployed' } | { status: 'failed'; error: string },
): Promise<SourceRow | undefined> {
  const row = await db
    .updateTable('sources')
    .set(
      result.status === 'deployed'
        ? { deployment_status: 'deployed', deployment_error: null, deployed_at: new Date() }
        : { deployment_status: 'failed', deployment_error: result.error },
    )
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  notifySourceChange(id);
  return row;
}

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
  const hostname = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
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
 * The source a delivery request's Host names: `{subdomain}.{deliveryDomain}` or one of its
 * custom domains (ARCHITECTURE.md, delivery/). Disabled sources deliver nothing, so they are
 * found only with `includeDisabled` (delivery tells them, 410, from unknown hosts, 404).
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

type SourceChangeListener = (sourceId: string) => void;

// Process-wide on purpose: every app in this process (tests build several on one database)
// must forget what it cached about a source as soon as any of them changes it.
const sourceChangeListeners = new Set<SourceChangeListener>();

/**
 * Calls `listener` with a source's id after each committed change to it in this process (its
 * settings, domains, token, enabled flag or deployment), so in-memory copies such as delivery's
 * source cache drop at once. Returns the function that stops listening.
 */
export function onSourceChange(listener: SourceChangeListener): () => void {
  sourceChangeListeners.add(listener);
  return () => sourceChangeListeners.delete(listener);
}

function notifySourceChange(sourceId: string): void {
  for (const listener of sourceChangeListeners) listener(sourceId);
}
