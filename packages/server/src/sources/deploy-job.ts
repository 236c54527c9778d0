import type { Kysely } from 'kysely';
import { requestAssetIndex } from '../assets/indexer.ts';
import type { DatabaseSchema } from '../db/schema.ts';
import { SOURCE_DEPLOY_JOB } from '../jobs/kinds.ts';
import { handleJob, type JobHandler } from '../jobs/runner.ts';
import { isTransientStorageError, originCheckFailure } from '../storage/check-failure.ts';
import type { SourceOrigins } from '../storage/source-origins.ts';
import { insertEvent } from '../store/events.ts';
import { findSource, setDeploymentResult } from '../store/sources.ts';

export interface SourceDeployDependencies {
  db: Kysely<DatabaseSchema>;
  origins: SourceOrigins;
}

/**
 * Spec platform section 4: a new source is deploying until its origin answers. The job runs the
 * adapter's verify() and marks the source deployed, or failed with the catalogue's sentence;
 * the outcome is written to the event log as Source Deployed or Source Creation Errored.
 * Timeouts and unreachable origins are retried while the job has attempts left.
 */
export function sourceDeployHandler(deps: SourceDeployDependencies): JobHandler {
  return handleJob(SOURCE_DEPLOY_JOB, async ({ sourceId, userId }, job) => {
    const source = await findSource(deps.db, sourceId, null);
    if (source === undefined || source.deployment_status !== 'deploying') return;
    let failure: string | null = null;
    // Web proxy sources name the whole origin URL per request: there is nothing to check.
    if (source.type !== 'webproxy') {
      try {
        const adapter = await deps.origins.adapterFor(source);
        await adapter.verify();
      } catch (error) {
        if (isTransientStorageError(error) && job.attempts < job.max_attempts) throw error;
        failure = originCheckFailure(error, source.type).detail;
      }
    }
    await setDeploymentResult(
      deps.db,
      source.id,
      failure === null ? { status: 'deployed' } : { status: 'failed', error: failure },
    );
    // A deployed source's media is indexed for the asset manager straight away.
    if (failure === null) await requestAssetIndex(deps.db, source.id, 'deploy');
    await insertEvent(deps.db, {
      accountId: source.account_id,
      userId,
      name: failure === null ? 'Source Deployed' : 'Source Creation Errored',
      properties: {
        source_id: source.id,
        source_type: source.storage_provider ?? source.type,
        ...(failure === null ? {} : { error: failure }),
      },
    });
  });
}
