import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CONFIG_VARIABLES,
  ConfigError,
  configTableMarkdown,
  loadConfig,
  readmeConfigTable,
} from './config.ts';

describe('loadConfig', () => {
  it('applies laptop defaults when nothing is set', () => {
    const config = loadConfig({ DARKROOM_COMMIT: 'abc1234' });
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('data'),
      databaseUrl: null,
      readOnly: false,
      admin: null,
      publicUrl: 'http://localhost:8080',
      mail: { smtpUrl: null, from: 'Darkroom <no-reply@localhost>' },
      rateLimitPerMinute: 1200,
      rateLimitTokenPerMinute: 600,
      signInRateLimitPerMinute: 20,
      signInLockoutFailures: 10,
      signInLockoutMinutes: 15,
      trustProxy: false,
      logLevel: 'info',
      metricsToken: null,
      commit: 'abc1234',
      webDistDir: expect.stringMatching(/packages\/web\/dist$/),
      sessionTtlDays: 30,
      deliveryDomain: 'localhost:8080',
      secretKey: null,
      objectStore: null,
      s3EndpointOverride: null,
      azureEndpointOverride: null,
      cdnPurge: null,
      allowPrivateOrigins: false,
      oidc: null,
      originMaxBytes: 50_000_000,
      httpTimeouts: {
        headersMs: 30_000,
        requestMs: 300_000,
        bodyIdleMs: 30_000,
        keepAliveMs: 72_000,
      },
      shutdownGraceMs: 25_000,
      renderConcurrency: os.availableParallelism(),
      workers: 1,
      renderQueueSize: 64,
      renderTimeoutMs: 30_000,
      renderMaxSide: 8192,
      renderMaxMegapixels: 50,
      renderMaxMemoryMb: 320,
      renderMaxFrames: 1000,
      renderCacheMaxBytes: 2_000_000_000,
      renderMemoryCacheBytes: 64 * 1024 * 1024,
      videoLimits: { maxDurationS: 600, maxPixels: 8_294_400, maxBytes: 50_000_000 },
      videoConcurrency: 1,
      assetIndexIntervalMinutes: 60,
      usageRetentionDays: 90,
      usageRollupIntervalMinutes: 5,
      assetAnalysis: true,
      aiConcurrency: 1,
      aiTimeoutMs: 120_000,
      renderJobWaitMs: 10_000,
      defaultCapabilities: 'all',
      generative: null,
      planLimits: true,
      stripe: null,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/darkroom',
      DATABASE_URL: 'postgres://darkroom@db/darkroom',
      READ_ONLY: 'true',
      ADMIN_EMAIL: 'Root@Example.com',
      ADMIN_PASSWORD: 'a long password',
      RATE_LIMIT_PER_MINUTE: '10',
      RATE_LIMIT_TOKEN_PER_MINUTE: '5',
      SIGN_IN_RATE_LIMIT_PER_MINUTE: '3',
      SIGN_IN_LOCKOUT_FAILURES: '5',
      SIGN_IN_LOCKOUT_MINUTES: '30',
      TRUST_PROXY: '10.0.0.1, 10.0.0.0/8',
      LOG_LEVEL: 'WARN',
      METRICS_TOKEN: ' 0123456789abcdef0123 ',
      DARKROOM_COMMIT: 'deadbee',
      WEB_DIST_DIR: '/srv/web',
      SESSION_TTL_DAYS: '7',
      DELIVERY_DOMAIN: 'Img.Example.com',
      DARKROOM_SECRET_KEY: 'ab'.repeat(32),
      STORAGE_S3_ENDPOINT_OVERRIDE: 'http://127.0.0.1:4569',
      STORAGE_AZURE_ENDPOINT_OVERRIDE: 'http://127.0.0.1:10000/devstoreaccount1',
      ALLOW_PRIVATE_ORIGINS: '1',
      ORIGIN_MAX_BYTES: '1000',
      RENDER_CONCURRENCY: '3',
      RENDER_QUEUE_SIZE: '5',
      RENDER_TIMEOUT_MS: '2000',
      RENDER_CACHE_MAX_BYTES: '1000000',
      RENDER_MEMORY_CACHE_BYTES: '1000',
      ASSET_INDEX_INTERVAL_MINUTES: '0',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/srv/darkroom',
      databaseUrl: 'postgres://darkroom@db/darkroom',
      readOnly: true,
      admin: { email: 'root@example.com', password: 'a long password' },
      rateLimitPerMinute: 10,
      rateLimitTokenPerMinute: 5,
      signInRateLimitPerMinute: 3,
      signInLockoutFailures: 5,
      signInLockoutMinutes: 30,
      trustProxy: ['10.0.0.1', '10.0.0.0/8'],
      logLevel: 'warn',
      metricsToken: '0123456789abcdef0123',
      commit: 'deadbee',
      webDistDir: '/srv/web',
      sessionTtlDays: 7,
      deliveryDomain: 'img.example.com',
      secretKey: Buffer.alloc(32, 0xab),
      s3EndpointOverride: 'http://127.0.0.1:4569',
      azureEndpointOverride: 'http://127.0.0.1:10000/devstoreaccount1',
      allowPrivateOrigins: true,
      originMaxBytes: 1000,
      renderConcurrency: 3,
      renderQueueSize: 5,
      renderTimeoutMs: 2000,
      renderCacheMaxBytes: 1_000_000,
      renderMemoryCacheBytes: 1000,
      assetIndexIntervalMinutes: 0,
    });
  });

  it('defaults the delivery domain to localhost on the configured port', () => {
    expect(loadConfig({ PORT: '9001', DARKROOM_COMMIT: 'x' }).deliveryDomain).toBe(
      'localhost:9001',
    );
  });

  it('reads SMTP_URL and MAIL_FROM, refusing other schemes without showing the password', () => {
    const env = { DARKROOM_COMMIT: 'x' };
    expect(
      loadConfig({
        ...env,
        SMTP_URL: 'smtps://mailer:s3cret@mail.example.com:465',
        MAIL_FROM: 'Images <images@example.com>',
      }).mail,
    ).toEqual({
      smtpUrl: 'smtps://mailer:s3cret@mail.example.com:465',
      from: 'Images <images@example.com>',
    });
    expect(loadConfig({ ...env, MAIL_FROM: 'no-reply@localhost' }).mail.from).toBe(
      'no-reply@localhost',
    );
    expect(() =>
      loadConfig({ ...env, SMTP_URL: 'https://mailer:s3cret@mail.example.com' }),
    ).toThrow(
      expect.objectContaining({
        message: expect.stringMatching(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/),
      }),
    );
    expect(() =>
      loadConfig({ ...env, SMTP_URL: 'https://mailer:s3cret@mail.example.com' }),
    ).toThrow(expect.objectContaining({ message: expect.not.stringContaining('s3cret') }));
    expect(() => loadConfig({ ...env, MAIL_FROM: 'Darkroom' })).toThrow(
      /MAIL_FROM: must be an email address, optionally with a name/,
    );
  });

  it('reads a 32-byte secret key as hex or base64 and refuses any other length', () => {
    const key = Buffer.alloc(32, 7);
    const env = { DARKROOM_COMMIT: 'x' };
    expect(loadConfig({ ...env, DARKROOM_SECRET_KEY: key.toString('base64') }).secretKey).toEqual(
      key,
    );
    expect(
      loadConfig({ ...env, DARKROOM_SECRET_KEY: key.toString('base64url') }).secretKey,
    ).toEqual(key);
    expect(() => loadConfig({ ...env, DARKROOM_SECRET_KEY: 'ab'.repeat(16) })).toThrow(
      /DARKROOM_SECRET_KEY: must be 32 bytes/,
    );
    expect(() =>
      loadConfig({ ...env, DARKROOM_SECRET_KEY: Buffer.alloc(31).toString('base64') }),
    ).toThrow(expect.objectContaining({ message: expect.not.stringContaining('got') }));
  });

  it('refuses a shared database without a shared secret key, saying what to set', () => {
    const env = { DARKROOM_COMMIT: 'x', DATABASE_URL: 'postgres://darkroom@db/darkroom' };
    expect(() => loadConfig(env)).toThrow(
      /DARKROOM_SECRET_KEY: must be set when DATABASE_URL is set: every process sharing the database must encrypt with the same key/,
    );
    const key = Buffer.alloc(32, 9).toString('hex');
    expect(loadConfig({ ...env, DARKROOM_SECRET_KEY: key }).databaseUrl).toBe(env.DATABASE_URL);
  });

  it('reads READ_ONLY=1 and TRUST_PROXY=true as booleans, and empty values as unset', () => {
    expect(loadConfig({ READ_ONLY: '1', TRUST_PROXY: 'true', DARKROOM_COMMIT: 'x' })).toMatchObject(
      {
        readOnly: true,
        trustProxy: true,
      },
    );
    expect(loadConfig({ READ_ONLY: '', PORT: '', DARKROOM_COMMIT: 'x' })).toMatchObject({
      readOnly: false,
      port: 8080,
    });
  });

  it('returns a frozen object', () => {
    const config = loadConfig({ DARKROOM_COMMIT: 'x' });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('names each bad variable and its value in one clear error', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        READ_ONLY: 'maybe',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('Invalid configuration');
    expect(message).toContain('PORT: must be a whole number between 0 and 65535 (got "eighty")');
    expect(message).toContain('READ_ONLY: must be 1, 0, true or false (got "maybe")');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('LOG_LEVEL');
  });

  it('rejects out-of-range numbers, a lone ADMIN_EMAIL and a short ADMIN_PASSWORD', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT: must be at most 65535/);
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: '0' })).toThrow(/RATE_LIMIT_PER_MINUTE/);
    expect(() => loadConfig({ SIGN_IN_LOCKOUT_FAILURES: '0' })).toThrow(/SIGN_IN_LOCKOUT_FAILURES/);
    expect(() => loadConfig({ SIGN_IN_LOCKOUT_MINUTES: '1441' })).toThrow(
      /SIGN_IN_LOCKOUT_MINUTES/,
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@example.com' })).toThrow(
      /ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD/,
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'short' })).toThrow(
      /ADMIN_PASSWORD: must have at least 10 characters$/m,
    );
  });

  it('refuses a METRICS_TOKEN a bearer header cannot carry or anyone could guess, unechoed', () => {
    for (const token of ['short-token', 'has spaces but is long enough']) {
      expect(() => loadConfig({ METRICS_TOKEN: token })).toThrow(/- METRICS_TOKEN: (must|may) /);
      expect(() => loadConfig({ METRICS_TOKEN: token })).toThrow(
        expect.objectContaining({ message: expect.not.stringContaining(token) }),
      );
    }
  });

  it('never echoes the admin password in errors', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'secret' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('secret') }),
    );
  });

  it('reads exactly the variables CONFIG_VARIABLES documents', () => {
    const read = new Set<string>();
    const env = new Proxy({ DARKROOM_COMMIT: 'x' } as Record<string, string | undefined>, {
      get(target, name) {
        if (typeof name === 'string') read.add(name);
        return target[name as string];
      },
    });
    loadConfig(env);
    expect([...read].sort()).toEqual(CONFIG_VARIABLES.map((variable) => variable.name).sort());
  });

  it('renders the README configuration table from the same list', () => {
    const table = configTableMarkdown();
    for (const variable of CONFIG_VARIABLES) expect(table).toContain(`| \`${variable.name}\` |`);
  });

  const readme = fileURLToPath(new URL('../../../README.md', import.meta.url));
  const block = existsSync(readme) ? (readmeConfigTable(readFileSync(readme, 'utf8')) ?? '') : '';

  // Cell by cell, so Prettier's column padding in the README does not matter.
  const cells = (table: string) =>
    table
      .trim()
      .split('\n')
      .filter((line) => !/^\|[\s|:-]+\|$/.test(line))
      .map((line) => line.split('|').map((cell) => cell.trim()));

  // Runs once the README's config-table block is filled (cli/config-table.ts --write).
  it.runIf(block.trim() !== '')('matches the configuration table of the README', () => {
    expect(cells(block)).toEqual(cells(configTableMarkdown()));
  });
});

describe('DEFAULT_CAPABILITIES', () => {
  it('reads all, none, or a comma list put in the spec order without duplicates', () => {
    expect(loadConfig({ DARKROOM_COMMIT: 'x' }).defaultCapabilities).toBe('all');
    expect(loadConfig({ DEFAULT_CAPABILITIES: 'none' }).defaultCapabilities).toBe('none');
    expect(
      loadConfig({ DEFAULT_CAPABILITIES: 'object_removal, background_removal,object_removal' })
        .defaultCapabilities,
    ).toEqual(['background_removal', 'object_removal']);
  });

  it('refuses a name that is not a capability, naming the ones there are', () => {
    expect(() => loadConfig({ DEFAULT_CAPABILITIES: 'super_resolution,teleportation' })).toThrow(
      /DEFAULT_CAPABILITIES: "teleportation" is not a capability; use background_removal, .*image_to_video\. \(got "super_resolution,teleportation"\)/,
    );
    expect(() => loadConfig({ DEFAULT_CAPABILITIES: 'all;none' })).toThrow(
      /DEFAULT_CAPABILITIES: must be all, none, or a comma list of capability names/,
    );
  });
});
