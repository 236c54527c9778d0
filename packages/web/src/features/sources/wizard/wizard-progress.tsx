import { clsx } from 'clsx';
import { Check, ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../ui/index.ts';
import { WIZARD_STEPS, stepState, type WizardStep } from './wizard.utils.ts';

/** The progress bar: each step previous, current or upcoming, with Previous and Next. */
export function WizardProgress({
  step,
  onPrevious,
  onNext,
  nextDisabled,
}: {
  step: WizardStep;
  onPrevious: () => void;
  onNext: () => void;
  nextDisabled: boolean;
}) {
  return (
    <nav aria-label="Wizard progress" className="flex items-center gap-2">
      <Button
        type="button"
        variant="ghost"
        size="small"
        aria-label="Previous"
        disabled={step === 1}
        onClick={onPrevious}
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
      </Button>
      <ol className="flex min-w-0 flex-1 items-center gap-2">
        {WIZARD_STEPS.map((item) => {
          const state = stepState({ step }, item.step);
          return (
            <li
              key={item.step}
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
              className="flex min-w-0 flex-1 flex-col gap-1.5"
            >
              <span
                aria-hidden="true"
                className={clsx(
                  'h-1.5 rounded-full',
                  state === 'upcoming' ? 'bg-zinc-200' : 'bg-brand-600',
                )}
              />
              <span
                className={clsx(
                  // Wraps rather than truncates: three titles do not fit on one line of a phone.
                  'flex items-start gap-1 text-xs leading-tight font-medium break-words',
                  state === 'current' ? 'text-zinc-900' : 'text-zinc-500',
                )}
              >
                {state === 'previous' && <Check aria-hidden="true" className="size-3.5 shrink-0" />}
                <span className="sr-only">
                  {state === 'previous'
                    ? 'Previous step: '
                    : state === 'upcoming'
                      ? 'Upcoming step: '
                      : 'Current step: '}
                </span>
                {item.step}. {item.title}
              </span>
            </li>
          );
        })}
      </ol>
      <Button
        type="button"
        variant="ghost"
        size="small"
        aria-label="Next"
        disabled={step === 3 || nextDisabled}
        onClick={onNext}
      >
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  );
}
