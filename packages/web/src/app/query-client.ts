import { QueryClient } from '@tanstack/react-query';
import { isApiRequestError } from '../api/client.ts';

const MAX_RETRIES = 2;

/** Client errors (4xx) will not change on retry; network failures and 5xx may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiRequestError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
