import { Rocket } from 'lucide-react';
import type { Source } from '../../../api/sources.ts';
import { Button } from '../../../ui/index.ts';
import { SourcesDialog } from '../sources-dialog.tsx';
import { subdomainUrl } from '../sources.utils.ts';

/** Shown once the source is created: it is deploying, and serves media once it has deployed. */
export function SuccessModal({
  source,
  deliveryDomain,
  onContinue,
}: {
  source: Source;
  deliveryDomain: string;
  onContinue: () => void;
}) {
  const subdomain = source.production.darkroom_subdomains[0] ?? source.name;
  return (
    <SourcesDialog
      title="Your source has been created"
      onClose={onContinue}
      icon={
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-600">
          <Rocket aria-hidden="true" className="size-5" />
        </span>
      }
      actions={
        <Button type="button" color="orange" onClick={onContinue}>
          Go to my source
        </Button>
      }
    >
      <p>
        <span className="font-medium text-zinc-900">{subdomainUrl(subdomain, deliveryDomain)}</span>{' '}
        is deploying now. Your source can serve media once it deploys, usually within a minute.
      </p>
    </SourcesDialog>
  );
}
