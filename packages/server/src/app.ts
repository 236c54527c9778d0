import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { pgliteDirectory, type Database } from './db/database.ts';
import { openMigratedDatabase } from './db/migrate.ts';
import { registerAuthentication } from './api/authentication.ts';
import { registerBodyIdleTimeout } from './api/body-idle.ts';
import { registerUnreadBodyDrain } from './api/unread-body.ts';
import { registerContentNegotiation } from './api/content-type.ts';
import type { AppContext } from './api/context.ts';
import { registerErrorHandler, registerNotFoundHandler } from './api/error-handler.ts';
import { registerDatabaseGate } from './api/database-availability.ts';
import { healthRoutes } from './api/health.ts';
import { registerImpersonationAudit } from './api/impersonation-audit.ts';
import { registerRateLimit } from './api/rate-limit.ts';
import { registerRateLimitSweep } from './api/rate-limit-sweep.ts';
import { serializeRequest } from './api/request-log.ts';
import { registerReadOnlyGuard } from './api/read-only.ts';
import { registerApiRoutes } from './api/routes.ts';
import { registerApiReference } from './api/openapi/reference-routes.ts';
import { trackApiOperations } from './api/openapi/registry.ts';
import { registerWebDashboard } from './web-dashboard.ts';
import { sourceSchemasFor } from './api/source-schemas.ts';
import { InternalMarkers } from './crypto/internal-marker.ts';
import { loadSecretKey } from './crypto/secret-key.ts';
import { createSecretBox } from './crypto/secrets.ts';
import { ensureDemoSource } from './demo/demo-source.ts';
import { requestFirstIndexes } from './assets/first-index.ts';
import { requestBillingPeriodClose } from './billing/period-close-job.ts';
import { DeliveryFastPath } from './delivery/fast-path.ts';
import { Delivery } from './delivery/delivery.ts';
import { registerDelivery } from './delivery/routing.ts';
import { createAiServices, type InjectedAiModels } from './ai/ai-services.ts';
import {
  createGenerativeImages,
  createGenerativeSubtitles,
  createGenerativeVideos,
} from './ai/generative/index.ts';
import { CdnPurger } from './cdn/cdn-purger.ts';
import { ClusterEvents } from './cluster-events/cluster-events.ts';
import type { WorkerPlace } from './cluster-workers/worker-place.ts';
import { frameworkErrorHandler } from './framework-errors.ts';
import { createJobRunners } from './job-runners.ts';
import { AI_RENDER_JOB } from './jobs/kinds.ts';
import { defaultStorageAdapterFactory, type StorageAdapterFactory } from './storage/index.ts';
import { installObjectStore } from './storage/object-store/index.ts';
import { installOrigins } from './storage/source-origins.ts';
import { remoteSourceChanges } from './store/sources.ts';
import { createMailer } from './mail/mailer.ts';
import { createMetricsRegistry } from './metrics/metrics-registry.ts';
import { registerMetricsRoute } from './metrics/metrics-route.ts';
import { registerRequestCounting } from './metrics/request-counting.ts';
import { ServerCounters } from './metrics/server-counters.ts';
import { REQUEST_ID_HEADER, registerRequestIdHeader, requestIdOf } from './net/request-id.ts';

export type { Config } from './config.ts';
export { loadConfig } from './config.ts';

export interface BuildOptions {
  /**
   * An open, migrated database, closed by its owner. Without one the app opens its own
   * from config, migrates it, and closes it when the app closes.
   */
  database?: Database;
  /** Builds storage adapters; tests pass a fake so they need no storage servers. */
  storageAdapterFactory?: StorageAdapterFactory;
  /**
   * Poll the job queue in this process (main.ts turns it on). Off by default so tests run
   * jobs themselves with `app.darkroom.jobs.drain()`.
   */
  runJobs?: boolean;
  /** How often the job runner polls, in milliseconds (default 500). */
  jobPollIntervalMs?: number;
  /** AI models to use instead of worker processes (tests run them in-process). */
  aiModels?: InjectedAiModels;
  /** Between two questions to the generative video provider (default 10 s; tests shorten it). */
  generativeVideoPollMs?: number;
  /** Where the log is written instead of stdout (tests read what the server logged). */
  logStream?: NodeJS.WritableStream;
  /** This process's place among the cluster's workers (WORKERS above 1); none when alone. */
  workerPlace?: WorkerPlace;
}

