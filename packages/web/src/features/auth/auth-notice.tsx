import { clsx } from 'clsx';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * What an auth page says once its form is done (or cannot be used): a heading that takes the
 * focus, so screen readers announce the outcome and keyboard users continue from it.
 */
export function AuthNotice({
  tone,
  title,
  children,
}: {
  tone: 'success' | 'problem';
  title: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const Icon = tone === 'success' ? CircleCheck : CircleAlert;
  return (
    <section
      aria-labelledby={titleId}
      className={clsx(
        'rounded-lg p-4 text-sm ring-1 ring-inset',
        tone === 'success'
          ? 'bg-emerald-50 text-emerald-900 ring-emerald-200'
          : 'bg-amber-50 text-amber-900 ring-amber-200',
      )}
    >
      <div className="flex gap-2">
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div className="min-w-0 space-y-2">
          <h2 id={titleId} ref={heading} tabIndex={-1} className="font-medium">
            {title}
          </h2>
          {children}
        </div>
      </div>
    </section>
  );
}

export const authLinkClass = 'font-medium text-brand-700 hover:underline';
