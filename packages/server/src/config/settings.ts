import os from 'node:os';
import path from 'node:path';
import {
  accountPassword,
  bearerSecret,
  capabilitySelection,
  cdnPurgeProvider,
  emailAddress,
  encryptionKey,
  flag,
  hostAndPort,
  httpUrl,
  httpUrlList,
  localPath,
  logLevel,
  mailbox,
  modelName,
  objectStoreUrl,
  oidcIssuerUrl,
  postgresUrl,
  providerLabel,
  publicBaseUrl,
  smtpUrl,
  stripeSecretKey,
  trimmedText,
  trustProxy,
  verbatimText,
  wholeNumber,
  workerCount,
} from './parsers.ts';
import { REPO_ROOT, readGitCommit } from './repository.ts';
import { cdnPurgeConfig, withCdnPurgeRules } from './cdn-purge.ts';
import {
  group,
  neededWith,
  optionalVariable,
  variable,
  type ConfigVariable,
  type Setting,
} from './setting.ts';

// Every environment variable the server reads, declared once: loadConfig, the Config type, the
// ConfigError lines and the README configuration table all come from CONFIG_SETTINGS. Its keys are
// the Config properties, in README order.

// Declared ahead of the others because DELIVERY_DOMAIN's default is built from the port read.
const port = variable({
  name: 'PORT',
  default: '8080',
  parse: wholeNumber(0, 65535),
  description: 'TCP port the server listens on.',
});

/** `auto`: one per core this process may use (availableParallelism honours CPU affinity). */
function serverProcesses(workers: 'auto' | number): number {
  return workers === 'auto' ? os.availableParallelism() : workers;
}

const workersVariable = variable({
  name: 'WORKERS',
  default: '1',
  parse: workerCount,
  description:
    'Server processes sharing the port, or `auto` for one per CPU core; more than 1 requires `DATABASE_URL` (the embedded database is single-process).',
});

/**
 * Server processes on one port (node:cluster), `auto` resolved. Each process opens the database
 * itself, so more than one needs PostgreSQL: the embedded one in DATA_DIR/pglite is opened by one
 * process only. Declared ahead of the others because RENDER_CONCURRENCY's default shares the cores
 * among them.
 */
const workers: Setting<number> = {
  variables: workersVariable.variables,
  rules: [
    (values) => {
      const asked = values['WORKERS'];
      if (asked !== 'auto' && typeof asked !== 'number') return [];
      if (serverProcesses(asked) === 1 || values['DATABASE_URL'] !== undefined) return [];
      return [
        {
          name: 'WORKERS',
          message:
            'must be 1 without DATABASE_URL: the embedded database is opened by one process only',
        },
      ];
    },
  ],
  read: (env) => serverProcesses(workersVariable.read(env)),
};

