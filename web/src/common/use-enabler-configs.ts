import { useQuery } from '@tanstack/react-query';
import {
  findEnabler,
  listEnablerConfigs,
  type AdminEnabler,
  type EnablerConfigVersion,
} from '../api/enablers.ts';
import { queryKeys } from '../api/query-keys.ts';

/** An enabler with its configs (newest first), as the config screens need them. */
export type EnablerConfigs =
  | { status: 'loading' }
  /** No such enabler, or it could not be loaded (the error dialog said why). */
  | { status: 'missing' }
  | { status: 'loaded'; enabler: AdminEnabler; configs: EnablerConfigVersion[] };

/** Loads an enabler (for its name) then its configs; there is no GET of one config, the screens find it here. */
export function useEnablerConfigs(enablerId: string | undefined): EnablerConfigs {
  const { data, isPending, isError } = useQuery({
    queryKey: queryKeys.enablers.configs(enablerId ?? ''),
    // One after the other: an unknown enabler is said once, not also as a failed config call.
    queryFn: async (): Promise<EnablerConfigs> => {
      const enabler = await findEnabler(enablerId ?? '');
      if (!enabler) return { status: 'missing' };
      return { status: 'loaded', enabler, configs: await listEnablerConfigs(enabler.id) };
    },
    enabled: enablerId !== undefined,
  });
  if (enablerId === undefined || isError) return { status: 'missing' };
  return isPending ? { status: 'loading' } : data;
}
