import type { Availability } from './subdomain-step.tsx';

/** The server's answer for the last subdomain it was asked about. */
export interface AvailabilityAnswer {
  subdomain: string;
  available: boolean;
  message?: string;
}

/**
 * What the subdomain field says about `candidate`: nothing while it is not checked, checking
 * until the answer is for this very value (an answer for an earlier one is stale), then that answer.
 */
export function availabilityOf({
  candidate,
  checked,
  answer,
}: {
  candidate: string;
  checked: boolean;
  answer: AvailabilityAnswer | null;
}): Availability {
  if (!checked) return { status: 'idle' };
  if (answer?.subdomain !== candidate) return { status: 'checking', subdomain: candidate };
  return answer.available
    ? { status: 'available', subdomain: candidate }
    : { status: 'unavailable', subdomain: candidate, message: answer.message ?? '' };
}
