// Every runner of durable jobs, and the handler of every job kind (jobs/kinds.ts), registered
// in this one place. Three sets of runners, so a long job never holds up the others: the
// general ones (deploys, in a runner of their own so a new source serves within a poll
// whatever indexing or analysis is under way; and indexing, analysis, billing, video
// generations), AI renders
// (AI_CONCURRENCY runners, one per model worker) and video renders (VIDEO_CONCURRENCY). Every
// runner leases a job for JOB_LEASE_MS (30 s) and renews it while the job runs, however long the
// job (an AI render up to AI_TIMEOUT_MS, a video one up to VIDEO_RENDER_TIMEOUT_MS), so the job
// of a process that died is taken over within a lease (jobs/runner.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AiServices } from './ai/ai-services.ts';
import type { GenerativeVideos } from './ai/generative/index.ts';
import { assetAnalysisHandler } from './assets/analysis/analysis-job.ts';
import { assetIndexHandler } from './assets/index-job.ts';
import { billingPeriodCloseHandler } from './billing/period-close-job.ts';
import type { Config } from './config.ts';
import type { DatabaseSchema, JobRow } from './db/schema.ts';
import type { Delivery } from './delivery/delivery.ts';
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
import type { ObjectStore } from './storage/object-store/index.ts';
import type { SourceOrigins } from './storage/source-origins.ts';
import { videoGenerationHandler } from './video-generations/job.ts';

export interface JobRunnersDependencies {
  config: Readonly<Config>;
  db: Kysely<DatabaseSchema>;
  origins: SourceOrigins;
  delivery: Delivery;
  ai: AiServices;
  generativeVideos: GenerativeVideos;
  /** Where generated videos are kept (the install's object store). */
  objectStore: ObjectStore;
  log: FastifyBaseLogger;
  /** How often idle runners poll, in milliseconds (default 500). */
  pollIntervalMs?: number;
  /** Between two questions to the generative video provider. */
  generativeVideoPollMs: number;
}

export interface JobRunners {
  /** Deploys (a runner of their own), indexing, analysis, the local ledger's billing and video generations. */
  jobs: JobRunner;
  /** Premium (AI) renders, one runner per model worker. */
  aiJobs: JobRunner;
  /** Video transcodes and streams, VIDEO_CONCURRENCY runners. */
  videoJobs: JobRunner;
}

export function createJobRunners(deps: JobRunnersDependencies): JobRunners {
  const { config, db, origins, delivery, log } = deps;
  const poll = deps.pollIntervalMs === undefined ? {} : { pollIntervalMs: deps.pollIntervalMs };
  const logged = (
    failure: string,
  ): Pick<JobRunnerOptions, 'onError' | 'onRelease' | 'onLeaseLost'> => ({
    onError: (error, job) => log.warn({ err: error, jobId: job?.id, kind: job?.kind }, failure),
    // A stopping process hands its jobs back (jobs/runner.ts): another one takes them up.
    onRelease: (job) => log.info({ jobId: job.id, kind: job.kind }, 'job given back to the queue'),
    // This process did not renew in time (paused, or cut off from the database).
    onLeaseLost: (job) =>
      log.warn({ jobId: job.id, kind: job.kind }, 'job taken over by another runner'),
  });
  // The requests held for a render (delivery/render-job-waits.ts) ask again once its job ends.
  const renderJobSettled = (job: JobRow) => {
    if (job.work_key !== null) delivery.renderJobSettled(job.work_key);
  };
  const handlers: JobHandler[] = [
    assetIndexHandler({ db, origins, intervalMinutes: config.assetIndexIntervalMinutes }),
    videoGenerationHandler({
      db,
      origins,
      videos: deps.generativeVideos,
      objectStore: deps.objectStore,
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
  const jobs = combineRunners([
    createJobRunner({
      db,
      handlers: [sourceDeployHandler({ db, origins })],
      ...poll,
      ...logged('source deploy failed'),
    }),
    createJobRunner({ db, handlers, ...poll, ...logged('job failed') }),
  ]);
  const aiJobs = combineRunners(
    deps.ai.premium.map((models) =>
      createJobRunner({
        db,
        handlers: [handleJob(AI_RENDER_JOB, (payload) => delivery.renderAiJob(payload, models))],
        ...poll,
        ...logged('AI render failed'),
        onSettled: renderJobSettled,
      }),
    ),
  );
  const videoJobs = combineRunners(
    Array.from({ length: config.videoConcurrency }, () =>
      createJobRunner({
        db,
        handlers: [
          handleJob(VIDEO_RENDER_JOB, (payload, _job, signal) =>
            delivery.renderVideoJob(payload, signal),
          ),
        ],
        ...poll,
        ...logged('video render failed'),
        onSettled: renderJobSettled,
      }),
    ),
  );
  return { jobs, aiJobs, videoJobs };
}
