import { sql, type Kysely } from 'kysely';
import type {
  DatabaseSchema,
  FallbackImage,
  SourceRow,
  SourceSettings,
  StoredCredentials,
  StoredOriginAuth,
  StoredUploadCredentials,
} from '../db/schema.ts';
import type { ClusterEventSubscriber } from '../cluster-events/cluster-events.ts';
import { recordClusterEvent } from '../cluster-events/record.ts';
import { newId } from '../db/ids.ts';
import { containsPattern, selectPage, type Page, type PageRequest } from './list.ts';
import { withDomainRace, writeDomains } from './source-domains.ts';

/** Spec platform section 9: the demo source has the zero-filled id. */
export { DEMO_SOURCE_ID } from '@darkroom/core';

export type SourceColumn = 'name' | 'created_at' | 'updated_at' | 'enabled' | 'deployed_at';

type DeploymentStatus = SourceRow['deployment_status'];

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
  /** Already encrypted (storage/origin-auth.ts); null turns origin authentication off. */
  originAuth?: StoredOriginAuth | null;
  /** Already encrypted (storage/upload-credentials.ts); null makes the source read-only. */
  uploadCredentials?: StoredUploadCredentials | null;
  /** New credentials are checked again: the source goes back to deploying. */
  redeploy?: boolean;
}

type Db = Kysely<DatabaseSchema>;

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
      // Other processes may hold "no source" for its domains: they forget it at commit.
      await recordClusterEvent(trx, { kind: 'source-change', sourceId: id });
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
  /** Case-insensitive substring of the name. */
  nameContains?: string | undefined;
  type?: string | undefined;
  storageProvider?: string | undefined;
  /** Sources holding this subdomain or custom domain. */
  domain?: { kind: 'subdomain' | 'custom'; domain: string } | undefined;
  /** Sources whose (non-secret) credential fields have exactly these values. */
  credentials?: readonly { field: string; value: string }[] | undefined;
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
  if (filter.nameContains !== undefined) {
    query = query.where('name', 'ilike', containsPattern(filter.nameContains));
  }
  if (filter.type !== undefined) query = query.where('type', '=', filter.type);
  if (filter.storageProvider !== undefined) {
    query = query.where('storage_provider', '=', filter.storageProvider);
  }
  const { domain } = filter;
  if (domain !== undefined) {
    query = query.where((where) =>
      where.exists(
        where
          .selectFrom('source_domains')
          .select('source_domains.domain')
          .whereRef('source_domains.source_id', '=', 'sources.id')
          .where('source_domains.kind', '=', domain.kind)
          .where('source_domains.domain', '=', domain.domain.toLowerCase()),
      ),
    );
  }
  for (const { field, value } of filter.credentials ?? []) {
    query = query.where(sql<boolean>`credentials ->> ${field} = ${value}`);
  }
  return selectPage(query, request, {
    sortKey: (column) => (column === 'name' ? sql`lower(${sql.ref(column)})` : sql.ref(column)),
  });
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
          ...(changes.originAuth !== undefined
            ? { origin_auth: changes.originAuth && JSON.stringify(changes.originAuth) }
            : {}),
          ...(changes.uploadCredentials !== undefined
            ? {
                upload_credentials:
                  changes.uploadCredentials && JSON.stringify(changes.uploadCredentials),
              }
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
      await recordClusterEvent(trx, { kind: 'source-change', sourceId: id });
      await within?.(trx, row);
      return row;
    }),
  );
  notifySourceChange(id);
  return updated;
}

/**
 * Deletes a source with its domains, assets, index run and waiting jobs, in one transaction
 * that also announces the change to every process (their lookups of its hosts answer "no
 * source" from then on). `within` runs in the same transaction (holding its subdomains).
 * Files and renders are not in the database: the caller removes them after the commit.
 */
export async function deleteSource(
  db: Db,
  id: string,
  within?: WithinTransaction,
): Promise<SourceRow | undefined> {
  const deleted = await db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('sources')
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (row === undefined) return undefined;
    await trx.deleteFrom('assets').where('source_id', '=', id).execute();
    await trx.deleteFrom('asset_index_runs').where('source_id', '=', id).execute();
    // Waiting jobs only: one a runner holds ends on its own, finding the source gone.
    await trx
      .deleteFrom('jobs')
      .where(sql<boolean>`payload ->> 'sourceId' = ${id}`)
      .where('failed_at', 'is', null)
      .where((where) =>
        where.or([where('locked_until', 'is', null), where('locked_until', '<', new Date())]),
      )
      .execute();
    await recordClusterEvent(trx, { kind: 'source-change', sourceId: id });
    await within?.(trx, row);
    return row;
  });
  if (deleted !== undefined) notifySourceChange(id);
  return deleted;
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
  if (row !== undefined) await recordClusterEvent(db, { kind: 'source-change', sourceId: id });
  notifySourceChange(id);
  return row;
}

/**
 * Announces a change to a source made outside updateSource (its hidden assets, say) to every
 * process, so their lookups of it are read again, without bumping global_version (which would
 * make every render of the source miss).
 */
export async function announceSourceChange(db: Db, sourceId: string): Promise<void> {
  await recordClusterEvent(db, { kind: 'source-change', sourceId });
  notifySourceChange(sourceId);
}

type SourceChangeListener = (sourceId: string) => void;

// Process-wide on purpose: every app in this process (tests build several on one database)
// must forget what it cached about a source as soon as any of them changes it.
const sourceChangeListeners = new Set<SourceChangeListener>();

/**
 * Calls `listener` with a source's id after each committed change to it (its settings, domains,
 * token, enabled flag or deployment), so in-memory copies such as delivery's source cache drop at
 * once: made in this process, or in another one sharing the database (announced by the
 * `source-change` cluster event each change records, and passed on by remoteSourceChanges).
 * Returns the function that stops listening.
 */
export function onSourceChange(listener: SourceChangeListener): () => void {
  sourceChangeListeners.add(listener);
  return () => sourceChangeListeners.delete(listener);
}

/** Passes the source changes of other processes (their `source-change` events) to the listeners. */
export const remoteSourceChanges: ClusterEventSubscriber = {
  apply(event) {
    if (event.kind === 'source-change') notifySourceChange(event.sourceId);
  },
  // Source lookups are trusted for seconds only (delivery/source-directory.ts).
  missed() {},
};

function notifySourceChange(sourceId: string): void {
  for (const listener of sourceChangeListeners) listener(sourceId);
}
