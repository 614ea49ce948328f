import { useEffect, useState } from 'react';
import type { CoverageRule } from '@cpbo/functions/domain/coverage-dates.ts';
import { getMyEnabler, type Enabler, type EnablerConfig } from '../../api/enablers.ts';
import { useSignedInSession } from '../../app/session/session-context.ts';

/**
 * The enabler's latest config, the one the server applies to a new plot: the session's copy at once,
 * then the current one (an administrator may have uploaded a version since sign-in).
 */
export function useLatestEnablerConfig(): EnablerConfig | null {
  const { enabler } = useSignedInSession();
  const [latest, setLatest] = useState<{ config: EnablerConfig | null } | undefined>();

  useEffect(() => {
    let current = true;
    getMyEnabler({ errors: 'caller' }).then(
      // An administrator working for no enabler gets null.
      (found: Enabler | null) => current && setLatest({ config: found?.config ?? null }),
      () => undefined, // Unreachable now: the session's copy stays, the save will tell.
    );
    return () => {
      current = false;
    };
  }, []);

  return latest ? latest.config : (enabler?.config ?? null);
}

/** The lengths that give a plot its coverage dates, when the config has both. */
export function coverageRuleOf(config: EnablerConfig | null): CoverageRule | undefined {
  const { lengthOfSeasonInMonth, lengthOfCoverageInMonth } = config ?? {};
  return typeof lengthOfSeasonInMonth === 'number' && typeof lengthOfCoverageInMonth === 'number'
    ? { lengthOfSeasonInMonth, lengthOfCoverageInMonth }
    : undefined;
}
