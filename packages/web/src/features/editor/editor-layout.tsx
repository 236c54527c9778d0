import type { ReactNode } from 'react';

export interface EditorLayoutProps {
  main: ReactNode;
  sidebar: ReactNode;
  sidebarLabel: string;
  /** The bottom info bar under the image. */
  footer?: ReactNode;
}

/** The main image area with its sidebar: side by side on wide screens, stacked on phones. */
export function EditorLayout({ main, sidebar, sidebarLabel, footer }: EditorLayoutProps) {
  return (
    <div className="flex min-h-0 flex-1 flex-col lg:flex-row">
      <div className="flex min-h-[50dvh] min-w-0 flex-1 flex-col bg-zinc-900 lg:min-h-0">
        <div className="min-h-0 flex-1">{main}</div>
        {footer}
      </div>
      <aside
        aria-label={sidebarLabel}
        className="w-full shrink-0 bg-white lg:w-96 lg:overflow-y-auto lg:border-l lg:border-zinc-200"
      >
        {sidebar}
      </aside>
    </div>
  );
}
