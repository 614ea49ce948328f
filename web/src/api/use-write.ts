import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A write of the SPA: never retried by the library (see query-client.ts), and the reads it changes
 * are read again once it succeeded (each key invalidates every read under it).
 */
export function useWrite<Variables, Result>(
  write: (variables: Variables) => Promise<Result>,
  invalidates: readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
