import { useQuery } from '@tanstack/react-query';
import type { CoverageRule } from '@cpbo/schemas/coverage-dates.ts';
import { getMyEnabler, type EnablerConfig } from '../api/enablers.ts';
import { queryKeys } from '../api/query-keys.ts';
import { useSignedInSession } from '../session/session-context.ts';

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

/** The lengths that give a plot its coverage dates, when the config has both. */
export function coverageRuleOf(config: EnablerConfig | null): CoverageRule | undefined {
  const { lengthOfSeasonInMonth, lengthOfCoverageInMonth } = config ?? {};
  return typeof lengthOfSeasonInMonth === 'number' && typeof lengthOfCoverageInMonth === 'number'
    ? { lengthOfSeasonInMonth, lengthOfCoverageInMonth }
    : undefined;
}
