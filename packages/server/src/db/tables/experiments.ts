import type { CreatedAt } from './columns.ts';

/** A user's variant of a dashboard experiment (migration 0033), one row per user and experiment. */
export interface ExperimentAssignmentsTable {
  user_id: string;
  /** The experiment's key in core's registry (experiments/registry.ts). */
  experiment: string;
  variant: string;
  assigned_at: CreatedAt;
}