/**
 * Builds the whole server (API, /healthz, dashboard) without listening, so tests can
 * drive it with `app.inject` and main.ts decides where to listen.
 */
export async function buildApp(
  config: Readonly<Config>,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  // Delivery answers cache hits before Fastify sees them (delivery/fast-path.ts).
  const fastPath = new DeliveryFastPath(config);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: { req: serializeRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    // A request's id is its sane X-Request-Id or a new one (net/request-id.ts): every line logged
    // of the request carries it as `reqId`, and the answer echoes it.
    requestIdHeader: false,
    genReqId: (request) => requestIdOf(request.headers[REQUEST_ID_HEADER]),
    serverFactory: fastPath.serverFactory,
    // No client holds a connection for ever: its headers, its whole request and its idle
    // keep-alive time are bounded (408 past the first two). Timeouts are checked every second
    // rather than node's 30 s, so a bound of a few seconds holds to about a second.
    http: { headersTimeout: config.httpTimeouts.headersMs, connectionsCheckingInterval: 1_000 },
    requestTimeout: config.httpTimeouts.requestMs,
    keepAliveTimeout: config.httpTimeouts.keepAliveMs,
    // While the process drains (SIGTERM), requests still reaching it are served, each closing its
    // connection, and /healthz says `draining`; Fastify's own 503 would answer them all alike.
    return503OnClosing: false,
    frameworkErrors: frameworkErrorHandler(config.deliveryDomain),
  });

  const ownsDatabase = options.database === undefined;
  const database =
    options.database ??
    (
      await openMigratedDatabase({
        databaseUrl: config.databaseUrl,
        pgliteDir: pgliteDirectory(config.dataDir),
        onPoolError: (error) => app.log.error({ err: error }, 'database pool error'),
      })
    ).database;
  const secretKey = loadSecretKey(config);
  const secrets = createSecretBox(secretKey);
  // The dashboard's own delivery requests carry a marker only this install mints (not metered).
  const internalMarkers = new InternalMarkers(secretKey);
  // Managed storage files and generated videos: OBJECT_STORE_URL's bucket, or DATA_DIR.
  const objectStore = installObjectStore(config, app.log);
  const origins = installOrigins(
    config,
    secrets,
    options.storageAdapterFactory ?? defaultStorageAdapterFactory,
    objectStore,
  );
  const ai = createAiServices(config, options.aiModels);
  const generative = createGenerativeImages(config.generative);
  const generativeVideos = createGenerativeVideos(config.generative);
  const subtitles = createGenerativeSubtitles(config.generative);
  // What the request paths count for /metrics (metrics/).
  const counters = new ServerCounters();
  // What other processes sharing the database purge and edit reaches this one, and this one's
  // purges reach them and the CDN in front (cluster-events/, cdn/).
  const clusterEvents = new ClusterEvents({
    db: database.db,
    notifications: database.notifications,
    log: app.log,
  });
  clusterEvents.subscribe(remoteSourceChanges);
  const cdnPurger =
    config.cdnPurge === null
      ? undefined
      : new CdnPurger({ config: config.cdnPurge, log: app.log, metrics: counters });
  const delivery = new Delivery({
    config,
    db: database.db,
    secrets,
    origins,
    log: app.log,
    metrics: counters,
    renderCacheShare: options.workerPlace,
    // Render jobs leave their renders there for every process (delivery/shared-renders.ts).
    objectStore,
    clusterEvents,
    ...(cdnPurger === undefined ? {} : { cdnPurger }),
    detector: ai.detector,
    ...(generative.available ? { generative } : {}),
    ...(subtitles.available ? { subtitles } : {}),
    internalMarkers,
  });
  const { jobs, aiJobs, videoJobs } = createJobRunners({
    config,
    db: database.db,
    origins,
    objectStore,
    delivery,
    ai,
    generativeVideos,
    log: app.log,
    ...(options.jobPollIntervalMs === undefined
      ? {}
      : { pollIntervalMs: options.jobPollIntervalMs }),
    generativeVideoPollMs: options.generativeVideoPollMs ?? 10_000,
  });
  // A render job a request just queued starts now in this process, rather than at the next poll.
  delivery.onRenderJobQueued((kind) => (kind === AI_RENDER_JOB ? aiJobs : videoJobs).wake());
  const mailer = createMailer(config.mail, app.log);
  const context: AppContext = {
    config,
    database,
    secrets,
    internalMarkers,
    origins,
    objectStore,
    sourceSchemas: sourceSchemasFor(config),
    jobs,
    aiJobs,
    videoJobs,
    ai,
    generativeVideos,
    mailer,
  };
  app.decorate('darkroom', context);
  // Before any route: the API reference compares the routes registered with their docs.
  trackApiOperations(app);

  // First of all hooks, so that every answer carries its X-Request-Id, delivery's too.
  registerRequestIdHeader(app);
  // Then delivery: image requests on delivery hosts never meet the API's hooks.
  registerDelivery(app, delivery);
  fastPath.attach(delivery, app.log, counters);
  registerRequestCounting(app, counters);
  await app.register(fastifyCookie);
  // Hook order matters: cheap refusals (rate limit, read-only, Accept) before any other database
  // work (on PostgreSQL the rate limit is one statement: api/rate-limit.ts).
  // While PostgreSQL does not answer, API requests are refused (503) before any query of theirs.
  registerDatabaseGate(app);
  registerRateLimit(app, config);
  registerRateLimitSweep(app);
  if (config.readOnly) registerReadOnlyGuard(app);
  registerBodyIdleTimeout(app, config.httpTimeouts.bodyIdleMs);
  registerUnreadBodyDrain(app);
  registerContentNegotiation(app);
  registerAuthentication(app);
  const flushAudit = registerImpersonationAudit(app);

  // Closing hands the jobs in hand back to the queue at once (jobs/runner.ts), while the requests
  // in flight finish; what they all need closes once both are done.
  let runnersStopped = Promise.resolve();
  app.addHook('preClose', async () => {
    runnersStopped = Promise.all([jobs.stop(), aiJobs.stop(), videoJobs.stop()]).then(() => {});
    // A request held for a render this process will no longer make is told 423 now, to ask again
    // where it will be made.
    delivery.releaseHeldRequests();
  });
  app.addHook('onClose', async () => {
    await runnersStopped;
    await delivery.close();
    await clusterEvents.close();
    await cdnPurger?.close();
    objectStore.close();
    ai.close();
    await flushAudit();
    // Emails composed after their answer still read the database.
    await mailer.close();
    if (ownsDatabase) await database.close();
  });

  registerErrorHandler(app);
  const dashboardFallback = await registerWebDashboard(app, config.webDistDir);
  registerNotFoundHandler(app, dashboardFallback ?? undefined);
  healthRoutes(app);
  registerMetricsRoute(
    app,
    createMetricsRegistry({
      counters,
      database,
      usageBacklog: () => delivery.usageBacklog,
      log: app.log,
    }),
    config.metricsToken,
  );
  await registerApiReference(app);
  await registerApiRoutes(app);
  await ensureDemoSource(database.db, secrets);
  // Only a process that runs jobs asks: test apps drain their own queue and index on purpose.
  if (options.runJobs) await requestFirstIndexes(database.db);
  // The local ledger closes billing periods itself; with Stripe, Stripe does.
  if (options.runJobs && config.stripe === null) await requestBillingPeriodClose(database.db);
  delivery.start();
  // Other processes' purges reach this one from here on; those made while nobody served this
  // DATA_DIR's disk renders (this process stopped, say) are applied to them first.
  await clusterEvents.start({ resumeAfter: await delivery.renderEventCursor() });
  // Video renders run in every process whose VIDEO_CONCURRENCY is above 0, test apps included.
  videoJobs.start();
  if (options.runJobs) {
    jobs.start();
    aiJobs.start();
  }
  return app;
}
