import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import type { Backend } from './databases.ts';

/** Settings every test app starts from: quiet, generous limits, no dashboard build. */
const TEST_ENV: Record<string, string> = {
  LOG_LEVEL: 'silent',
  DARKROOM_COMMIT: 'test-commit',
  RATE_LIMIT_PER_MINUTE: '100000',
  RATE_LIMIT_TOKEN_PER_MINUTE: '100000',
  SIGN_IN_RATE_LIMIT_PER_MINUTE: '100000',
  WEB_DIST_DIR: '/nonexistent/darkroom-web-dist',
  // A fixed key, so test apps never write a key file into the working directory.
  DARKROOM_SECRET_KEY: '42'.repeat(32),
  // The real models run in the suites about them (assets/asset-analysis.test.ts, ai/**).
  ASSET_ANALYSIS: 'false',
  // Suites create several sources per account; test/billing/** checks the plan limits.
  PLAN_LIMITS: 'false',
  // Suites see a render job's 423 at once and drain the queue themselves; the suites about held
  // requests (delivery/held-renders.test.ts) set their own wait.
  RENDER_JOB_WAIT_MS: '0',
};

export function testConfig(env: Record<string, string> = {}): Readonly<Config> {
  return loadConfig({ ...TEST_ENV, ...env });
}

export interface TestContext {
  readonly database: Database;
  readonly app: FastifyInstance;
  /** Another app on the same database with different settings; closed with the suite. */
  appWith(env: Record<string, string>): Promise<FastifyInstance>;
}

/**
 * Opens a fresh, migrated database of `backend` before the suite's tests and builds the
 * app on it; closes both afterwards.
 */
export function useTestApp(
  backend: Backend,
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'database'> = {},
): TestContext {
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  const extraApps: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await backend.open();
    await migrate(database);
    app = await buildApp(testConfig(env), { ...options, database });
  });

  afterAll(async () => {
    for (const extra of extraApps) await extra.close();
    await app?.close();
    await database?.close();
  });

  return {
    get database() {
      if (!database) throw new Error('database not open yet');
      return database;
    },
    get app() {
      if (!app) throw new Error('app not built yet');
      return app;
    },
    async appWith(extraEnv) {
      if (!database) throw new Error('database not open yet');
      const extra = await buildApp(testConfig({ ...env, ...extraEnv }), { ...options, database });
      extraApps.push(extra);
      return extra;
    },
  };
}
