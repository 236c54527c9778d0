import type { Kysely } from 'kysely';

/**
 * One schema change. Migrations see an untyped database on purpose: they describe the
 * schema as it was when they were written, not as `schema.ts` describes it today.
 */
export interface Migration {
  name: string;
  up(db: Kysely<unknown>): Promise<void>;
}
