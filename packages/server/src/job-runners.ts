// Every runner of durable jobs, and the handler of every job kind (jobs/kinds.ts), registered
// in this one place. Three sets of runners, so a long job never holds up the others: the
// general one (deploys, indexing, analysis, billing, video generations), AI renders
// (AI_CONCURRENCY runners, one per model worker) and video renders (VIDEO_CONCURRENCY).
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AiServices } from './ai/ai-services.ts';
import type { GenerativeVideos } from './ai/generative/index.ts';
import { assetAnalysisHandler } from './assets/analysis/analysis-job.ts';
import { assetIndexHandler } from './assets/index-job.ts';
import { billingPeriodCloseHandler } from './billing/period-close-job.ts';
import type { Config } from './config.ts';
import type { DatabaseSchema } from './db/schema.ts';
import type { Delivery } from './delivery/delivery.ts';
import { VIDEO_RENDER_TIMEOUT_MS } from './delivery/video-renders.ts';
import { AI_RENDER_JOB, VIDEO_RENDER_JOB } from './jobs/kinds.ts';
import {
  combineRunners,
  createJobRunner,
  handleJob,
  type JobHandler,
  type JobRunner,
  type JobRunnerOptions,
} from './jobs/runner.ts';
import { sourceDeployHandler } from './sources/deploy-job.ts';
import type { SourceOrigins } from './storage/source-origins.ts';
import { videoGenerationHandler } from './video-generations/job.ts';

export interface JobRunnersDependencies {
  config: Readonly<Config>;
  db: Kysely<DatabaseSchema>;
  origins: SourceOrigins;
  delivery: Delivery;
  ai: AiServices;
  generativeVideos: GenerativeVideos;
  log: FastifyBaseLogger;
  /** How often idle runners poll, in milliseconds (default 500). */
  pollIntervalMs?: number;
  /** Between two questions to the generative video provider. */
  generativeVideoPollMs: number;
}

export interface JobRunners {
  /** Deploys, indexing, analysis, the local ledger's billing and video generations. */
  jobs: JobRunner;
  /** Premium (AI) renders, one runner per model worker. */
  aiJobs: JobRunner;
  /** Video transcodes and streams, VIDEO_CONCURRENCY runners. */
  videoJobs: JobRunner;
}

export function createJobRunners(deps: JobRunnersDependencies): JobRunners {
  const { config, db, origins, delivery, log } = deps;
  const poll = deps.pollIntervalMs === undefined ? {} : { pollIntervalMs: deps.pollIntervalMs };
  const logged = (failure: string): Pick<JobRunnerOptions, 'onError' | 'onRelease'> => ({
    onError: (error, job) => log.warn({ err: error, jobId: job?.id, kind: job?.kind }, failure),
    // A stopping process hands its jobs back (jobs/runner.ts): another one takes them up.
    onRelease: (job) => log.info({ jobId: job.id, kind: job.kind }, 'job given back to the queue'),
  });
  const handlers: JobHandler[] = [
    sourceDeployHandler({ db, origins }),
    assetIndexHandler({ db, origins, intervalMinutes: config.assetIndexIntervalMinutes }),
    videoGenerationHandler({
      db,
      origins,
      videos: deps.generativeVideos,
      dataDir: config.dataDir,
      log,
      pollIntervalMs: deps.generativeVideoPollMs,
    }),
  ];
  // The local ledger closes billing periods itself; with Stripe, Stripe does.
  if (config.stripe === null) handlers.push(billingPeriodCloseHandler(db));
  // ASSET_ANALYSIS=false: the analysis jobs wait, unclaimed, until a process analyses.
  if (config.assetAnalysis) {
    handlers.push(assetAnalysisHandler({ db, origins, detector: deps.ai.detector, log }));
  }
  const jobs = createJobRunner({
    db,
    handlers,
    ...poll,
    ...logged('job failed'),
  });
  const aiJobs = combineRunners(
    deps.ai.premium.map((models) =>
      createJobRunner({
        db,
        handlers: [handleJob(AI_RENDER_JOB, (payload) => delivery.renderAiJob(payload, models))],
        leaseMs: config.aiTimeoutMs + 60_000,
        ...poll,
        ...logged('AI render failed'),
      }),
    ),
  );
  const videoJobs = combineRunners(
    Array.from({ length: config.videoConcurrency }, () =>
      createJobRunner({
        db,
        handlers: [handleJob(VIDEO_RENDER_JOB, (payload) => delivery.renderVideoJob(payload))],
        leaseMs: VIDEO_RENDER_TIMEOUT_MS + 60_000,
        ...logged('video render failed'),
      }),
    ),
  );
  return { jobs, aiJobs, videoJobs };
}
