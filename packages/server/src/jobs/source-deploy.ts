import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { SecretBox } from '../crypto/secrets.ts';
import type { DatabaseSchema, JobRow } from '../db/schema.ts';
import type { StorageOptions } from '../storage/types.ts';
import { insertEvent } from '../store/events.ts';
import { findSource, setDeploymentResult } from '../store/sources.ts';
import {
  isTransientStorageError,
  originCheckFailure,
  type StorageAdapterFactory,
} from '../api/origin-check.ts';
import { configurationOf } from '../api/source-production.ts';
import { requestAssetIndex } from '../assets/indexer.ts';
import type { JobHandler } from './runner.ts';

export const SOURCE_DEPLOY_JOB = 'source-deploy';

export interface SourceDeployDependencies {
  db: Kysely<DatabaseSchema>;
  secrets: SecretBox;
  storageAdapterFactory: StorageAdapterFactory;
  storageOptions: StorageOptions;
}

/**
 * Spec platform section 4: a new source is deploying until its origin answers. The job runs the
 * adapter's verify() and marks the source deployed, or failed with the catalogue's sentence;
 * the outcome is written to the event log as Source Deployed or Source Creation Errored.
 * Timeouts and unreachable origins are retried while the job has attempts left.
 */
export function sourceDeployHandler(deps: SourceDeployDependencies): JobHandler {
  return async (job: JobRow) => {
    const { sourceId, userId } = job.payload as { sourceId: string; userId: string };
    const source = await findSource(deps.db, sourceId, null);
    if (source === undefined || source.deployment_status !== 'deploying') return;
    let failure: string | null = null;
    // Web proxy sources name the whole origin URL per request: there is nothing to check.
    if (source.type !== 'webproxy') {
      try {
        if (source.type === 'darkroom_storage') {
          await mkdir(path.join(deps.storageOptions.managedStorageDir, source.id), {
            recursive: true,
          });
        }
        const adapter = await deps.storageAdapterFactory(
          configurationOf(deps.secrets, source),
          deps.storageOptions,
          { sourceId: source.id },
        );
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
  };
}
