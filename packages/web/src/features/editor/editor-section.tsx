import type { ReactNode } from 'react';
import { useId } from 'react';

/** One titled block of the editor's sidebar. */
export function EditorSection({
  title,
  aside,
  children,
}: {
  title: string;
  /** Drawn beside the title: a pill, a badge or a tooltip. */
  aside?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 border-b border-zinc-200 p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="text-sm font-semibold text-zinc-900">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
