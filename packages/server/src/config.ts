import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  capabilityList,
  isCapabilityName,
  MIN_PASSWORD_LENGTH,
  unknownCapabilityMessage,
  type CapabilityName,
} from '@darkroom/core';
import { z } from 'zod';

/** One environment variable the server reads; the README configuration table mirrors this list. */
export interface ConfigVariable {
  name: string;
  default: string;
  description: string;
}

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
  { name: 'PORT', default: '8080', description: 'TCP port the server listens on.' },
  {
    name: 'HOST',
    default: '127.0.0.1',
    description: 'Address to listen on; `0.0.0.0` to accept connections from other machines.',
  },
  {
    name: 'DATA_DIR',
    default: './data',
    description: 'Where data lives (the embedded database is in `DATA_DIR/pglite`).',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset)',
    description: 'PostgreSQL connection URL; when unset the embedded database (PGlite) is used.',
  },
  {
    name: 'READ_ONLY',
    default: 'false',
    description: '`1`/`true`: report `read_only` and answer every write with 503.',
  },
  {
    name: 'ADMIN_EMAIL',
    default: '(unset)',
    description: 'With `ADMIN_PASSWORD`: create this admin at start when no user has the email.',
  },
  { name: 'ADMIN_PASSWORD', default: '(unset)', description: 'Password of `ADMIN_EMAIL`.' },
  {
    name: 'RATE_LIMIT_PER_MINUTE',
    default: '1200',
    description: 'API requests per client IP per minute (each process counts on its own).',
  },
  {
    name: 'RATE_LIMIT_TOKEN_PER_MINUTE',
    default: '600',
    description: 'API requests per bearer token per minute.',
  },
  {
    name: 'SIGN_IN_RATE_LIMIT_PER_MINUTE',
    default: '20',
    description:
      'Sign-in and sign-up attempts (`POST /sessions`, `POST /accounts`) per IP per minute.',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description:
      '`true` to trust `X-Forwarded-*` from any proxy, or a comma-separated list of proxy addresses.',
  },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    description: 'fatal, error, warn, info, debug, trace or silent.',
  },
  {
    name: 'DARKROOM_COMMIT',
    default: '`git rev-parse --short HEAD`',
    description: 'Commit reported in `meta.server.commit` (`unknown` outside a git checkout).',
  },
  {
    name: 'WEB_DIST_DIR',
    default: 'packages/web/dist',
    description: 'Built dashboard served at `/` when the folder exists.',
  },
  { name: 'SESSION_TTL_DAYS', default: '30', description: 'Days a sign-in session stays valid.' },
  {
    name: 'DELIVERY_DOMAIN',
    default: '`localhost:{PORT}`',
    description: 'Domain whose subdomains deliver images: `http://{subdomain}.{DELIVERY_DOMAIN}/`.',
  },
  {
    name: 'DARKROOM_SECRET_KEY',
    default: '(unset)',
    description:
      'Key that encrypts storage secrets at rest: 32 bytes as base64 or 64 hex digits. When unset, `DATA_DIR/secret.key` is created (mode 0600) on first start and read afterwards.',
  },
  {
    name: 'STORAGE_S3_ENDPOINT_OVERRIDE',
    default: '(unset)',
    description: 'Sends every S3-protocol call to this endpoint (tests, self-hosted S3 servers).',
  },
  {
    name: 'STORAGE_AZURE_ENDPOINT_OVERRIDE',
    default: '(unset)',
    description:
      'Sends every Azure Storage call to this account URL, e.g. `http://127.0.0.1:10000/devstoreaccount1` (tests, Azurite).',
  },
  {
    name: 'ALLOW_PRIVATE_ORIGINS',
    default: 'false',
    description:
      '`1`/`true`: let origins on private or loopback addresses through (local development and tests only).',
  },
  {
    name: 'ORIGIN_MAX_BYTES',
    default: '50000000',
    description: 'Largest file read from an origin or uploaded to managed storage, in bytes.',
  },
  {
    name: 'RENDER_CONCURRENCY',
    default: 'CPU count',
    description: 'Renders run at the same time; more wait in the render queue.',
  },
  {
    name: 'RENDER_QUEUE_SIZE',
    default: '64',
    description:
      'Renders that may wait for a free slot; past that, delivery answers 429 with `Retry-After`.',
  },
  {
    name: 'RENDER_TIMEOUT_MS',
    default: '30000',
    description: 'Longest one render may take before delivery answers 504.',
  },
  {
    name: 'RENDER_CACHE_MAX_BYTES',
    default: '2000000000',
    description:
      'Size cap of the rendered-image cache in `DATA_DIR/render-cache`; least recently used renders go first. `0` turns render caching off (every request renders).',
  },
  {
    name: 'RENDER_MEMORY_CACHE_BYTES',
    default: '67108864',
    description: 'Size cap of the in-memory cache of hot renders in front of the disk cache.',
  },
  {
    name: 'VIDEO_MAX_DURATION_S',
    default: '600',
    description:
      'Longest video (or animation) delivery transcodes, in seconds; longer ones answer 413.',
  },
  {
    name: 'VIDEO_MAX_PIXELS',
    default: '8294400',
    description:
      'Largest video frame (width times height) delivery reads or writes; larger ones answer 413.',
  },
  {
    name: 'VIDEO_MAX_BYTES',
    default: '50000000',
    description:
      'Largest video file delivery transcodes, in bytes (`ORIGIN_MAX_BYTES` caps every origin read too).',
  },
  {
    name: 'VIDEO_CONCURRENCY',
    default: '1',
    description:
      'Video transcodes (MP4, WebM, HLS) this process runs at once, as durable jobs; `0` leaves them to other processes.',
  },
  {
    name: 'ASSET_INDEX_INTERVAL_MINUTES',
    default: '60',
    description:
      "Minutes from the end of a source's asset indexing run to the next scheduled one; `0` turns scheduled re-indexing off (deploys and manual requests still index).",
  },
  {
    name: 'USAGE_RETENTION_DAYS',
    default: '90',
    description:
      'Days raw usage events (one row per delivery request kind) are kept once rolled up; the hourly and daily analytics aggregates are kept for good.',
  },
  {
    name: 'USAGE_ROLLUP_INTERVAL_MINUTES',
    default: '5',
    description:
      'Minutes between analytics rollups (and raw-event pruning) in this process; `0` leaves them to other processes. The analytics API is exact either way: it reads events not yet rolled up.',
  },
  {
    name: 'ASSET_ANALYSIS',
    default: 'true',
    description:
      "Work out each image asset's faces, labels and alt text with the AI models after indexing; `false` leaves those fields empty (and the jobs waiting) on installs that cannot spare the CPU.",
  },
  {
    name: 'AI_CONCURRENCY',
    default: '1',
    description:
      'AI renders (background removal, super resolution, object removal) one server process runs at once in its AI worker; `0` makes this process leave them to others sharing the database.',
  },
  {
    name: 'AI_TIMEOUT_MS',
    default: '120000',
    description:
      'Longest one AI render may take; past it the operation fails (and falls back when its `*-fallback` allows).',
  },
  {
    name: 'DEFAULT_CAPABILITIES',
    default: 'all',
    description:
      'Premium capabilities new accounts get: `all` (those whose model is available on this install), `none`, or a comma list of background_removal, background_replacement, super_resolution, outpainting, object_removal, image_to_video.',
  },
  {
    name: 'GENERATIVE_API_URL',
    default: '(unset)',
    description:
      'Base URL of an OpenAI-compatible images API (`{url}/images/edits`) for generative fill, background replacement and object replacement; unset, those capabilities are unavailable.',
  },
  {
    name: 'GENERATIVE_API_KEY',
    default: '(unset)',
    description: 'Bearer token sent to GENERATIVE_API_URL.',
  },
  {
    name: 'GENERATIVE_MODEL',
    default: 'gpt-image-1',
    description: 'Model name sent to GENERATIVE_API_URL with each edit.',
  },
  {
    name: 'GENERATIVE_VIDEO_MODEL',
    default: 'sora-2',
    description:
      'Video model sent to GENERATIVE_API_URL (`{url}/videos`) for generative image to video; the motion MP4 needs no provider.',
  },
  {
    name: 'PLAN_LIMITS',
    default: 'true',
    description:
      "Refuse new sources and users beyond what the account's plan includes (`sources_included`, `users_included`); `false` lets every account grow freely.",
  },
  {
    name: 'STRIPE_SECRET_KEY',
    default: '(unset)',
    description:
      'Stripe secret key: plans, subscriptions, invoices and the customer portal come from Stripe. Unset, Darkroom keeps its own billing ledger.',
  },
  {
    name: 'STRIPE_WEBHOOK_SECRET',
    default: '(unset)',
    description:
      'Signing secret of the Stripe webhook endpoint `/api/v4/stripe/webhooks`; unset, webhooks are refused.',
  },
  {
    name: 'STRIPE_API_BASE',
    default: '(unset)',
    description: 'Sends Stripe API calls to this URL instead of https://api.stripe.com (tests).',
  },
];

