import { subdomainSchema } from '@darkroom/core';
import { useEffect, useState } from 'react';
import { validateDomain } from '../../../api/validations.ts';
import { domainErrorMessage } from '../sources.utils.ts';
import { availabilityOf, type AvailabilityAnswer } from './subdomain-availability.utils.ts';
import type { Availability } from './subdomain-step.tsx';
import type { SubdomainForm } from './use-subdomain-form.ts';

/** How long typing pauses before the subdomain's availability is asked. */
const AVAILABILITY_DEBOUNCE_MS = 400;

/**
 * Whether the typed subdomain is free, asked of the server while `active` (step 3 is shown).
 * Availability is asked once typing pauses; a later value cancels the earlier question. A taken
 * subdomain is also set as the field's error, so Deploy Source stays disabled.
 */
export function useSubdomainAvailability(
  form: SubdomainForm,
  subdomain: string,
  active: boolean,
): Availability {
  const [answer, setAnswer] = useState<AvailabilityAnswer | null>(null);
  const candidate = subdomain.trim();
  const wellFormed = subdomainSchema.safeParse(candidate).success;
  useEffect(() => {
    if (!active || !wellFormed) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      validateDomain({ darkroom_subdomain: candidate }, controller.signal).then(
        () => setAnswer({ subdomain: candidate, available: true }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const message = domainErrorMessage(error);
          setAnswer({ subdomain: candidate, available: false, message });
          form.setError('subdomain', { type: 'server', message });
        },
      );
    }, AVAILABILITY_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [candidate, wellFormed, active, form]);
  return availabilityOf({ candidate, checked: wellFormed && active, answer });
}
