import { useMutation, useQueryClient, type NetworkMode, type QueryKey } from '@tanstack/react-query';
import { readAgain } from './read-again.ts';

/**
 * A write of the SPA: never retried by the library (see query-client.ts), and the reads it changes
 * are read again once it succeeded (each key invalidates every read under it). A field write, which
 * keeps itself on the device offline (api/offline/field-writes.ts), runs offline too: `networkMode`
 * 'always' (the library would otherwise hold it until the network is back).
 */
export function useWrite<Variables, Result>(
  write: (variables: Variables) => Promise<Result>,
  invalidates: readonly QueryKey[],
  { networkMode }: { networkMode?: NetworkMode } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    networkMode,
    onSuccess: () => readAgain(queryClient, invalidates),
  });
}
