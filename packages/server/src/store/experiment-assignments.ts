import {
  EXPERIMENT_KEYS,
  controlVariant,
  knownVariant,
  variantFor,
  type ExperimentKey,
} from '@darkroom/core';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';

/** A user's variant of every experiment of the registry. */
export type ExperimentAssignments = Record<ExperimentKey, string>;

async function storedAssignments(
  db: Kysely<DatabaseSchema>,
  userId: string,
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('experiment_assignments')
    .select(['experiment', 'variant'])
    .where('user_id', '=', userId)
    .execute();
  return new Map(rows.map((row) => [row.experiment, row.variant]));
}

/**
 * The user's variants without writing anything (an impersonating session must leave no trace in
 * the user's experiments): the stored ones, else the one they would be assigned.
 */
export async function readAssignments(
  db: Kysely<DatabaseSchema>,
  userId: string,
): Promise<ExperimentAssignments> {
  const stored = await storedAssignments(db, userId);
  return Object.fromEntries(
    EXPERIMENT_KEYS.map((key) => {
      const variant = stored.get(key);
      return [key, variant === undefined ? variantFor(key, userId) : knownVariant(key, variant)];
    }),
  ) as ExperimentAssignments;
}

/**
 * The user's variants, storing those not stored yet. A variant since removed from the registry is
 * stored as the control, so exposures and results count the variant the user now sees.
 */
export async function assignExperiments(
  db: Kysely<DatabaseSchema>,
  userId: string,
): Promise<ExperimentAssignments> {
  const stored = await storedAssignments(db, userId);
  const missing = EXPERIMENT_KEYS.filter((key) => !stored.has(key));
  if (missing.length > 0) {
    // Two processes assigning at once choose the same variant (variantFor is a hash), and the
    // primary key keeps the first row.
    await db
      .insertInto('experiment_assignments')
      .values(
        missing.map((key) => ({
          user_id: userId,
          experiment: key,
          variant: variantFor(key, userId),
        })),
      )
      .onConflict((conflict) => conflict.columns(['user_id', 'experiment']).doNothing())
      .execute();
  }
  for (const key of EXPERIMENT_KEYS) {
    const variant = stored.get(key);
    if (variant !== undefined && knownVariant(key, variant) !== variant) {
      await db
        .updateTable('experiment_assignments')
        .set({ variant: controlVariant(key) })
        .where('user_id', '=', userId)
        .where('experiment', '=', key)
        .execute();
    }
  }
  return readAssignments(db, userId);
}
