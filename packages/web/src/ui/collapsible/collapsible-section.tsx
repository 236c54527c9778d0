import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';

export interface CollapsibleSectionProps {
  title: string;
  children: ReactNode;
  /** Sections start expanded (editor spec section 4). */
  defaultExpanded?: boolean;
  /** Controlled state; leave out to let the section keep its own. */
  expanded?: boolean;
  onExpandedChange?: (expanded: boolean) => void;
  className?: string;
}

/** A titled section whose arrow button shows and hides its content. */
export function CollapsibleSection({
  title,
  children,
  defaultExpanded = true,
  expanded: controlled,
  onExpandedChange,
  className,
}: CollapsibleSectionProps) {
  const [own, setOwn] = useState(defaultExpanded);
  const expanded = controlled ?? own;
  const buttonId = useId();
  const contentId = useId();
  const toggle = () => {
    setOwn(!expanded);
    onExpandedChange?.(!expanded);
  };
  return (
    <section className={clsx('border-b border-zinc-200', className)}>
      <h3>
        <button
          id={buttonId}
          type="button"
          aria-expanded={expanded}
          aria-controls={contentId}
          onClick={toggle}
          className="flex w-full items-center justify-between gap-2 py-3 text-left text-sm font-semibold text-zinc-900"
        >
          {title}
          <ChevronDown
            aria-hidden="true"
            className={clsx(
              'size-4 shrink-0 text-zinc-500 transition-transform',
              !expanded && '-rotate-90',
            )}
          />
        </button>
      </h3>
      <div
        id={contentId}
        role="region"
        aria-labelledby={buttonId}
        hidden={!expanded}
        className="pb-4"
      >
        {children}
      </div>
    </section>
  );
}
