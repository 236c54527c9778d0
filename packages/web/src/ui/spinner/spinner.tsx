import { clsx } from 'clsx';
import { LoaderCircle } from 'lucide-react';

export interface SpinnerProps {
  className?: string;
}

/** A spinning ring; decorative, so the surrounding control carries the busy state. */
export function Spinner({ className }: SpinnerProps) {
  return (
    <LoaderCircle
      aria-hidden="true"
      data-spinner=""
      className={clsx('size-4 shrink-0 animate-spin motion-reduce:animate-none', className)}
    />
  );
}
