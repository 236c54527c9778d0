import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { OverlayProvider, Toaster } from '../ui/index.ts';
import { getSession, subscribeToSession, type Session } from './session.ts';

function identityOf(session: Session | null): string {
  return session ? `${session.userId}:${session.impersonating ? 'impersonating' : 'own'}` : '';
}

/**
 * Cached server state belongs to one identity: signing in, out, or switching to and from an
 * impersonation drops it, so no page shows another user's data for a moment.
 */
function useClearCacheOnIdentityChange(queryClient: QueryClient): void {
  useEffect(() => {
    let identity = identityOf(getSession());
    return subscribeToSession(() => {
      const next = identityOf(getSession());
      if (next === identity) return;
      identity = next;
      queryClient.clear();
    });
  }, [queryClient]);
}

export function Providers({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  useClearCacheOnIdentityChange(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <OverlayProvider>
        {children}
        <Toaster />
      </OverlayProvider>
    </QueryClientProvider>
  );
}
