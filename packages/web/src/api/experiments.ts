import type { ExperimentKey, ResourceObject } from '@darkroom/core';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../app/session.ts';
import { apiFetch, type ApiDocument } from './client.ts';

interface ExperimentAssignmentsAttributes {
  /** The user's variant of each experiment of core's registry. */
  variants: Record<ExperimentKey, string>;
  /** An impersonation: the user's variants, none assigned, and no exposure to record. */
  impersonating: boolean;
}

type ExperimentAssignmentsResource = ResourceObject<
  'experiment_assignments',
  ExperimentAssignmentsAttributes
>;

export interface ExperimentAssignments extends ExperimentAssignmentsAttributes {
  userId: string;
}

/** One variant's users, as `GET /admin/experiments` counts them. */
export interface VariantResult {
  variant: string;
  assigned: number;
  exposed: number;
  converted: number;
  /** Converted among exposed, 0 to 1; null before anyone was exposed. */
  conversion_rate: number | null;
}

interface ExperimentResultAttributes {
  description: string;
  conversion_event: string;
  variants: VariantResult[];
}

type ExperimentResultResource = ResourceObject<'experiments', ExperimentResultAttributes>;

export interface ExperimentResult extends ExperimentResultAttributes {
  key: string;
}

const experimentKeys = {
  all: ['experiments'] as const,
  assignments: (userId: string | undefined) =>
    [...experimentKeys.all, 'assignments', userId] as const,
  results: () => [...experimentKeys.all, 'results'] as const,
};

/** `GET /experiments/assignments`: the signed-in user's variants, assigned on the first read. */
async function getExperimentAssignments(signal?: AbortSignal): Promise<ExperimentAssignments> {
  const document = await apiFetch<ApiDocument<ExperimentAssignmentsResource>>(
    '/experiments/assignments',
    { signal },
  );
  return { userId: document.data.id, ...document.data.attributes };
}

export function useExperimentAssignmentsQuery() {
  const session = useSession();
  return useQuery({
    // Per user: starting or ending an impersonation reads the other user's variants.
    queryKey: experimentKeys.assignments(session?.userId),
    queryFn: ({ signal }) => getExperimentAssignments(signal),
    enabled: session !== null,
    // A user's variant does not change once assigned.
    staleTime: Infinity,
    // Without an answer the screens show the control: better than holding them up.
    retry: false,
  });
}

/** `GET /admin/experiments`: each experiment's users per variant, for install administrators. */
async function getExperimentResults(signal?: AbortSignal): Promise<ExperimentResult[]> {
  // The results exist only under /admin, so the path names the prefix itself.
  const document = await apiFetch<ApiDocument<ExperimentResultResource[]>>('/admin/experiments', {
    signal,
  });
  return document.data.map(({ id, attributes }) => ({ key: id, ...attributes }));
}

export function useExperimentResultsQuery() {
  return useQuery({
    queryKey: experimentKeys.results(),
    queryFn: ({ signal }) => getExperimentResults(signal),
  });
}
