import { useState, type Dispatch, type RefObject } from 'react';
import { track } from '../../../analytics/track.ts';
import { useCreateSourceMutation, type Source } from '../../../api/sources.ts';
import { validateDomain } from '../../../api/validations.ts';
import { planLimitOf, type PlanLimit } from '../../billing/plan-limit.utils.ts';
import { SOURCE_EVENTS } from '../sources-events.ts';
import { domainErrorMessage, mapApiError } from '../sources.utils.ts';
import { burstConfetti } from './confetti.ts';
import type { Availability } from './subdomain-step.tsx';
import type { SubdomainForm, SubdomainValues } from './use-subdomain-form.ts';
import type { CardId, WizardAction } from './wizard.utils.ts';

/**
 * Step 3's Deploy Source: creates the source from the configuration step 2 validated, under the
 * chosen subdomain. `created` is the new source once that succeeded; `banner` and `planLimit`
 * are the refusals that belong to no field.
 */
export function useDeploySource({
  form,
  availability,
  validatedConfiguration,
  cardId,
  dispatch,
}: {
  form: SubdomainForm;
  availability: Availability;
  validatedConfiguration: RefObject<Record<string, unknown> | null>;
  cardId: CardId | null;
  dispatch: Dispatch<WizardAction>;
}) {
  const createSource = useCreateSourceMutation();
  const [banner, setBanner] = useState<string | null>(null);
  const [planLimit, setPlanLimit] = useState<PlanLimit | null>(null);
  const [created, setCreated] = useState<Source | null>(null);

  const showSubdomainError = (message: string) =>
    form.setError('subdomain', { type: 'server', message }, { shouldFocus: true });

  const deploy = async ({ subdomain: chosen }: SubdomainValues) => {
    setBanner(null);
    setPlanLimit(null);
    const configuration = validatedConfiguration.current;
    if (!configuration) {
      dispatch({ type: 'goToStep', step: 2 });
      return;
    }
    // The debounced check may not have answered for this value yet: ask now rather than deploy blind.
    if (!(availability.status === 'available' && availability.subdomain === chosen)) {
      try {
        await validateDomain({ darkroom_subdomain: chosen });
      } catch (error) {
        showSubdomainError(domainErrorMessage(error));
        return;
      }
    }
    try {
      const source = await createSource.mutateAsync({
        name: chosen,
        production: { ...configuration, darkroom_subdomains: [chosen] },
      });
      dispatch({ type: 'deployed' });
      track(SOURCE_EVENTS.sourceCreated, { source_type: cardId, source_id: source.id });
      void burstConfetti().catch(() => undefined);
      setCreated(source);
    } catch (error) {
      // A refusal by the plan's source limit comes with the way to upgrade (spec section 6).
      const limit = planLimitOf(error);
      if (limit) {
        setPlanLimit(limit);
        return;
      }
      const mapped = mapApiError(error);
      if (mapped.kind === 'field' && mapped.field.startsWith('darkroom_subdomains')) {
        showSubdomainError(mapped.message);
      } else {
        setBanner(mapped.message);
      }
    }
  };

  return { deploy, banner, planLimit, created };
}
