import {
  EXPERIMENTS,
  EXPERIMENT_KEYS,
  EXPERIMENT_VIEWED_EVENT,
  type ExperimentKey,
} from '@darkroom/core';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';

/** How one variant of an experiment is doing, in users. */
export interface VariantResult {
  variant: string;
  assigned: number;
  /** Assigned users the dashboard showed this variant to (an `Experiment Viewed` event). */
  exposed: number;
  /** Exposed users with the experiment's conversion event at or after their first exposure. */
  converted: number;
  /** `converted / exposed`, or null before anyone is exposed. */
  conversionRate: number | null;
}

export interface ExperimentResult {
  key: ExperimentKey;
  description: string;
  conversionEvent: string;
  variants: VariantResult[];
}

interface VariantCounts {
  variant: string;
  assigned: number | string;
  exposed: number | string;
  converted: number | string;
}

async function variantCounts(
  db: Kysely<DatabaseSchema>,
  key: ExperimentKey,
): Promise<Map<string, VariantCounts>> {
  const conversionEvent = EXPERIMENTS[key].conversionEvent;
  // An exposure counts only for the variant the user is assigned, so an event naming another
  // variant (sent by hand through the events API) cannot move the results; a conversion counts
  // only after the user saw the variant, so what they did before it is not credited to it.
  const { rows } = await sql<VariantCounts>`
    select a.variant,
      count(*) as assigned,
      count(seen.first_seen) as exposed,
      count(seen.first_seen) filter (where exists (
        select 1 from events goal
        where goal.user_id = a.user_id and goal.name = ${conversionEvent}
          and goal.created_at >= seen.first_seen
      )) as converted
    from experiment_assignments a
    left join lateral (
      select min(viewed.created_at) as first_seen from events viewed
      where viewed.user_id = a.user_id and viewed.name = ${EXPERIMENT_VIEWED_EVENT}
        and viewed.properties->>'experiment' = a.experiment
        and viewed.properties->>'variant' = a.variant
    ) seen on true
    where a.experiment = ${key}
    group by a.variant
  `.execute(db);
  return new Map(rows.map((row) => [row.variant, row]));
}

/** Every experiment of the registry with each variant's users assigned, exposed and converted. */
export async function experimentResults(db: Kysely<DatabaseSchema>): Promise<ExperimentResult[]> {
  const results: ExperimentResult[] = [];
  for (const key of EXPERIMENT_KEYS) {
    const counts = await variantCounts(db, key);
    const experiment = EXPERIMENTS[key];
    results.push({
      key,
      description: experiment.description,
      conversionEvent: experiment.conversionEvent,
      // The registry's variants, in its order, each listed even before anyone is assigned it.
      variants: experiment.variants.map((variant) => {
        const row = counts.get(variant);
        const exposed = Number(row?.exposed ?? 0);
        const converted = Number(row?.converted ?? 0);
        return {
          variant,
          assigned: Number(row?.assigned ?? 0),
          exposed,
          converted,
          conversionRate: exposed === 0 ? null : converted / exposed,
        };
      }),
    });
  }
  return results;
}
