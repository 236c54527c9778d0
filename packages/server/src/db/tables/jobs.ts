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
}

export type JobRow = Selectable<JobsTable>;
