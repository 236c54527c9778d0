import { Wordmark } from './wordmark.tsx';

/** Shown while the start-up session check runs, before the first route renders. */
export function StartupScreen() {
  return (
    <div
      className="flex min-h-dvh items-center justify-center bg-zinc-50"
      role="status"
      aria-live="polite"
    >
      <Wordmark className="animate-pulse" />
      <span className="sr-only">Loading</span>
    </div>
  );
}
