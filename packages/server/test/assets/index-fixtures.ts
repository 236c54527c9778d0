import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { defaultStorageAdapterFactory } from '../../src/storage/index.ts';
import { encryptCredentials } from '../../src/store/source-configuration.ts';
import type { AssetIndexDependencies } from '../../src/assets/indexer.ts';
import type { SliceBudget } from '../../src/assets/index-run.ts';
import { createSecretBox, newSecureUrlToken, type SecretBox } from '../../src/crypto/secrets.ts';
import type { Database } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import type { AssetRow, DatabaseSchema, SourceRow } from '../../src/db/schema.ts';
import { assetIndexHandler } from '../../src/assets/index-job.ts';
import { createJobRunner, type JobRunner } from '../../src/jobs/runner.ts';
import { internalAccount } from '../../src/store/accounts.ts';
import { insertSource } from '../../src/store/sources.ts';
import { createSourceOrigins } from '../../src/storage/source-origins.ts';
import type { StorageOptions } from '../../src/storage/types.ts';
import { PGLITE } from '../databases.ts';
import { testStorageOptions } from '../storage/options.ts';

export interface IndexTestContext {
  readonly db: Kysely<DatabaseSchema>;
  readonly secrets: SecretBox;
}

/** A fresh migrated PGlite database and a secret box for the suite. */
export function useIndexDatabase(): IndexTestContext {
  let database: Database | undefined;
  const secrets = createSecretBox(randomBytes(32));
  beforeAll(async () => {
    database = await PGLITE.open();
    await migrate(database);
  });
  afterAll(async () => database?.close());
  return {
    get db() {
      if (database === undefined) throw new Error('database not open yet');
      return database.db;
    },
    secrets,
  };
}

let subdomainCounter = 0;

/** A deployed source row of `type` with its credentials stored as the API stores them. */
export async function createIndexedSource(
  context: IndexTestContext,
  type: string,
  credentials: Record<string, string | null> = {},
): Promise<SourceRow> {
  const account = await internalAccount(context.db);
  subdomainCounter += 1;
  return insertSource(context.db, {
    accountId: account.id,
    name: `index-test-${subdomainCounter}`,
    type,
    storageProvider: null,
    settings: {
      cache_ttl_behavior: 'default',
      cache_ttl_value: 3600,
      cache_ttl_error: 300,
      crossdomain_cors_enabled: false,
      crossdomain_xml_enabled: false,
      custom_domains: [],
      default_params: {},
      darkroom_subdomains: [`index-test-${subdomainCounter}-${randomBytes(3).toString('hex')}`],
    },
    credentials: encryptCredentials(context.secrets, type, null, credentials),
    secureUrlEnabled: false,
    secureUrlToken: context.secrets.encrypt(newSecureUrlToken()),
    imageError: null,
    imageMissing: null,
    deploymentStatus: 'deployed',
  });
}

export function indexDependencies(
  context: IndexTestContext,
  overrides: Partial<StorageOptions> = {},
): AssetIndexDependencies {
  return {
    db: context.db,
    origins: createSourceOrigins({
      secrets: context.secrets,
      factory: defaultStorageAdapterFactory,
      options: testStorageOptions({ maxBytes: 5_000_000, ...overrides }),
    }),
  };
}

/** A job runner that knows only the indexing job, as a fresh process would build it. */
export function indexRunner(
  deps: AssetIndexDependencies,
  options: { sliceBudget?: SliceBudget; intervalMinutes?: number } = {},
): JobRunner {
  return createJobRunner({
    db: deps.db,
    retryBaseMs: 0,
    handlers: [
      assetIndexHandler({
        ...deps,
        intervalMinutes: options.intervalMinutes ?? 60,
        ...(options.sliceBudget === undefined ? {} : { sliceBudget: options.sliceBudget }),
      }),
    ],
  });
}

export async function assetsOf(db: Kysely<DatabaseSchema>, sourceId: string): Promise<AssetRow[]> {
  return db
    .selectFrom('assets')
    .selectAll()
    .where('source_id', '=', sourceId)
    .orderBy('origin_path')
    .execute();
}

export async function runOf(db: Kysely<DatabaseSchema>, sourceId: string) {
  return db
    .selectFrom('asset_index_runs')
    .selectAll()
    .where('source_id', '=', sourceId)
    .executeTakeFirstOrThrow();
}
