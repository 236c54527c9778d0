import type { ExperimentVariant } from '@darkroom/core';
import { useExperiment } from './use-experiment.ts';

/**
 * The sentence under the wizard's first heading, in each wording of the `wizard-first-step`
 * experiment: the control says where Darkroom reads from, the other what the customer gets.
 * The heading itself is the spec's ('How do you store your media?', platform spec section 1).
 */
export const WIZARD_FIRST_STEP_INTROS: Record<ExperimentVariant<'wizard-first-step'>, string> = {
  'storage-first': 'Choose where your images and videos are kept. Darkroom reads them from there.',
  'outcome-first':
    'Keep your images and videos where they are: pick their storage and Darkroom serves them resized and optimized.',
};

/**
 * The wizard's first heading and the user's wording of its introduction. Until the assignment
 * arrives a placeholder of the same height stands in for the sentence, so no one sees one
 * wording replaced by the other.
 */
export function WizardFirstStepIntro({ headingId }: { headingId: string }) {
  const { variant, ready } = useExperiment('wizard-first-step');
  return (
    <div>
      <h2 id={headingId} className="text-xl font-semibold text-zinc-900">
        How do you store your media?
      </h2>
      {ready ? (
        <p className="mt-1 text-sm text-zinc-600" data-variant={variant}>
          {WIZARD_FIRST_STEP_INTROS[variant]}
        </p>
      ) : (
        <div aria-hidden="true" className="mt-1.5 h-4 w-2/3 animate-pulse rounded bg-zinc-100" />
      )}
    </div>
  );
}
