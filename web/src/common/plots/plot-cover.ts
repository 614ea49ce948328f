import {
  countsForSeason,
  coverToday,
  seasonMonths,
  type CoverToday,
  type SeasonMonth,
} from '@cpbo/schemas/benefit-rule.ts';
import type { IsoDate } from '@cpbo/schemas/coverage-dates.ts';
import type { ConfigTerms } from '@cpbo/schemas/enablers.ts';
import { toCents } from '@cpbo/schemas/money.ts';
import type { Contribution } from '../../api/members.ts';
import type { Plot } from '../../api/plots.ts';

/** A plot's promise on a day, as the plot and member pages show it (the rule: schemas/benefit-rule.ts). */
export interface PlotCover {
  today: CoverToday;
  months: SeasonMonth[];
}

/**
 * The plot's cover on `day` under its config version's terms, from the member's contributions (those of
 * its season count): undefined without terms.
 */
export function plotCoverOf(
  plot: Pick<Plot, 'id' | 'startCoverageDate' | 'endCoverageDate' | 'droughtMonthlyContrib'>,
  terms: ConfigTerms | null,
  contributions: readonly Pick<Contribution, 'plotId' | 'protectionType' | 'amount' | 'contributionDate'>[],
  day: IsoDate,
): PlotCover | undefined {
  if (!terms) return undefined;
  const covered = {
    startCoverageDate: plot.startCoverageDate,
    endCoverageDate: plot.endCoverageDate,
    droughtMonthlyContribCents: toCents(plot.droughtMonthlyContrib) ?? 0,
  };
  const season = contributions
    .filter(
      (contribution) =>
        contribution.plotId === plot.id &&
        countsForSeason(covered, { ...contribution, date: contribution.contributionDate }, day),
    )
    .reduce((sum, contribution) => sum + (toCents(contribution.amount) ?? 0), 0);
  return {
    today: coverToday(covered, terms, season, day),
    months: seasonMonths(covered, terms, season, day),
  };
}
