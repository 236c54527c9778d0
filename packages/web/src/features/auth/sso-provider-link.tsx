import { LogIn } from 'lucide-react';
import type { ReactNode } from 'react';

const providerLinkClass =
  'inline-flex min-h-10 w-full items-center justify-center gap-2 rounded-lg border border-zinc-300 bg-white px-4 py-2 text-center text-sm font-medium text-zinc-900 shadow-sm hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * "Sign in with Google", styled as a button but a link: the browser itself must go to the
 * provider and back, by a full page navigation (never a fetch).
 */
export function SsoProviderLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} className={providerLinkClass}>
      <LogIn aria-hidden="true" className="size-4 shrink-0" />
      {children}
    </a>
  );
}
