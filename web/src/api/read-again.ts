import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Reads again every query under these keys, after a write: each one's answer is read after this call.
 * A read already under way (a new search's first page, say) may have been answered before the write;
 * an invalidation alone would hand on that answer when the query has none yet (TanStack Query reuses
 * a fetch under way unless the query holds data), so it is cancelled first.
 */
export const readAgain = async (queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> => {
  await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
};
