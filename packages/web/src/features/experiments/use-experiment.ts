import {
  EXPERIMENT_VIEWED_EVENT,
  controlVariant,
  knownVariant,
  type ExperimentKey,
  type ExperimentVariant,
} from '@darkroom/core';
import { useEffect } from 'react';
import { useExperimentAssignmentsQuery } from '../../api/experiments.ts';
import { track } from '../../analytics/track.ts';

export interface ExperimentState<K extends ExperimentKey> {
  /** The user's variant; the control until the answer arrives, or when it cannot. */
  variant: ExperimentVariant<K>;
  /** False while the assignment loads: a screen that must not flash a wording waits for it. */
  ready: boolean;
}

const VIEWED_PREFIX = 'darkroom.experimentViewed';

/** Whether this browser session already recorded the user's exposure, recording it if not. */
function firstViewThisSession(userId: string, key: ExperimentKey, variant: string): boolean {
  const storageKey = `${VIEWED_PREFIX}.${userId}.${key}.${variant}`;
  try {
    if (sessionStorage.getItem(storageKey) !== null) return false;
    sessionStorage.setItem(storageKey, '1');
  } catch {
    // Storage refused (private mode, quota): recording twice is better than not at all.
  }
  return true;
}

/**
 * The user's variant of an experiment, recording that it was shown (an `Experiment Viewed`
 * event, once per browser session) as soon as the assigned variant is known. Nothing is recorded
 * while impersonating (platform spec section 6): an administrator's view is not the user's.
 */
export function useExperiment<K extends ExperimentKey>(key: K): ExperimentState<K> {
  const assignments = useExperimentAssignmentsQuery();
  const data = assignments.data;
  const stored = data?.variants[key];
  const variant = stored === undefined ? controlVariant(key) : knownVariant(key, stored);

  useEffect(() => {
    if (data === undefined || data.impersonating || stored === undefined) return;
    if (!firstViewThisSession(data.userId, key, variant)) return;
    track(EXPERIMENT_VIEWED_EVENT, { experiment: key, variant });
  }, [data, key, stored, variant]);

  // isLoading, not isPending: without a session the query never runs, and nothing should wait.
  return { variant, ready: !assignments.isLoading };
}
