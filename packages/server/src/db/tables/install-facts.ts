import type { CreatedAt } from './columns.ts';

/** Facts of the install shared by every process (migration 0022), one row per name. */
export interface InstallFactsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}
