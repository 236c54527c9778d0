import { clsx } from 'clsx';
import { useId, type ReactNode } from 'react';

/** One card of the gallery: a control's name, what to look for, and its states. */
export function GallerySection({
  title,
  note,
  dark = false,
  children,
}: {
  title: string;
  note?: string;
  /** Dark controls are shown on the editor's dark panel colour. */
  dark?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={clsx(
        'min-w-0 rounded-lg p-4 ring-1 sm:p-6',
        dark ? 'bg-zinc-900 ring-zinc-800' : 'bg-white ring-zinc-200',
      )}
    >
      <h2
        id={headingId}
        className={clsx('text-base font-semibold', dark ? 'text-white' : 'text-zinc-900')}
      >
        {title}
      </h2>
      {note && (
        <p className={clsx('mt-1 text-sm', dark ? 'text-zinc-400' : 'text-zinc-500')}>{note}</p>
      )}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A labelled example inside a section. */
export function Example({
  label,
  dark = false,
  children,
}: {
  label: string;
  dark?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <span
        className={clsx(
          'text-xs font-medium tracking-wide uppercase',
          dark ? 'text-zinc-500' : 'text-zinc-400',
        )}
      >
        {label}
      </span>
      {children}
    </div>
  );
}