export type TrustProxy = boolean | string[];

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  readOnly: boolean;
  admin: { email: string; password: string } | null;
  rateLimitPerMinute: number;
  rateLimitTokenPerMinute: number;
  signInRateLimitPerMinute: number;
  trustProxy: TrustProxy;
  logLevel: LogLevel;
  commit: string;
  webDistDir: string;
  sessionTtlDays: number;
  /** Host (and port) under which `{subdomain}.{deliveryDomain}` delivers images. */
  deliveryDomain: string;
  /** DARKROOM_SECRET_KEY decoded; null means the key file in the data directory. */
  secretKey: Buffer | null;
  s3EndpointOverride: string | null;
  azureEndpointOverride: string | null;
  allowPrivateOrigins: boolean;
  originMaxBytes: number;
  /** Renders run at once (delivery's render queue). */
  renderConcurrency: number;
  /** Renders that may wait for a slot before delivery answers 429. */
  renderQueueSize: number;
  renderTimeoutMs: number;
  /** Size cap of `DATA_DIR/render-cache`, in bytes. */
  renderCacheMaxBytes: number;
  /** Size cap of the in-memory hot-render cache, in bytes. */
  renderMemoryCacheBytes: number;
  /** Video input limits (VIDEO_MAX_*), for transcodes and poster frames alike. */
  videoLimits: { maxDurationS: number; maxPixels: number; maxBytes: number };
  /** Video transcodes this process runs at once; 0 leaves them to other processes. */
  videoConcurrency: number;
  /** Minutes between the end of a source's asset indexing run and the next; 0: no schedule. */
  assetIndexIntervalMinutes: number;
  /** Days raw usage events are kept once rolled up into the analytics aggregates. */
  usageRetentionDays: number;
  /** Minutes between analytics rollups in this process; 0: none. */
  usageRollupIntervalMinutes: number;
  /** Analyse indexed assets (faces, labels, alt text) in this process. */
  assetAnalysis: boolean;
  /** AI renders this process runs at once; 0 leaves them to other processes. */
  aiConcurrency: number;
  aiTimeoutMs: number;
  /** DEFAULT_CAPABILITIES as written: 'all', 'none' or the names listed. */
  defaultCapabilities: 'all' | 'none' | readonly CapabilityName[];
  generative: { url: string; apiKey: string | null; model: string; videoModel: string } | null;
  /** Enforce the plan's sources_included and users_included. */
  planLimits: boolean;
  /** Billing through Stripe; null keeps the local ledger. */
  stripe: { secretKey: string; webhookSecret: string | null; apiBase: URL | null } | null;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

