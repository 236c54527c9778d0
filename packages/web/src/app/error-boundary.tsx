import { GENERIC_PAGE_ERROR } from '@darkroom/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './not-found-page.tsx';

/** The page shown when rendering fails (spec platform section 8). */
function ErrorFallback() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-zinc-50 px-4 py-12">
      <div
        role="alert"
        className="w-full max-w-md rounded-lg border border-zinc-200 bg-white p-8 text-center shadow-sm"
      >
        <p className="text-base text-zinc-800">{GENERIC_PAGE_ERROR}</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-6 inline-flex items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-700"
        >
          Reload page
        </button>
      </div>
    </main>
  );
}

interface ErrorBoundaryProps {
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: unknown;
}

/** Catches render errors outside the router (providers, the router itself). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error ?? new Error('Unknown render error') };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('The dashboard failed to render', error, info.componentStack);
  }

  render(): ReactNode {
    return this.state.error ? <ErrorFallback /> : this.props.children;
  }
}

/** The router's errorElement: a 404 answer from a route shows the not-found page, anything else the apology. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error('A route failed', error);
  return <ErrorFallback />;
}
