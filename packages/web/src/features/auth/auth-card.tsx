import type { ReactNode } from 'react';
import { Wordmark } from '../../app/wordmark.tsx';

/** The centred card of the sign-in and sign-up pages. */
export function AuthCard({
  title,
  description,
  footer,
  children,
}: {
  title: string;
  description?: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-zinc-50 px-4 py-10 sm:justify-center sm:py-16">
      <header className="mb-8">
        <Wordmark className="text-2xl" />
      </header>
      <main className="w-full max-w-md">
        <div className="rounded-lg border border-zinc-200 bg-white px-5 py-8 shadow-sm sm:px-8">
          <h1 className="text-xl font-semibold tracking-tight text-zinc-900">{title}</h1>
          {description && <p className="mt-1 text-sm text-zinc-600">{description}</p>}
          <div className="mt-6">{children}</div>
        </div>
        {footer && <p className="mt-6 text-center text-sm text-zinc-600">{footer}</p>}
      </main>
    </div>
  );
}
