// Rate limits and the sign-in lockout across processes: two apps on one PostgreSQL database, each
// with a pool of its own as two server processes would have, count together; on the embedded
// database each app counts requests in its own memory, while the lockout, kept in the database on
// both engines, holds whichever app a sign-in reaches.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { DatabaseRateLimiter } from '../src/api/database-rate-limiter.ts';
import { sweepRateLimits } from '../src/api/rate-limit-sweep.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { hashToken } from '../src/auth/tokens.ts';
import { BACKENDS, PGLITE, postgresUrl } from './databases.ts';
import { appWithCapturedLog } from './mail/captured-log.ts';
import { call, PASSWORD, uniqueEmail, type ApiResponse } from './requests.ts';
import { testConfig, useTestApp } from './test-app.ts';

/** Low enough to reach in a test; every request below comes from an address of its own. */
const LIMITS = { RATE_LIMIT_PER_MINUTE: '6', RATE_LIMIT_TOKEN_PER_MINUTE: '4' };
const LOCKOUT_FAILURES = 10;
const WRONG = 'not the password';

let addresses = 0;
/** A client address no other request in this file comes from. */
function freshAddress(): string {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

function signIn(app: FastifyInstance, email: string, password: string): Promise<ApiResponse> {
  return call(app, 'POST', '/api/v4/sessions', {
    body: { data: { type: 'sessions', attributes: { email, password } } },
    remoteAddress: freshAddress(),
  });
}

async function signUp(
  app: FastifyInstance,
): Promise<{ email: string; token: string; accountId: string }> {
  const email = uniqueEmail('locked');
  const response = await call(app, 'POST', '/api/v4/accounts', {
    body: {
      data: {
        type: 'accounts',
        attributes: { company: 'Acme', name: 'Ada Lovelace', email, password: PASSWORD },
      },
    },
    remoteAddress: freshAddress(),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const { token, account_id: accountId } = response.body.data.attributes;
  return { email, token, accountId };
}

function expectLockedOut(response: ApiResponse): void {
  expect(response.status).toBe(429);
  expect(response.body.errors).toEqual([
    {
      status: '429',
      code: 'sign_in_locked',
      title: 'Too many failed sign-ins',
      detail: 'Too many failed sign-ins with this email. Try again in 15 minutes.',
    },
  ]);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(14 * 60);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
}

function expectRateLimited(response: ApiResponse): void {
  expect(response.status).toBe(429);
  expect(response.body.errors[0]).toMatchObject({ code: 'rate_limited' });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

interface AppPair {
  first: FastifyInstance;
  second: FastifyInstance;
  database: Database;
}

/** The lockout, which behaves the same on both engines: stored in the database on both. */
function lockoutTests(pair: () => AppPair): void {
  /** Fails `count` sign-ins for `email`, alternating between the apps, each from a new address. */
  async function fail(email: string, count: number): Promise<void> {
    const { first, second } = pair();
    for (let failure = 0; failure < count; failure += 1) {
      const response = await signIn(failure % 2 === 0 ? first : second, email, WRONG);
      expect(response.status, `failure ${failure + 1}`).toBe(401);
    }
  }

  it('locks an email after 10 failures across both apps, even for the right password, and records it', async () => {
    const { first, second, database } = pair();
    const owner = await signUp(first);
    await fail(owner.email, LOCKOUT_FAILURES);
    expectLockedOut(await signIn(second, owner.email, PASSWORD));
    // Whatever the letter case, and on the other app too.
    expectLockedOut(await signIn(first, owner.email.toUpperCase(), PASSWORD));
    // Another email is not affected.
    const other = await signUp(second);
    expect((await signIn(first, other.email, PASSWORD)).status).toBe(201);

    const locked = await database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'sign_in.locked')
      .where('account_id', '=', owner.accountId)
      .execute();
    expect(locked).toHaveLength(1);
    expect(locked[0]?.details).toEqual({ email: owner.email });
    // Only the email's hash is kept.
    const stored = await database.db.selectFrom('sign_in_failures').selectAll().execute();
    expect(stored.map((row) => row.email_hash)).toContain(hashToken(owner.email));
    expect(JSON.stringify(stored)).not.toContain(owner.email);

    // Fifteen minutes after the last failure the email is unlocked.
    await database.db
      .updateTable('sign_in_failures')
      .set({ last_failed_at: sql`last_failed_at - interval '15 minutes'` })
      .where('email_hash', '=', hashToken(owner.email))
      .execute();
    expect((await signIn(second, owner.email, PASSWORD)).status).toBe(201);
    // The success cleared the count: one failure does not lock it again.
    await fail(owner.email, 1);
    expect((await signIn(first, owner.email, PASSWORD)).status).toBe(201);
  });

  it('locks an email no user has alike, so a lock tells nothing of which exist', async () => {
    const { first, second } = pair();
    const owner = await signUp(first);
    const nobody = uniqueEmail('nobody');
    await fail(owner.email, LOCKOUT_FAILURES);
    await fail(nobody, LOCKOUT_FAILURES);
    const known = await signIn(second, owner.email, PASSWORD);
    const unknown = await signIn(second, nobody, PASSWORD);
    expectLockedOut(known);
    expectLockedOut(unknown);
    expect(unknown.body.errors).toEqual(known.body.errors);
  });

  it('forgets the failures before a successful sign-in', async () => {
    const { first, second } = pair();
    const owner = await signUp(first);
    await fail(owner.email, LOCKOUT_FAILURES - 1);
    expect((await signIn(second, owner.email, PASSWORD)).status).toBe(201);
    await fail(owner.email, LOCKOUT_FAILURES - 1);
    expect((await signIn(first, owner.email, PASSWORD)).status).toBe(201);
  });

  it('lets no more than 10 simultaneous guesses through', async () => {
    const { first, second } = pair();
    const owner = await signUp(first);
    const answers = await Promise.all(
      Array.from({ length: LOCKOUT_FAILURES + 5 }, (_, index) =>
        signIn(index % 2 === 0 ? first : second, owner.email, `${WRONG} ${index}`),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(LOCKOUT_FAILURES).fill(401), ...Array(5).fill(429)]);
  });
}

/** One PostgreSQL database opened twice, with a pool each, as two server processes would. */
async function twoPoolsOnOneDatabase(maintenanceUrl: string) {
  const name = `darkroom_test_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: maintenanceUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(maintenanceUrl);
  url.pathname = `/${name}`;
  const open = () => openDatabase({ databaseUrl: url.toString(), pgliteDir: null });
  const first = await open();
  const second = await open();
  return {
    url: url.toString(),
    first,
    second,
    async close() {
      await first.close();
      await second.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

describe.skipIf(postgresUrl === null)('two processes sharing PostgreSQL', () => {
  let databases: Awaited<ReturnType<typeof twoPoolsOnOneDatabase>>;
  let first: FastifyInstance;
  let second: FastifyInstance;

  beforeAll(async () => {
    databases = await twoPoolsOnOneDatabase(postgresUrl ?? '');
    await migrate(databases.first);
    first = await buildApp(testConfig(LIMITS), { database: databases.first });
    second = await buildApp(testConfig(LIMITS), { database: databases.second });
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await databases?.close();
  });

  it('holds the per-address limit across both apps: 429 with Retry-After past the total', async () => {
    const remoteAddress = freshAddress();
    for (let request = 0; request < 6; request += 1) {
      const app = request % 2 === 0 ? first : second;
      expect((await call(app, 'GET', '/api/v4/users', { remoteAddress })).status).toBe(401);
    }
    expectRateLimited(await call(first, 'GET', '/api/v4/users', { remoteAddress }));
    expectRateLimited(await call(second, 'GET', '/api/v4/users', { remoteAddress }));
    const other = await call(second, 'GET', '/api/v4/users', { remoteAddress: freshAddress() });
    expect(other.status).toBe(401);
  });

  it('holds the per-token limit across both apps, and stores no address or token', async () => {
    const { token } = await signUp(first);
    for (let request = 0; request < 4; request += 1) {
      const response = await call(
        request % 2 === 0 ? first : second,
        'GET',
        '/api/v4/sessions/current',
        {
          token,
          remoteAddress: freshAddress(),
        },
      );
      expect(response.status).toBe(200);
    }
    expectRateLimited(
      await call(second, 'GET', '/api/v4/sessions/current', {
        token,
        remoteAddress: freshAddress(),
      }),
    );
    const rows = await databases.first.db.selectFrom('rate_limit_windows').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain('10.0.');
  });

  it('holds the per-address limit on password-reset requests across both apps', async () => {
    const nobody = uniqueEmail('flooded');
    const ask = (app: FastifyInstance) =>
      call(app, 'POST', '/api/v4/password-resets', {
        body: { data: { type: 'password_resets', attributes: { email: nobody } } },
        remoteAddress: freshAddress(),
      });
    for (let request = 0; request < 5; request += 1) {
      expect((await ask(request % 2 === 0 ? first : second)).status).toBe(202);
    }
    const limited = await ask(first);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);
  });

  lockoutTests(() => ({ first, second, database: databases.first }));

  it('deletes ended windows and stale failures in the sweep', async () => {
    const later = new Date(Date.now() + 61 * 60_000);
    const swept = await sweepRateLimits(first, later);
    expect(swept.windows).toBeGreaterThan(0);
    expect(swept.signInFailures).toBeGreaterThan(0);
    const { db } = databases.first;
    expect(await db.selectFrom('rate_limit_windows').select('key_hash').execute()).toEqual([]);
    expect(await db.selectFrom('sign_in_failures').select('email_hash').execute()).toEqual([]);
  });

  it('fails open when the database cannot count, logging it once', async () => {
    const { app: logging, lines } = await appWithCapturedLog(databases.first, {
      ...LIMITS,
      RATE_LIMIT_PER_MINUTE: '1',
      LOG_LEVEL: 'error',
    });
    const { db } = databases.first;
    await sql`alter table rate_limit_windows rename to rate_limit_windows_away`.execute(db);
    try {
      const remoteAddress = freshAddress();
      for (let request = 0; request < 3; request += 1) {
        expect((await call(logging, 'GET', '/api/v4/users', { remoteAddress })).status).toBe(401);
      }
      const reported = lines.filter((line) => line.msg?.startsWith('rate limit not counted'));
      expect(reported).toHaveLength(1);
    } finally {
      await sql`alter table rate_limit_windows_away rename to rate_limit_windows`.execute(db);
      await logging.close();
    }
  });

  it('fails open when the database does not count in time', async () => {
    const locker = new pg.Client({ connectionString: databases.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table rate_limit_windows in access exclusive mode');
      const started = Date.now();
      const response = await call(first, 'GET', '/api/v4/users', { remoteAddress: freshAddress() });
      expect(response.status).toBe(401);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
  });
});

describe('two apps on the embedded database', () => {
  const context = useTestApp(PGLITE, LIMITS);
  let second: FastifyInstance;

  beforeAll(async () => {
    second = await context.appWith({});
  });

  it('counts requests in each process, in memory', async () => {
    const remoteAddress = freshAddress();
    for (let request = 0; request < 6; request += 1) {
      expect((await call(context.app, 'GET', '/api/v4/users', { remoteAddress })).status).toBe(401);
    }
    expectRateLimited(await call(context.app, 'GET', '/api/v4/users', { remoteAddress }));
    // The other app has counted none of them: one process opens the embedded database.
    expect((await call(second, 'GET', '/api/v4/users', { remoteAddress })).status).toBe(401);
    const rows = await context.database.db.selectFrom('rate_limit_windows').selectAll().execute();
    expect(rows).toEqual([]);
  });

  lockoutTests(() => ({ first: context.app, second, database: context.database }));
});

describe.each(BACKENDS)('DatabaseRateLimiter on $name', (backend) => {
  let database: Database;
  const log = { error: () => {} };

  beforeAll(async () => {
    database = await backend.open();
    await migrate(database);
  });

  afterAll(async () => {
    await database?.close();
  });

  it('counts in windows that start at a key’s first request and answers the seconds left', async () => {
    let now = 1_000_000;
    const limiter = new DatabaseRateLimiter(database.db, { windowMs: 60_000, log, now: () => now });
    const hit = () => limiter.hit([{ key: 'ip:a', limit: 2 }]);
    expect(await hit()).toBeNull();
    now += 15_000;
    expect(await hit()).toBeNull();
    expect(await hit()).toBe(45);
    now += 44_500;
    expect(await hit()).toBe(1);
    now += 500;
    expect(await hit()).toBeNull();
  });

  it('counts several keys in one statement and answers the longest wait', async () => {
    let now = 5_000_000;
    const limiter = new DatabaseRateLimiter(database.db, { windowMs: 60_000, log, now: () => now });
    expect(await limiter.hit([{ key: 'b', limit: 1 }])).toBeNull();
    now += 30_000;
    expect(await limiter.hit([{ key: 'c', limit: 1 }])).toBeNull();
    expect(
      await limiter.hit([
        { key: 'b', limit: 1 },
        { key: 'c', limit: 1 },
        { key: 'd', limit: 1 },
      ]),
    ).toBe(60);
    // A key named twice is counted once, against the lower limit.
    expect(
      await limiter.hit([
        { key: 'e', limit: 5 },
        { key: 'e', limit: 1 },
      ]),
    ).toBeNull();
    expect(await limiter.hit([{ key: 'e', limit: 1 }])).toBe(60);
  });
});
