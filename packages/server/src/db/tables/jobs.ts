// The durable job queue (jobs/).
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, Json, NullableTimestamp, Timestamp } from './columns.ts';

export type JobPayload = Record<string, unknown>;

export interface JobsTable {
  id: string;
  kind: string;
  payload: Json<JobPayload>;
  run_at: Timestamp;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  locked_until: NullableTimestamp;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  failed_at: NullableTimestamp;
  created_at: CreatedAt;
  /** The work the job stands for: one unfailed job per kind and key (jobs/queue.ts). */
  work_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** Written at each claim: only the runner holding it renews the lease or records the end. */
  lease_token: ColumnType<string | null, string | null | undefined, string | null>;
  /** The process holding the lease, `{hostname}:{pid}`; null when nobody does. */
  locked_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export type JobRow = Selectable<JobsTable>;
