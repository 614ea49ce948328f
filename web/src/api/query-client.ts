import { QueryClient } from '@tanstack/react-query';

/**
 * The SPA's cache of API reads. The API client already shows a failure in the error dialog, so a read
 * is not retried behind the user's back (each try would show the dialog again), and a write is never
 * retried by the library: a retry is the user's, with the same Idempotency-Key (use-action-key.ts).
 * Nothing is fetched again on a window focus: the screens reload what a write changed.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}
