import type { ColumnType } from 'kysely';
import type { CreatedAt, Json } from './columns.ts';

/** What one process told the others (migration 0024, cluster-events/). */
export interface ClusterEventsTable {
  /**
   * Generated always, never written. A bigint, read as a string by node-postgres and a number by
   * PGlite: Number() reads it, as ids stay far below 2^53 at any rate a cluster writes events.
   */
  id: ColumnType<string | number, never, number>;
  /** `purge`, `asset-refresh` or `source-change` (cluster-events/events.ts). */
  kind: string;
  payload: Json<unknown>;
  created_at: CreatedAt;
}
