// The dashboard's A/B experiments (platform spec section 3: the dashboard keeps "A/B test data").
// One typed registry: the server assigns and reports from it, and the dashboard's hook is typed
// by it, so a variant the code renders is always one the server can assign.

/** What an experiment is: its variants (the first is the control) and what counts as success. */
export interface ExperimentDefinition {
  /** What is being compared, for the administrators reading the results. */
  readonly description: string;
  /** The variants, the control first; at least two. */
  readonly variants: readonly [string, string, ...string[]];
  /** The name of the event (in the account's event log) that counts as the experiment's goal. */
  readonly conversionEvent: string;
}

export const EXPERIMENTS = {
  'wizard-first-step': {
    // The heading stays the spec's ('How do you store your media?', platform spec section 1).
    description: "Two wordings of the sentence under the new-source wizard's first heading.",
    variants: ['storage-first', 'outcome-first'],
    // Written by the deploy job when the new source deploys (server sources/deploy-job.ts).
    conversionEvent: 'Source Deployed',
  },
} as const satisfies Readonly<Record<string, ExperimentDefinition>>;

export type ExperimentKey = keyof typeof EXPERIMENTS;

/** The variants of experiment `K`, as a union of their names. */
export type ExperimentVariant<K extends ExperimentKey> =
  (typeof EXPERIMENTS)[K]['variants'][number];

/** The name of the dashboard event that records a user was shown an experiment's variant. */
export const EXPERIMENT_VIEWED_EVENT = 'Experiment Viewed';

/** Every experiment's key, in the registry's order. */
export const EXPERIMENT_KEYS: readonly ExperimentKey[] = Object.keys(
  EXPERIMENTS,
) as ExperimentKey[];

/** Whether `key` names an experiment of the registry. */
export function isExperimentKey(key: string): key is ExperimentKey {
  return Object.hasOwn(EXPERIMENTS, key);
}

/** The control (first) variant of an experiment. */
export function controlVariant<K extends ExperimentKey>(key: K): ExperimentVariant<K> {
  return EXPERIMENTS[key].variants[0];
}

/** `stored` when it is still one of the experiment's variants, else its control. */
export function knownVariant<K extends ExperimentKey>(
  key: K,
  stored: string,
): ExperimentVariant<K> {
  const variants: readonly string[] = EXPERIMENTS[key].variants;
  return variants.includes(stored) ? (stored as ExperimentVariant<K>) : controlVariant(key);
}

// FNV-1a, 32 bits (draft-eastlake-fnv): small, the same in Node and browsers, and spreads
// similar ids evenly, which is all an assignment needs (it is no secret).
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * The variant a user is first assigned: a hash of the user and the experiment, so every process
 * agrees without asking the others, and a user's experiments are independent of each other.
 */
export function variantFor<K extends ExperimentKey>(key: K, userId: string): ExperimentVariant<K> {
  const variants = EXPERIMENTS[key].variants;
  return variants[fnv1a(`${key}:${userId}`) % variants.length] as ExperimentVariant<K>;
}