export const CONFIG_SETTINGS = {
  port,
  host: variable({
    name: 'HOST',
    default: '127.0.0.1',
    parse: verbatimText,
    description: 'Address to listen on; `0.0.0.0` to accept connections from other machines.',
  }),
  dataDir: variable({
    name: 'DATA_DIR',
    default: './data',
    parse: localPath,
    description: 'Where data lives (the embedded database is in `DATA_DIR/pglite`).',
  }),
  databaseUrl: optionalVariable({
    name: 'DATABASE_URL',
    parse: postgresUrl,
    description: 'PostgreSQL connection URL; when unset the embedded database (PGlite) is used.',
  }),
  readOnly: variable({
    name: 'READ_ONLY',
    default: 'false',
    parse: flag,
    description: '`1`/`true`: report `read_only` and answer every write with 503.',
  }),
  admin: group(
    {
      email: optionalVariable({
        name: 'ADMIN_EMAIL',
        parse: emailAddress,
        description:
          'With `ADMIN_PASSWORD`: create this admin at start when no user has the email.',
      }),
      password: optionalVariable({
        name: 'ADMIN_PASSWORD',
        parse: accountPassword,
        secret: true,
        description: 'Password of `ADMIN_EMAIL`.',
      }),
    },
    ({ email, password }) => {
      if (email === null || password === null) return null;
      const admin = { email, password };
      // loadConfig freezes the top level only; the credentials are frozen with it.
      Object.freeze(admin);
      return admin;
    },
    { setTogether: true },
  ),
  rateLimitPerMinute: variable({
    name: 'RATE_LIMIT_PER_MINUTE',
    default: '1200',
    parse: wholeNumber(1, 1_000_000),
    description:
      'API requests per client IP per minute. Processes sharing PostgreSQL (`DATABASE_URL`) count together; with the embedded database the one process counts in memory.',
  }),
  rateLimitTokenPerMinute: variable({
    name: 'RATE_LIMIT_TOKEN_PER_MINUTE',
    default: '600',
    parse: wholeNumber(1, 1_000_000),
    description: 'API requests per bearer token per minute.',
  }),
  signInRateLimitPerMinute: variable({
    name: 'SIGN_IN_RATE_LIMIT_PER_MINUTE',
    default: '20',
    parse: wholeNumber(1, 1_000_000),
    description:
      'Sign-in and sign-up attempts (`POST /sessions`, `POST /accounts`) per IP per minute; password-reset requests and uses of emailed links count with them.',
  }),
  signInLockoutFailures: variable({
    name: 'SIGN_IN_LOCKOUT_FAILURES',
    default: '10',
    parse: wholeNumber(1, 1000),
    description:
      'Failed password sign-ins with one email, each within `SIGN_IN_LOCKOUT_MINUTES` of the last, that lock it: 429 `sign_in_locked`, even with the right password, until `SIGN_IN_LOCKOUT_MINUTES` after the last failure. Counted in the database by every process; a successful sign-in clears the count.',
  }),
  signInLockoutMinutes: variable({
    name: 'SIGN_IN_LOCKOUT_MINUTES',
    default: '15',
    parse: wholeNumber(1, 1440),
    description:
      'How long an email stays locked after its last failed sign-in, and how close failures must follow each other to count together.',
  }),
  trustProxy: variable({
    name: 'TRUST_PROXY',
    default: 'false',
    parse: trustProxy,
    description:
      '`true` to trust `X-Forwarded-*` from any proxy, or a comma-separated list of proxy addresses.',
  }),
  logLevel: variable({
    name: 'LOG_LEVEL',
    default: 'info',
    parse: logLevel,
    description: 'fatal, error, warn, info, debug, trace or silent.',
  }),
  metricsToken: optionalVariable({
    name: 'METRICS_TOKEN',
    parse: bearerSecret,
    secret: true,
    description:
      'Bearer token a Prometheus scraper sends to read `/metrics` (`Authorization: Bearer {token}`). Unset, `/metrics` answers only requests made on this machine (loopback) through no proxy.',
  }),
  commit: variable({
    name: 'DARKROOM_COMMIT',
    default: { documented: '`git rev-parse --short HEAD`', value: readGitCommit },
    parse: verbatimText,
    description: 'Commit reported in `meta.server.commit` (`unknown` outside a git checkout).',
  }),
  webDistDir: variable({
    name: 'WEB_DIST_DIR',
    // The default is found from the checkout, wherever the server was started from.
    default: {
      documented: 'packages/web/dist',
      value: () => path.join(REPO_ROOT, 'packages/web/dist'),
    },
    parse: localPath,
    description: 'Built dashboard served at `/` when the folder exists.',
  }),
  sessionTtlDays: variable({
    name: 'SESSION_TTL_DAYS',
    default: '30',
    parse: wholeNumber(1, 3650),
    description: 'Days a sign-in session stays valid.',
  }),
  /** Single sign-on through an OpenID Connect provider; null when it is not configured. */
  oidc: group(
    {
      client: group(
        {
          issuerUrl: optionalVariable({
            name: 'OIDC_ISSUER_URL',
            parse: oidcIssuerUrl,
            description:
              'Issuer of the OpenID Connect provider for single sign-on, e.g. `https://accounts.google.com`; its discovery document is read on the first sign-in. Unset, single sign-on is off.',
          }),
          clientId: optionalVariable({
            name: 'OIDC_CLIENT_ID',
            parse: trimmedText,
            description: 'Client ID Darkroom is registered under at the provider.',
          }),
          clientSecret: optionalVariable({
            name: 'OIDC_CLIENT_SECRET',
            parse: verbatimText,
            secret: true,
            description: 'Client secret of `OIDC_CLIENT_ID`.',
          }),
        },
        (client) => client,
        { setTogether: true },
      ),
      providerName: variable({
        name: 'OIDC_PROVIDER_NAME',
        default: 'Google',
        parse: providerLabel,
        description: 'Name of the provider on the sign-in button: "Sign in with {name}".',
      }),
      allowSignUp: variable({
        name: 'OIDC_ALLOW_SIGN_UP',
        default: 'false',
        parse: flag,
        description:
          'Create an account and its first user at the first single sign-on of an email no user has; `false` signs in existing users only.',
      }),
    },
    ({ client: { issuerUrl, clientId, clientSecret }, ...options }) => {
      if (issuerUrl === null || clientId === null || clientSecret === null) return null;
      // loadConfig freezes the top level only; the client secret is frozen with it.
      return Object.freeze({ issuerUrl, clientId, clientSecret, ...options });
    },
  ),
  /** Host (and port) under which `{subdomain}.{deliveryDomain}` delivers images. */
  deliveryDomain: variable({
    name: 'DELIVERY_DOMAIN',
    default: { documented: '`localhost:{PORT}`', value: (env) => `localhost:${port.read(env)}` },
    parse: hostAndPort,
    description: 'Domain whose subdomains deliver images: `http://{subdomain}.{DELIVERY_DOMAIN}/`.',
  }),
  /**
   * Where people reach the dashboard, for links that leave the server (emailed invitation and
   * password-reset links, the OpenID Connect redirect URI). Configured, never taken from a request's
   * Host header: a forged Host would otherwise send a reset link to an attacker's site (OWASP's
   * host header injection).
   */
  publicUrl: variable({
    name: 'PUBLIC_URL',
    default: {
      documented: '`http://localhost:{PORT}`',
      value: (env) => `http://localhost:${port.read(env)}`,
    },
    parse: publicBaseUrl,
    description:
      'Address of the dashboard as people reach it, used in emailed links and as the single sign-on redirect, e.g. `https://images.example.com`.',
  }),
  /** Where invitation and password-reset emails go out; without SMTP their links are logged. */
  mail: group(
    {
      smtpUrl: optionalVariable({
        name: 'SMTP_URL',
        parse: smtpUrl,
        secret: true,
        description:
          'SMTP server that sends invitation and password-reset emails, e.g. `smtps://user:password@mail.example.com:465` or `smtp://mail.example.com:587` (STARTTLS when offered). Unset, their links are written to the server log instead.',
      }),
      from: variable({
        name: 'MAIL_FROM',
        // Documented in backticks: bare, Markdown would read `<no-reply@localhost>` as a link.
        default: {
          documented: '`Darkroom <no-reply@localhost>`',
          value: () => 'Darkroom <no-reply@localhost>',
        },
        parse: mailbox,
        description: 'Sender of those emails, e.g. `Darkroom <no-reply@images.example.com>`.',
      }),
    },
    (mail) => mail,
  ),
  /** DARKROOM_SECRET_KEY decoded; null means the key file in the data directory. */
  secretKey: neededWith(
    optionalVariable({
      name: 'DARKROOM_SECRET_KEY',
      parse: encryptionKey,
      secret: true,
      description:
        'Key that encrypts storage secrets at rest: 32 bytes as base64 or 64 hex digits; required with `DATABASE_URL`, the same on every process. When unset (embedded database), `DATA_DIR/secret.key` is created (mode 0600) on first start and read afterwards. The database keeps its fingerprint: a process with another key refuses to start.',
    }),
    'DATABASE_URL',
    // Processes sharing one database decrypt each other's source secrets; a key file of each
    // one's own data directory would differ from process to process.
    'every process sharing the database must encrypt with the same key (e.g. `openssl rand -hex 32`)',
  ),
  /**
   * Where the files Darkroom creates live (managed storage, generated videos): the data directory
   * by default, or an S3-protocol bucket that every process reaches, so no process holds the only
   * copy of a file (imgproxy and thumbor keep nothing else on the request path either).
   */
  objectStore: group(
    {
      // The other variables of the group mean nothing without a bucket: refused rather than
      // silently leaving the files in DATA_DIR.
      location: neededWith(
        neededWith(
          optionalVariable({
            name: 'OBJECT_STORE_URL',
            parse: objectStoreUrl,
            description:
              'Bucket for the files Darkroom creates (managed storage, generated videos), e.g. `s3://darkroom-files/production`; any S3-protocol store (AWS S3, R2, MinIO, Ceph RGW). Unset, they are kept in `DATA_DIR`. Required when several processes share `DATABASE_URL`.',
          }),
          'OBJECT_STORE_ENDPOINT',
          'the endpoint is where that bucket is',
        ),
        'OBJECT_STORE_ACCESS_KEY_ID',
        'the keys are those of that bucket',
      ),
      endpoint: optionalVariable({
        name: 'OBJECT_STORE_ENDPOINT',
        parse: httpUrl,
        description:
          'Endpoint of the object store when it is not AWS S3, e.g. `https://{account}.r2.cloudflarestorage.com` or `http://minio:9000` (path-style requests).',
      }),
      region: variable({
        name: 'OBJECT_STORE_REGION',
        default: 'us-east-1',
        parse: trimmedText,
        description: 'Region the object store signs requests for (`auto` for R2).',
      }),
      // One key without the other cannot sign a request; both unset, the AWS SDK's default
      // credential chain applies (an instance or task role).
      keys: group(
        {
          accessKeyId: optionalVariable({
            name: 'OBJECT_STORE_ACCESS_KEY_ID',
            parse: trimmedText,
            description:
              'Access key of the object store, set with `OBJECT_STORE_SECRET_ACCESS_KEY`; both unset, the AWS SDK finds credentials itself (an instance or task role).',
          }),
          secretAccessKey: optionalVariable({
            name: 'OBJECT_STORE_SECRET_ACCESS_KEY',
            parse: verbatimText,
            secret: true,
            description: 'Secret key of the object store, set with `OBJECT_STORE_ACCESS_KEY_ID`.',
          }),
        },
        (keys) => keys,
        { setTogether: true },
      ),
    },
    ({ location, keys, ...store }) => (location === null ? null : { ...store, ...keys, location }),
  ),
  s3EndpointOverride: optionalVariable({
    name: 'STORAGE_S3_ENDPOINT_OVERRIDE',
    parse: httpUrl,
    description: 'Sends every S3-protocol call to this endpoint (tests, self-hosted S3 servers).',
  }),
  azureEndpointOverride: optionalVariable({
    name: 'STORAGE_AZURE_ENDPOINT_OVERRIDE',
    parse: httpUrl,
    description:
      'Sends every Azure Storage call to this account URL, e.g. `http://127.0.0.1:10000/devstoreaccount1` (tests, Azurite).',
  }),
  allowPrivateOrigins: variable({
    name: 'ALLOW_PRIVATE_ORIGINS',
    default: 'false',
    parse: flag,
    description:
      '`1`/`true`: let origins on private or loopback addresses through (local development and tests only).',
  }),
  originMaxBytes: variable({
    name: 'ORIGIN_MAX_BYTES',
    default: '50000000',
    parse: wholeNumber(1, 10_000_000_000),
    description: 'Largest file read from an origin or uploaded to managed storage, in bytes.',
  }),
  /** How long node:http waits on a client (docs/ARCHITECTURE.md, "Stopping and failing"). */
  httpTimeouts: group(
    {
      headersMs: variable({
        name: 'HEADERS_TIMEOUT_MS',
        default: '30000',
        parse: wholeNumber(1_000, 3_600_000),
        description:
          "Longest a request's headers may take to arrive (at most `REQUEST_TIMEOUT_MS`); past it the connection is answered 408 and closed.",
      }),
      requestMs: variable({
        name: 'REQUEST_TIMEOUT_MS',
        default: '300000',
        parse: wholeNumber(1_000, 86_400_000),
        description:
          'Longest a whole request, body included (an upload), may take to arrive; past it the connection is answered 408 and closed.',
      }),
      bodyIdleMs: variable({
        name: 'BODY_IDLE_TIMEOUT_MS',
        default: '30000',
        parse: wholeNumber(1_000, 3_600_000),
        description:
          'Longest a request body (an upload) may pause between two of its chunks; past it the connection is closed and nothing of the upload is kept.',
      }),
      keepAliveMs: variable({
        name: 'KEEP_ALIVE_TIMEOUT_MS',
        default: '72000',
        parse: wholeNumber(1_000, 3_600_000),
        description:
          'How long an idle keep-alive connection stays open for its next request (longer than the idle timeout of a load balancer in front).',
      }),
    },
    // node:http refuses a headers timeout longer than the request timeout.
    ({ headersMs, requestMs, bodyIdleMs, keepAliveMs }) => ({
      headersMs: Math.min(headersMs, requestMs),
      requestMs,
      bodyIdleMs,
      keepAliveMs,
    }),
  ),
  shutdownGraceMs: variable({
    name: 'SHUTDOWN_GRACE_MS',
    default: '25000',
    parse: wholeNumber(0, 3_600_000),
    description:
      'On SIGTERM or SIGINT, how long requests in flight may take to finish before the process exits anyway (jobs in hand go back to the queue at once).',
  }),
  /** Renders run at once (delivery's render queue). */
  renderConcurrency: variable({
    name: 'RENDER_CONCURRENCY',
    default: {
      documented: 'CPU count / `WORKERS`',
      // Each process renders on its share of the cores: with one render per core in each of
      // WORKERS=auto processes, cores² renders would run at once, each holding its pixels.
      value: (env) => Math.max(1, Math.ceil(os.availableParallelism() / workers.read(env))),
    },
    parse: wholeNumber(1, 1024),
    description: 'Renders one process runs at the same time; more wait in the render queue.',
  }),
  workers,
  /** Renders that may wait for a slot before delivery answers 429. */
  renderQueueSize: variable({
    name: 'RENDER_QUEUE_SIZE',
    default: '64',
    parse: wholeNumber(0, 1_000_000),
    description:
      'Renders that may wait for a free slot; past that, delivery answers 429 with `Retry-After`.',
  }),
  renderTimeoutMs: variable({
    name: 'RENDER_TIMEOUT_MS',
    default: '30000',
    parse: wholeNumber(100, 600_000),
    description: 'Longest one render may take before delivery answers 504.',
  }),
  /** The budget every render is checked against before decoding (render pipeline/budget.ts). */
  renderMaxSide: variable({
    name: 'RENDER_MAX_SIDE',
    default: '8192',
    parse: wholeNumber(16, 65_535),
    description:
      'Largest side, in pixels, of the output and of every canvas a render builds; larger outputs are sized down, as imgix does.',
  }),
  renderMaxMegapixels: variable({
    name: 'RENDER_MAX_MEGAPIXELS',
    default: '50',
    parse: wholeNumber(1, 1_000),
    description:
      'Most megapixels an origin may decode to and any canvas or output of a render may hold, animation frames counted together; past it delivery answers 413 naming the parameter.',
  }),
  renderMaxMemoryMb: variable({
    name: 'RENDER_MAX_MEMORY_MB',
    // An idle server holds about 500 MB (the embedded database, the models, V8) and grows by
    // up to about 150 MB of caches and garbage under load; 320 MB of decoded pixels leaves room
    // under 1 GiB for that and for what this gate does not count (origin bytes, encoded answers,
    // pixels on their way to a worker). One 4096-pixel AVIF alone (its decoder) needs about 330.
    default: '320',
    parse: wholeNumber(16, 1_000_000),
    description:
      'Megabytes of decoded pixels the renders of one process may hold together; a large render waits for others to finish instead of running beside them.',
  }),
  renderMaxFrames: variable({
    name: 'RENDER_MAX_FRAMES',
    default: '1000',
    parse: wholeNumber(1, 100_000),
    description:
      'Most animation frames one render decodes; more answer 413 (`frame=` selects fewer).',
  }),
  /** Size cap of `DATA_DIR/render-cache`, in bytes. */
  renderCacheMaxBytes: variable({
    name: 'RENDER_CACHE_MAX_BYTES',
    default: '2000000000',
    parse: wholeNumber(0, 10_000_000_000_000),
    description:
      'Size cap of the rendered-image cache in `DATA_DIR/render-cache`; least recently used renders go first. `0` turns render caching off (every request renders).',
  }),
  /** Size cap of the in-memory hot-render cache, in bytes. */
  renderMemoryCacheBytes: variable({
    name: 'RENDER_MEMORY_CACHE_BYTES',
    default: '67108864',
    parse: wholeNumber(0, 100_000_000_000),
    description: 'Size cap of the in-memory cache of hot renders in front of the disk cache.',
  }),
  /** Video input limits (VIDEO_MAX_*), for transcodes and poster frames alike. */
  /** The CDN in front of delivery hosts, purged with every purge (its own purge API). */
  cdnPurge: withCdnPurgeRules(
    group(
      {
        provider: optionalVariable({
          name: 'CDN_PURGE_PROVIDER',
          parse: cdnPurgeProvider,
          description:
            '`varnish`, `fastly` or `cloudflare`: the CDN in front of delivery hosts that every purge is sent to, by surrogate key.',
        }),
        urls: optionalVariable({
          name: 'CDN_PURGE_URLS',
          parse: httpUrlList,
          description:
            'Where purges go: for Varnish, each Varnish instance running `docs/varnish/darkroom.vcl` (comma-separated, e.g. `http://10.0.0.5:6081`); for Fastly and Cloudflare, their API (defaults `https://api.fastly.com`, `https://api.cloudflare.com/client/v4`).',
        }),
        token: optionalVariable({
          name: 'CDN_PURGE_TOKEN',
          parse: verbatimText,
          secret: true,
          description: 'Fastly API token or Cloudflare API token with cache purge permission.',
        }),
        target: optionalVariable({
          name: 'CDN_PURGE_TARGET',
          parse: trimmedText,
          description: 'Fastly service id or Cloudflare zone id.',
        }),
      },
      cdnPurgeConfig,
    ),
  ),
  videoLimits: group(
    {
      maxDurationS: variable({
        name: 'VIDEO_MAX_DURATION_S',
        default: '600',
        parse: wholeNumber(1, 86_400),
        description:
          'Longest video (or animation) delivery transcodes, in seconds; longer ones answer 413.',
      }),
      maxPixels: variable({
        name: 'VIDEO_MAX_PIXELS',
        default: '8294400',
        parse: wholeNumber(1, 100_000_000),
        description:
          'Largest video frame (width times height) delivery reads or writes; larger ones answer 413.',
      }),
      maxBytes: variable({
        name: 'VIDEO_MAX_BYTES',
        default: '50000000',
        parse: wholeNumber(1, 100_000_000_000),
        description:
          'Largest video file delivery transcodes, in bytes (`ORIGIN_MAX_BYTES` caps every origin read too).',
      }),
    },
    (limits) => limits,
  ),
  /** Video transcodes this process runs at once; 0 leaves them to other processes. */
  videoConcurrency: variable({
    name: 'VIDEO_CONCURRENCY',
    default: '1',
    parse: wholeNumber(0, 64),
    description:
      'Video transcodes (MP4, WebM, HLS) this process runs at once, as durable jobs; `0` leaves them to other processes.',
  }),
  /** Minutes between the end of a source's asset indexing run and the next; 0: no schedule. */
  assetIndexIntervalMinutes: variable({
    name: 'ASSET_INDEX_INTERVAL_MINUTES',
    default: '60',
    parse: wholeNumber(0, 525_600),
    description:
      "Minutes from the end of a source's asset indexing run to the next scheduled one; `0` turns scheduled re-indexing off (deploys and manual requests still index).",
  }),
  /** Days raw usage events are kept once rolled up into the analytics aggregates. */
  usageRetentionDays: variable({
    name: 'USAGE_RETENTION_DAYS',
    default: '90',
    parse: wholeNumber(1, 36_500),
    description:
      'Days raw usage events (one row per delivery request kind) are kept once rolled up; the hourly and daily analytics aggregates are kept for good.',
  }),
  /** Minutes between analytics rollups in this process; 0: none. */
  usageRollupIntervalMinutes: variable({
    name: 'USAGE_ROLLUP_INTERVAL_MINUTES',
    default: '5',
    parse: wholeNumber(0, 1_440),
    description:
      'Minutes between analytics rollups (and raw-event pruning) in this process; `0` leaves them to other processes. The analytics API is exact either way: it reads events not yet rolled up.',
  }),
  /** Analyse indexed assets (faces, labels, alt text) in this process. */
  assetAnalysis: variable({
    name: 'ASSET_ANALYSIS',
    default: 'true',
    parse: flag,
    description:
      "Work out each image asset's faces, labels and alt text with the AI models after indexing; `false` leaves those fields empty (and the jobs waiting) on installs that cannot spare the CPU.",
  }),
  /** AI renders this process runs at once; 0 leaves them to other processes. */
  aiConcurrency: variable({
    name: 'AI_CONCURRENCY',
    default: '1',
    parse: wholeNumber(0, 64),
    description:
      'AI renders (background removal, super resolution, object removal) one server process runs at once in its AI worker; `0` makes this process leave them to others sharing the database.',
  }),
  aiTimeoutMs: variable({
    name: 'AI_TIMEOUT_MS',
    default: '120000',
    parse: wholeNumber(1_000, 3_600_000),
    description:
      'Longest one AI render may take; past it the operation fails (and falls back when its `*-fallback` allows).',
  }),
  /** Longest a request for a render a job is making is held open before it is answered 423. */
  renderJobWaitMs: variable({
    name: 'RENDER_JOB_WAIT_MS',
    default: '10000',
    parse: wholeNumber(0, 60_000),
    description:
      'Longest a GET for an AI or video render that a job is making waits for it before delivery answers `423` (with `Retry-After`); the image is answered as soon as it exists. A HEAD, which asks whether the render is ready, and `0` get `423` at once. Kept under the first-byte timeouts of common CDNs (15 s and more).',
  }),
  /** DEFAULT_CAPABILITIES as written: 'all', 'none' or the names listed. */
  defaultCapabilities: variable({
    name: 'DEFAULT_CAPABILITIES',
    default: 'all',
    parse: capabilitySelection,
    description:
      'Premium capabilities new accounts get: `all` (those whose model is available on this install), `none`, or a comma list of background_removal, background_replacement, super_resolution, outpainting, object_removal, image_to_video.',
  }),
  generative: group(
    {
      url: optionalVariable({
        name: 'GENERATIVE_API_URL',
        // Without trailing slashes, as API paths such as `/images/edits` are appended to it.
        parse: httpUrl.transform((url) => url.replace(/\/+$/, '')),
        description:
          'Base URL of an OpenAI-compatible API: images (`{url}/images/edits`) for generative fill, background replacement and object replacement, audio transcriptions and chat for video subtitles; unset, those capabilities are unavailable.',
      }),
      apiKey: optionalVariable({
        name: 'GENERATIVE_API_KEY',
        parse: verbatimText,
        secret: true,
        description: 'Bearer token sent to GENERATIVE_API_URL.',
      }),
      model: variable({
        name: 'GENERATIVE_MODEL',
        default: 'gpt-image-1',
        parse: modelName,
        description: 'Model name sent to GENERATIVE_API_URL with each edit.',
      }),
      videoModel: variable({
        name: 'GENERATIVE_VIDEO_MODEL',
        default: 'sora-2',
        parse: modelName,
        description:
          'Video model sent to GENERATIVE_API_URL (`{url}/videos`) for generative image to video; the motion MP4 needs no provider.',
      }),
      transcriptionModel: variable({
        name: 'GENERATIVE_TRANSCRIPTION_MODEL',
        default: 'whisper-1',
        parse: modelName,
        description:
          'Speech-to-text model sent to GENERATIVE_API_URL (`{url}/audio/transcriptions`) for video subtitles (`video-generate-subtitles`).',
      }),
      chatModel: variable({
        name: 'GENERATIVE_CHAT_MODEL',
        default: 'gpt-4o-mini',
        parse: modelName,
        description:
          'Chat model sent to GENERATIVE_API_URL (`{url}/chat/completions`) to translate subtitles (`video-subtitle-translations`) and tell their language.',
      }),
    },
    // Without an API URL there is no provider to send the models to.
    ({ url, ...models }) => (url === null ? null : { url, ...models }),
  ),
  /** Enforce the plan's sources_included and users_included. */
  planLimits: variable({
    name: 'PLAN_LIMITS',
    default: 'true',
    parse: flag,
    description:
      "Refuse new sources and users beyond what the account's plan includes (`sources_included`, `users_included`), and secure URLs on the free plan (paid plans include them); `false` lets every account grow freely.",
  }),
  /** Billing through Stripe; null keeps the local ledger. */
  stripe: group(
    {
      secretKey: optionalVariable({
        name: 'STRIPE_SECRET_KEY',
        parse: stripeSecretKey,
        secret: true,
        description:
          'Stripe secret key: plans, subscriptions, invoices and the customer portal come from Stripe. Unset, Darkroom keeps its own billing ledger.',
      }),
      webhookSecret: optionalVariable({
        name: 'STRIPE_WEBHOOK_SECRET',
        parse: trimmedText,
        secret: true,
        description:
          'Signing secret of the Stripe webhook endpoint `/api/v4/stripe/webhooks`; unset, webhooks are refused.',
      }),
      apiBase: optionalVariable({
        name: 'STRIPE_API_BASE',
        parse: httpUrl.transform((url) => new URL(url)),
        description:
          'Sends Stripe API calls to this URL instead of https://api.stripe.com (tests).',
      }),
    },
    // Without a secret key, billing stays on the local ledger whatever else is set.
    ({ secretKey, ...endpoints }) => (secretKey === null ? null : { secretKey, ...endpoints }),
  ),
};

/** Every variable the server reads, in README order. */
export const CONFIG_VARIABLES: readonly ConfigVariable[] = Object.values(CONFIG_SETTINGS).flatMap(
  (setting) => setting.variables,
);
