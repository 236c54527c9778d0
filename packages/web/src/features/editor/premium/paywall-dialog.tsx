import { FloatingFocusManager, FloatingOverlay, FloatingPortal } from '@floating-ui/react';
import { Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../ui/index.ts';
import { useModalFloating } from '../../../ui/overlay/use-modal-floating.ts';
import { plansPhrase } from './premium-states.ts';

const PAYWALL_TITLE = 'Unlock Premium Features';
// Editor spec section 2 gives the text word for word, its spelling included.
export const PAYWALL_TEXT =
  'Upgrade your plan and streamline your image editing using our avanced AI-powered tools.';

export interface PaywallDialogProps {
  /** The locked tool's name, or null when the dialog is closed. */
  feature: string | null;
  /** The plans that include it, cheapest first; empty when no plan on sale does. */
  plans?: readonly string[];
  /** Where 'Learn more' leads: the source's configuration lists its premium features. */
  learnMorePath: string;
  onContact: () => void;
  onClose: () => void;
}

/**
 * The paywall of a premium tool the account lacks (editor spec section 2). Darkroom is
 * self-hosted: an administrator grants the features, so 'Contact Us' says whom to ask.
 */
export function PaywallDialog({ feature, ...rest }: PaywallDialogProps) {
  // Mounted only while open, so 'Contact Us' starts unanswered each time it opens.
  return feature === null ? null : <PaywallPanel feature={feature} {...rest} />;
}

function PaywallPanel({
  feature,
  plans = [],
  learnMorePath,
  onContact,
  onClose,
}: PaywallDialogProps & { feature: string }) {
  const titleId = useId();
  const textId = useId();
  const [contacted, setContacted] = useState(false);
  const includedIn = plansPhrase(plans);
  const { context, setFloating, getFloatingProps } = useModalFloating(onClose);

  return (
    <FloatingPortal>
      <FloatingOverlay lockScroll className="z-50 grid place-items-center bg-zinc-950/60 p-4">
        <FloatingFocusManager context={context} modal returnFocus>
          <div
            ref={setFloating}
            aria-modal="true"
            aria-labelledby={titleId}
            aria-describedby={textId}
            {...getFloatingProps()}
            className="w-full max-w-md rounded-lg bg-zinc-900 p-6 text-white shadow-xl ring-1 ring-zinc-700 outline-none"
          >
            <span className="grid size-10 place-items-center rounded-full bg-brand-600/20 text-brand-500">
              <Sparkles aria-hidden="true" className="size-5" />
            </span>
            <h2 id={titleId} className="mt-4 text-lg font-semibold">
              {PAYWALL_TITLE}
            </h2>
            <p id={textId} className="mt-2 text-sm text-zinc-300">
              {PAYWALL_TEXT}
            </p>
            <p className="mt-2 text-sm text-zinc-400">
              {feature} is not included in your plan.
              {includedIn !== null && ` It is included in ${includedIn}.`}
            </p>
            {contacted && (
              <p role="status" className="mt-3 rounded bg-zinc-800 p-3 text-sm text-zinc-100">
                Premium features are granted by your Darkroom administrator: ask them to grant{' '}
                {feature} to your account.
              </p>
            )}
            <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <Link
                to={learnMorePath}
                className="text-sm font-medium text-brand-500 underline-offset-2 hover:underline"
              >
                Learn more about our premium features
              </Link>
              <div className="flex flex-col-reverse gap-2 sm:flex-row">
                <Button type="button" variant="ghost" surface="dark" onClick={onClose}>
                  Close
                </Button>
                <Button
                  type="button"
                  color="orange"
                  surface="dark"
                  onClick={() => {
                    setContacted(true);
                    onContact();
                  }}
                >
                  Contact Us
                </Button>
              </div>
            </div>
          </div>
        </FloatingFocusManager>
      </FloatingOverlay>
    </FloatingPortal>
  );
}
