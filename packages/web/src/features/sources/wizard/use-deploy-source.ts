import { useState, type Dispatch, type RefObject } from 'react';
import { track } from '../../../analytics/track.ts';
import { useCreateSourceMutation, type Source } from '../../../api/sources.ts';
import {
  putUploadCredentials,
  type UploadCredentialChanges,
} from '../../../api/upload-credentials.ts';
import { validateDomain } from '../../../api/validations.ts';
import { toast } from '../../../ui/index.ts';
import { errorMessageOf } from '../../forms/server-errors.utils.ts';
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
 * are the refusals that belong to no field. Upload credentials step 2 proved are saved once the
 * source exists, through the source page's API, which proves them again before keeping them.
 */
export function useDeploySource({
  form,
  availability,
  validatedConfiguration,
  validatedUploadCredentials,
  cardId,
  dispatch,
}: {
  form: SubdomainForm;
  availability: Availability;
  validatedConfiguration: RefObject<Record<string, unknown> | null>;
  validatedUploadCredentials: RefObject<UploadCredentialChanges | null>;
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
      await saveUploadCredentials(source, validatedUploadCredentials.current);
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

/**
 * The source is deployed either way: credentials refused now (changed since step 2 checked
 * them) leave it read-only, and the toast says where to add them.
 */
async function saveUploadCredentials(source: Source, changes: UploadCredentialChanges | null) {
  if (changes === null) return;
  try {
    await putUploadCredentials(source.id, changes);
  } catch (error) {
    toast.error(
      `The source is deployed, but its upload credentials were not saved: ${errorMessageOf(error)} Add them on the source page.`,
    );
  }
}
