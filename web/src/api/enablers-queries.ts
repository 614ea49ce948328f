import { useQuery } from '@tanstack/react-query';
import { useSignedInSession } from '../session/session-context.ts';
import {
  findEnabler,
  getMyEnabler,
  listCampaigns,
  listEnablerConfigs,
  listEnablers,
  type AdminEnabler,
  type EnablerConfig,
  type EnablerConfigVersion,
} from './enablers.ts';
import type { ConfigTerms } from '@cpbo/schemas/enablers.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The enabler's latest config, the one the server applies to a new plot: the session's copy at once,
 * then the current one (an administrator may have uploaded a version since sign-in).
 */
export function useLatestEnablerConfig(): EnablerConfig | null {
  const { enabler } = useSignedInSession();
  // Unreachable now: the session's copy stays, the save will tell.
  const { data: latest, isSuccess } = useQuery({
    queryKey: queryKeys.myEnabler,
    queryFn: () => getMyEnabler({ errors: 'caller' }),
  });
  // An administrator working for no enabler gets null.
  return isSuccess ? (latest?.config ?? null) : (enabler?.config ?? null);
}

/**
 * The cover terms of one config version of the session's enabler (a plot keeps the version it was
 * created under); a plot the device created, with no version yet, takes the latest, which the server
 * attaches. Null while unknown (not read yet, or a version the enabler lacks).
 */
export function useConfigTerms(version: number | null | undefined): ConfigTerms | null {
  const { enabler } = useSignedInSession();
  const { data: mine } = useQuery({
    queryKey: queryKeys.myEnabler,
    queryFn: () => getMyEnabler({ errors: 'caller' }),
  });
  const wanted = version ?? mine?.latestConfigVersion ?? enabler?.latestConfigVersion;
  return mine?.configTerms?.find((terms) => terms.version === wanted) ?? null;
}

/** Every enabler (administrators), not asked while `enabled` is false. A failure shows in the error dialog. */
export const useEnablers = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: queryKeys.enablers.list, queryFn: () => listEnablers(), enabled });

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

/** An enabler's campaigns; none asked without an enabler. A failure shows in the error dialog. */
export const useCampaigns = (enablerId: string | undefined) =>
  useQuery({
    queryKey: queryKeys.enablers.campaigns(enablerId ?? ''),
    queryFn: () => listCampaigns(enablerId ?? ''),
    enabled: enablerId !== undefined,
  });