// Unset and empty variables both mean "use the default", as in most shells' `VAR= cmd`.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const integer = (min: number, max: number) =>
  optional(
    z
      .string()
      .regex(/^\d+$/, `must be a whole number between ${min} and ${max}`)
      .transform(Number)
      .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`)),
  );

const flag = optional(
  z
    .string()
    .toLowerCase()
    .pipe(z.enum(['1', '0', 'true', 'false', 'yes', 'no'], 'must be 1, 0, true or false'))
    .transform((value) => value === '1' || value === 'true' || value === 'yes'),
);

const envSchema = z
  .object({
    PORT: integer(0, 65535),
    HOST: optional(z.string()),
    DATA_DIR: optional(z.string()),
    DATABASE_URL: optional(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection URL'),
    ),
    READ_ONLY: flag,
    ADMIN_EMAIL: optional(z.email('must be an email address').toLowerCase()),
    ADMIN_PASSWORD: optional(
      z.string().min(MIN_PASSWORD_LENGTH, `must have at least ${MIN_PASSWORD_LENGTH} characters`),
    ),
    RATE_LIMIT_PER_MINUTE: integer(1, 1_000_000),
    RATE_LIMIT_TOKEN_PER_MINUTE: integer(1, 1_000_000),
    SIGN_IN_RATE_LIMIT_PER_MINUTE: integer(1, 1_000_000),
    TRUST_PROXY: optional(z.string()),
    LOG_LEVEL: optional(z.string().toLowerCase().pipe(z.enum(LOG_LEVELS))),
    DARKROOM_COMMIT: optional(z.string()),
    WEB_DIST_DIR: optional(z.string()),
    SESSION_TTL_DAYS: integer(1, 3650),
    DELIVERY_DOMAIN: optional(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(
          /^[a-z0-9.-]+(:\d{1,5})?$/,
          'must be a host name with an optional port, without a scheme or path',
        ),
    ),
    DARKROOM_SECRET_KEY: optional(
      z
        .string()
        .trim()
        .transform((value, context) => {
          const key = parseSecretKey(value);
          if (key === null) {
            context.addIssue({
              code: 'custom',
              message: 'must be 32 bytes written as base64 or as 64 hex digits',
            });
            return z.NEVER;
          }
          return key;
        }),
    ),
    STORAGE_S3_ENDPOINT_OVERRIDE: optional(
      z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }),
    ),
    STORAGE_AZURE_ENDPOINT_OVERRIDE: optional(
      z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }),
    ),
    ALLOW_PRIVATE_ORIGINS: flag,
    ORIGIN_MAX_BYTES: integer(1, 10_000_000_000),
    RENDER_CONCURRENCY: integer(1, 1024),
    RENDER_QUEUE_SIZE: integer(0, 1_000_000),
    RENDER_TIMEOUT_MS: integer(100, 600_000),
    RENDER_CACHE_MAX_BYTES: integer(0, 10_000_000_000_000),
    RENDER_MEMORY_CACHE_BYTES: integer(0, 100_000_000_000),
    VIDEO_MAX_DURATION_S: integer(1, 86_400),
    VIDEO_MAX_PIXELS: integer(1, 100_000_000),
    VIDEO_MAX_BYTES: integer(1, 100_000_000_000),
    VIDEO_CONCURRENCY: integer(0, 64),
    ASSET_INDEX_INTERVAL_MINUTES: integer(0, 525_600),
    USAGE_RETENTION_DAYS: integer(1, 36_500),
    USAGE_ROLLUP_INTERVAL_MINUTES: integer(0, 1_440),
    ASSET_ANALYSIS: flag,
    AI_CONCURRENCY: integer(0, 64),
    AI_TIMEOUT_MS: integer(1_000, 3_600_000),
    DEFAULT_CAPABILITIES: optional(
      z
        .string()
        .trim()
        .regex(/^(all|none|[a-z_]+(\s*,\s*[a-z_]+)*)$/, {
          error: 'must be all, none, or a comma list of capability names',
          abort: true,
        })
        .superRefine((text, context) => {
          if (text === 'all' || text === 'none') return;
          for (const name of text.split(',').map((part) => part.trim())) {
            if (!isCapabilityName(name)) {
              context.addIssue({ code: 'custom', message: unknownCapabilityMessage(name) });
            }
          }
        }),
    ),
    GENERATIVE_API_URL: optional(
      z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }),
    ),
    GENERATIVE_API_KEY: optional(z.string()),
    GENERATIVE_MODEL: optional(z.string().trim().min(1).max(200)),
    GENERATIVE_VIDEO_MODEL: optional(z.string().trim().min(1).max(200)),
    PLAN_LIMITS: flag,
    STRIPE_SECRET_KEY: optional(
      z
        .string()
        .trim()
        .regex(/^(sk|rk)_/, 'must be a Stripe secret key'),
    ),
    STRIPE_WEBHOOK_SECRET: optional(z.string().trim()),
    STRIPE_API_BASE: optional(
      z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }),
    ),
  })
  .superRefine((env, context) => {
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL === undefined ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      });
    }
  });

/** A 32-byte key written as 64 hex digits or as base64 (or base64url); null otherwise. */
export function parseSecretKey(value: string): Buffer | null {
  const text = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,2}$/.test(text)) return null;
  const key = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === 32 ? key : null;
}

function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined) return false;
  const lowered = value.trim().toLowerCase();
  if (['1', 'true', 'yes'].includes(lowered)) return true;
  if (['0', 'false', 'no'].includes(lowered)) return false;
  return value
    .split(',')
    .map((address) => address.trim())
    .filter((address) => address.length > 0);
}

let gitCommit: string | undefined;

/** The short commit of the checkout, read once per process. */
function readGitCommit(): string {
  if (gitCommit === undefined) {
    try {
      gitCommit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 5000,
      }).trim();
    } catch {
      gitCommit = '';
    }
    gitCommit ||= 'unknown';
  }
  return gitCommit;
}

/** Reads every setting from `env`, applying laptop defaults; throws ConfigError on bad values. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
): Readonly<Config> {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const value = env[name];
        const secret =
          name === 'ADMIN_PASSWORD' ||
          name === 'DARKROOM_SECRET_KEY' ||
          name === 'STRIPE_SECRET_KEY' ||
          name === 'STRIPE_WEBHOOK_SECRET';
        const shown = secret || value === undefined ? '' : ` (got "${value}")`;
        return `${name}: ${issue.message}${shown}`;
      }),
    );
  }
  const values = parsed.data;
  const port = values.PORT ?? 8080;
  const config: Config = {
    port,
    host: values.HOST ?? '127.0.0.1',
    dataDir: path.resolve(values.DATA_DIR ?? './data'),
    databaseUrl: values.DATABASE_URL ?? null,
    readOnly: values.READ_ONLY ?? false,
    admin:
      values.ADMIN_EMAIL !== undefined && values.ADMIN_PASSWORD !== undefined
        ? { email: values.ADMIN_EMAIL, password: values.ADMIN_PASSWORD }
        : null,
    rateLimitPerMinute: values.RATE_LIMIT_PER_MINUTE ?? 1200,
    rateLimitTokenPerMinute: values.RATE_LIMIT_TOKEN_PER_MINUTE ?? 600,
    signInRateLimitPerMinute: values.SIGN_IN_RATE_LIMIT_PER_MINUTE ?? 20,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    logLevel: values.LOG_LEVEL ?? 'info',
    commit: values.DARKROOM_COMMIT ?? readGitCommit(),
    webDistDir: values.WEB_DIST_DIR
      ? path.resolve(values.WEB_DIST_DIR)
      : path.join(REPO_ROOT, 'packages/web/dist'),
    sessionTtlDays: values.SESSION_TTL_DAYS ?? 30,
    deliveryDomain: values.DELIVERY_DOMAIN ?? `localhost:${port}`,
    secretKey: values.DARKROOM_SECRET_KEY ?? null,
    s3EndpointOverride: values.STORAGE_S3_ENDPOINT_OVERRIDE ?? null,
    azureEndpointOverride: values.STORAGE_AZURE_ENDPOINT_OVERRIDE ?? null,
    allowPrivateOrigins: values.ALLOW_PRIVATE_ORIGINS ?? false,
    originMaxBytes: values.ORIGIN_MAX_BYTES ?? 50_000_000,
    renderConcurrency: values.RENDER_CONCURRENCY ?? os.availableParallelism(),
    renderQueueSize: values.RENDER_QUEUE_SIZE ?? 64,
    renderTimeoutMs: values.RENDER_TIMEOUT_MS ?? 30_000,
    renderCacheMaxBytes: values.RENDER_CACHE_MAX_BYTES ?? 2_000_000_000,
    renderMemoryCacheBytes: values.RENDER_MEMORY_CACHE_BYTES ?? 64 * 1024 * 1024,
    videoLimits: {
      maxDurationS: values.VIDEO_MAX_DURATION_S ?? 600,
      maxPixels: values.VIDEO_MAX_PIXELS ?? 3840 * 2160,
      maxBytes: values.VIDEO_MAX_BYTES ?? 50_000_000,
    },
    videoConcurrency: values.VIDEO_CONCURRENCY ?? 1,
    assetIndexIntervalMinutes: values.ASSET_INDEX_INTERVAL_MINUTES ?? 60,
    usageRetentionDays: values.USAGE_RETENTION_DAYS ?? 90,
    usageRollupIntervalMinutes: values.USAGE_ROLLUP_INTERVAL_MINUTES ?? 5,
    assetAnalysis: values.ASSET_ANALYSIS ?? true,
    aiConcurrency: values.AI_CONCURRENCY ?? 1,
    aiTimeoutMs: values.AI_TIMEOUT_MS ?? 120_000,
    defaultCapabilities: parseDefaultCapabilities(values.DEFAULT_CAPABILITIES),
    generative: values.GENERATIVE_API_URL
      ? {
          url: values.GENERATIVE_API_URL.replace(/\/+$/, ''),
          apiKey: values.GENERATIVE_API_KEY ?? null,
          model: values.GENERATIVE_MODEL ?? 'gpt-image-1',
          videoModel: values.GENERATIVE_VIDEO_MODEL ?? 'sora-2',
        }
      : null,
    planLimits: values.PLAN_LIMITS ?? true,
    stripe: values.STRIPE_SECRET_KEY
      ? {
          secretKey: values.STRIPE_SECRET_KEY,
          webhookSecret: values.STRIPE_WEBHOOK_SECRET ?? null,
          apiBase: values.STRIPE_API_BASE ? new URL(values.STRIPE_API_BASE) : null,
        }
      : null,
  };
  return Object.freeze({ ...config, admin: config.admin && Object.freeze(config.admin) });
}

function parseDefaultCapabilities(text: string | undefined): Config['defaultCapabilities'] {
  if (text === undefined || text === 'all') return 'all';
  if (text === 'none') return 'none';
  // The schema refused unknown names, so only duplicates and the order are left to settle.
  return capabilityList(text.split(',').map((name) => name.trim()));
}

/** The configuration table of the README, rendered from CONFIG_VARIABLES. */
export function configTableMarkdown(): string {
  const rows = CONFIG_VARIABLES.map(
    (variable) => `| \`${variable.name}\` | ${variable.default} | ${variable.description} |`,
  );
  return ['| Variable | Default | Description |', '| --- | --- | --- |', ...rows].join('\n');
}

/** The README markers between which the configuration table lives. */
export const CONFIG_TABLE_MARKERS = {
  start: '<!-- config-table:start -->',
  end: '<!-- config-table:end -->',
} as const;

/** The text between the README's config-table markers, or null when they are missing. */
export function readmeConfigTable(readme: string): string | null {
  const start = readme.indexOf(CONFIG_TABLE_MARKERS.start);
  const end = readme.indexOf(CONFIG_TABLE_MARKERS.end);
  if (start === -1 || end < start) return null;
  return readme.slice(start + CONFIG_TABLE_MARKERS.start.length, end);
}
