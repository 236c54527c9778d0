import { Link } from 'react-router';
import { useDocumentTitle } from './document-title.ts';
import { Wordmark } from './wordmark.tsx';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-8 bg-zinc-50 px-4 py-12">
      <Wordmark />
      <div className="w-full max-w-md rounded-lg border border-zinc-200 bg-white p-8 text-center shadow-sm">
        <p className="text-sm font-medium text-brand-600">404</p>
        <h1 className="mt-2 text-xl font-semibold text-zinc-900">Page not found</h1>
        <p className="mt-2 text-sm text-zinc-600">
          The page you are looking for does not exist or you do not have access to it.
        </p>
        <Link
          to="/"
          className="mt-6 inline-flex items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-700"
        >
          Go to the dashboard
        </Link>
      </div>
    </main>
  );
}
