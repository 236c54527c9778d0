import { FloatingFocusManager, FloatingOverlay, FloatingPortal } from '@floating-ui/react';
import { X } from 'lucide-react';
import { useEffect, useId, useRef, type Ref } from 'react';
import { Button } from '../../../ui/index.ts';
import { useModalFloating } from '../../../ui/overlay/use-modal-floating.ts';
import { WalkthroughIllustration } from './walkthrough-illustration.tsx';
import { WALKTHROUGHS } from './walkthroughs.ts';
import type { ProviderCardId } from './wizard.utils.ts';

interface PanelProps {
  cardId: ProviderCardId;
  onClose: () => void;
}

/** The title bar with 'Close panel', and the guide's steps below it. */
function WalkthroughContent({
  cardId,
  onClose,
  titleId,
  closeButtonRef,
}: PanelProps & { titleId: string; closeButtonRef?: Ref<HTMLButtonElement> }) {
  const guide = WALKTHROUGHS[cardId];
  return (
    <>
      <div className="flex items-start justify-between gap-3 border-b border-zinc-200 p-4">
        <div>
          <p className="text-xs font-medium tracking-wide text-brand-700 uppercase">
            Step-by-step walkthrough
          </p>
          <h2 id={titleId} className="mt-1 text-base font-semibold text-zinc-900">
            {guide.title}
          </h2>
        </div>
        <Button ref={closeButtonRef} type="button" variant="ghost" size="small" onClick={onClose}>
          <X aria-hidden="true" className="size-4" />
          Close panel
        </Button>
      </div>
      <div className="min-h-0 overflow-y-auto p-4">
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
    </>
  );
}

/** Wide screens: a side panel beside the form, which stays usable. */
function WalkthroughSidePanel({ cardId, onClose }: PanelProps) {
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
      className="sticky top-4 flex max-h-[calc(100dvh-2rem)] w-[548px] shrink-0 flex-col rounded-lg bg-white shadow-sm ring-1 ring-zinc-200"
    >
      <WalkthroughContent
        cardId={cardId}
        onClose={onClose}
        titleId={titleId}
        closeButtonRef={closeButton}
      />
    </aside>
  );
}

/**
 * Phones and narrow windows: there is no room beside the form, so the guide covers the screen
 * as a modal dialog that keeps the focus inside until 'Close panel' or Escape.
 */
function WalkthroughDialog({ cardId, onClose }: PanelProps) {
  const titleId = useId();
  const closeButton = useRef<HTMLButtonElement>(null);
  const { context, setFloating, getFloatingProps } = useModalFloating(onClose);
  return (
    <FloatingPortal>
      <FloatingOverlay lockScroll className="z-50 bg-white">
        <FloatingFocusManager context={context} modal initialFocus={closeButton} returnFocus>
          <div
            ref={setFloating}
            aria-modal="true"
            aria-labelledby={titleId}
            {...getFloatingProps()}
            className="flex h-dvh flex-col bg-white outline-none"
          >
            <WalkthroughContent
              cardId={cardId}
              onClose={onClose}
              titleId={titleId}
              closeButtonRef={closeButton}
            />
          </div>
        </FloatingFocusManager>
      </FloatingOverlay>
    </FloatingPortal>
  );
}

/** The step-by-step walkthrough of the chosen provider (spec platform section 2). */
export function WalkthroughPanel({ wide, ...props }: PanelProps & { wide: boolean }) {
  return wide ? <WalkthroughSidePanel {...props} /> : <WalkthroughDialog {...props} />;
}
