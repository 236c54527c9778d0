import { Aperture } from 'lucide-react';
import clsx from 'clsx';

/** The Darkroom wordmark: the aperture mark and the name. */
export function Wordmark({
  tone = 'dark',
  className,
}: {
  tone?: 'dark' | 'light';
  className?: string;
}) {
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-2 text-lg font-semibold tracking-tight',
        tone === 'light' ? 'text-white' : 'text-zinc-900',
        className,
      )}
    >
      <Aperture aria-hidden="true" className="size-6 text-brand-500" strokeWidth={2.25} />
      Darkroom
    </span>
  );
}
