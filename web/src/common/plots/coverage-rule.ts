import type { CoverageRule } from '@cpbo/schemas/coverage-dates.ts';
import type { EnablerConfig } from '../../api/enablers.ts';

/** The lengths that give a plot its coverage dates, when the config has both. */
export function coverageRuleOf(config: EnablerConfig | null): CoverageRule | undefined {
  const { lengthOfSeasonInMonth, lengthOfCoverageInMonth } = config ?? {};
  return typeof lengthOfSeasonInMonth === 'number' && typeof lengthOfCoverageInMonth === 'number'
    ? { lengthOfSeasonInMonth, lengthOfCoverageInMonth }
    : undefined;
}
