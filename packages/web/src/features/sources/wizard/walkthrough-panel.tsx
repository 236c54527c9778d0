import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button } from '../../../ui/index.ts';
import { WalkthroughIllustration } from './walkthrough-illustration.tsx';
import { WALKTHROUGHS } from './walkthroughs.ts';
import type { CardId } from './wizard.utils.ts';

/**
 * The step-by-step walkthrough of the chosen provider: a side panel beside the form on wide
 * screens, a full-screen sheet on narrow ones.
 */
export function WalkthroughPanel({
  cardId,
  wide,
  onClose,
}: {
  cardId: CardId;
  wide: boolean;
  onClose: () => void;
}) {
  const guide = WALKTHROUGHS[cardId];
  const titleId = useId();
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeButton.current?.focus();
  }, []);

  return (
    <aside
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      className={clsx(
        'flex flex-col bg-white',
        wide
          ? 'sticky top-4 max-h-[calc(100dvh-2rem)] w-[548px] shrink-0 rounded-lg shadow-sm ring-1 ring-zinc-200'
          : 'fixed inset-0 z-40',
      )}
    >
      <div className="flex items-start justify-between gap-3 border-b border-zinc-200 p-4">
        <div>
          <p className="text-xs font-medium tracking-wide text-brand-700 uppercase">
            Step-by-step walkthrough
          </p>
          <h2 id={titleId} className="mt-1 text-base font-semibold text-zinc-900">
            {guide.title}
          </h2>
        </div>
        <Button ref={closeButton} type="button" variant="ghost" size="small" onClick={onClose}>
          <X aria-hidden="true" className="size-4" />
          Close panel
        </Button>
      </div>
      <div className="overflow-y-auto p-4">
        <p className="text-sm text-zinc-600">{guide.intro}</p>
        <ol className="mt-4 space-y-6">
          {guide.steps.map((step, index) => (
            <li key={step.title} className="space-y-2">
              <h3 className="flex items-center gap-2 text-sm font-semibold text-zinc-900">
                <span className="grid size-6 shrink-0 place-items-center rounded-full bg-zinc-900 text-xs text-white">
                  {index + 1}
                </span>
                {step.title}
              </h3>
              <p className="text-sm text-zinc-700">{step.text}</p>
              {step.code && (
                <pre className="overflow-x-auto rounded-lg bg-zinc-900 p-3 text-xs leading-5 text-orange-200">
                  <code>{step.code}</code>
                </pre>
              )}
              <WalkthroughIllustration
                spec={step.illustration}
                stepNumber={index + 1}
                label={`Step ${index + 1}: ${step.title}`}
              />
            </li>
          ))}
        </ol>
      </div>
    </aside>
  );
}
