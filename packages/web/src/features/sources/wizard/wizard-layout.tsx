import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/**
 * The wizard's frame: the page heading, the card holding the current step, and beside it (or
 * below it on narrow screens) the walkthrough panel. `modal` is what shows over all of it.
 */
export function WizardLayout({
  wide,
  panel,
  modal,
  children,
}: {
  wide: boolean;
  panel: ReactNode;
  modal: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">New source</h1>
        <p className="mt-1 text-sm text-zinc-600">
          Connect your storage and get a subdomain that serves your media.
        </p>
      </div>
      <div
        data-layout={wide ? 'desktop' : 'mobile'}
        className={clsx('flex gap-6', wide ? 'flex-row items-start' : 'flex-col')}
      >
        <div
          className={clsx(
            'min-w-0 flex-1 space-y-6 rounded-lg bg-white shadow-sm ring-1 ring-zinc-200',
            wide ? 'p-8' : 'p-4',
          )}
        >
          {children}
        </div>
        {panel}
      </div>
      {modal}
    </div>
  );
}
