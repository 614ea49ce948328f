import { addMonths, monthsBetween, type IsoDate } from './coverage-dates.ts';
import { roundToCurrency, type Cents } from './money.ts';

/*
 * The one benefit rule of the scheme (docs/decisions.md, "The benefit rule", has a worked example).
 * A plot's cover, its Maximum, is its drought monthly contribution ÷ maxCompensationFactor (spec
 * section 5) under the config version attached to the plot: what a total loss pays in a month whose
 * factor is 1, with the contributions up to date. An assessment pays
 *
 *   Maximum × benefitFactorsByMonth[month] × damage index × paid share, at most the Maximum,
 *
 * where the paid share is the season's drought contributions ÷ the contributions due by the
 * assessment date (the monthly contribution × the months of cover begun), at most 1. Nothing is paid
 * under the damage threshold, outside the coverage or past the factors. Amounts are in hundredths,
 * rounded once to the currency's own unit (whole F CFA). It lives in the shared package because the
 * plot and member pages show its promise, offline too, and the benefit run's preview values
 * assessments with it: both read the same lines.
 */

/** The rule's version: a run previewed under another version is previewed again before its approval. */
export const BENEFIT_RULE_VERSION = 2;

/** What the rule reads of the plot's config version (the spec's enabler config). */
export interface BenefitTerms {
  currency: string | null;
  maxCompensationFactor: number;
  /** One factor per month of cover: the first is month 1's. */
  benefitFactorsByMonth: readonly number[];
  /** An index under it pays nothing; null or absent: no threshold. */
  damageThreshold?: number | null;
}

/** A plot as the rule reads it: its coverage and its drought monthly contribution. */
export interface CoveredPlot {
  startCoverageDate: IsoDate;
  endCoverageDate: IsoDate;
  droughtMonthlyContribCents: Cents;
}

/** Whether a plot is covered on a day: its coverage start ≤ day ≤ its coverage end. */
export const coveredOn = (plot: Pick<CoveredPlot, 'startCoverageDate' | 'endCoverageDate'>, day: IsoDate) =>
  plot.startCoverageDate <= day && day <= plot.endCoverageDate;

/**
 * The days whose drought contributions count for a plot's season on `day`: its coverage start to that
 * day, within its coverage (a contribution paid after the drought was assessed buys no benefit for it).
 */
export const seasonWindow = (
  plot: Pick<CoveredPlot, 'startCoverageDate' | 'endCoverageDate'>,
  day: IsoDate,
): { from: IsoDate; to: IsoDate } => ({
  from: plot.startCoverageDate,
  to: day < plot.endCoverageDate ? day : plot.endCoverageDate,
});

/** Whether a contribution counts for the plot's season on `day`: drought, dated within the season window. */
export const countsForSeason = (
  plot: Pick<CoveredPlot, 'startCoverageDate' | 'endCoverageDate'>,
  contribution: { protectionType: string; date: string },
  day: IsoDate,
): boolean => {
  const { from, to } = seasonWindow(plot, day);
  const dated = contribution.date.slice(0, 10);
  return contribution.protectionType === 'DROUGHT' && from <= dated && dated <= to;
};

/** The plot's cover: its drought monthly contribution ÷ maxCompensationFactor, in the currency's unit. */
export const coverMaximum = (
  plot: Pick<CoveredPlot, 'droughtMonthlyContribCents'>,
  terms: Pick<BenefitTerms, 'currency' | 'maxCompensationFactor'>,
): Cents =>
  terms.maxCompensationFactor > 0
    ? roundToCurrency(plot.droughtMonthlyContribCents / terms.maxCompensationFactor, terms.currency)
    : 0;

/** The months of the plot's cover (its coverage start to its end; one at least). */
export const monthsOfCover = (plot: Pick<CoveredPlot, 'startCoverageDate' | 'endCoverageDate'>): number =>
  Math.max(1, monthsBetween(plot.startCoverageDate, plot.endCoverageDate));

/** The month of cover a day falls in, 1 for the first (as the config screen numbers the factors). */
export const monthOfCover = (plot: Pick<CoveredPlot, 'startCoverageDate'>, day: IsoDate): number =>
  monthsBetween(plot.startCoverageDate, day) + 1;

/** The months of cover begun by a day: none before the start, all of them from the end on. */
export const monthsBegun = (
  plot: Pick<CoveredPlot, 'startCoverageDate' | 'endCoverageDate'>,
  day: IsoDate,
): number => (day < plot.startCoverageDate ? 0 : Math.min(monthsOfCover(plot), monthOfCover(plot, day)));

/** The contributions due by a day: the monthly contribution for each month of cover begun. */
export const contributionsDue = (plot: CoveredPlot, day: IsoDate): Cents =>
  plot.droughtMonthlyContribCents * monthsBegun(plot, day);

/** The season's contributions ÷ those due by the day, at most 1; 0 when nothing is paid or due. */
export const paidShare = (plot: CoveredPlot, seasonContributionsCents: Cents, day: IsoDate): number => {
  const due = contributionsDue(plot, day);
  if (due <= 0 || seasonContributionsCents <= 0) return 0;
  return Math.min(1, seasonContributionsCents / due);
};

/** A plot's season as the rule values it on an assessment date. */
export interface BenefitSeason {
  plot: CoveredPlot;
  terms: BenefitTerms;
  /** The plot's drought contributions in its season window for the assessment date. */
  seasonContributionsCents: Cents;
  assessmentDate: IsoDate;
}

/** The rule's inputs and outcome for one plot. */
export interface Benefit {
  /** The month of cover on the assessment date, 1 for the first. */
  month: number;
  /** That month's factor; null when the month is past the factors. */
  factor: number | null;
  /** The plot's cover: no benefit goes above it. */
  maximumCents: Cents;
  paidShare: number;
  benefitCents: Cents;
}

const inputsOf = ({ plot, terms, seasonContributionsCents, assessmentDate }: BenefitSeason) => {
  const month = monthOfCover(plot, assessmentDate);
  return {
    month,
    factor: terms.benefitFactorsByMonth[month - 1] ?? null,
    maximumCents: coverMaximum(plot, terms),
    paidShare: paidShare(plot, seasonContributionsCents, assessmentDate),
  };
};

/** The benefit of a damage index (0 to 1) on the assessment date. */
export const indexBenefit = (season: BenefitSeason, damageIndex: number): Benefit => {
  const inputs = inputsOf(season);
  const { factor, maximumCents } = inputs;
  const pays =
    factor !== null &&
    coveredOn(season.plot, season.assessmentDate) &&
    damageIndex >= (season.terms.damageThreshold ?? 0);
  const raw = pays ? maximumCents * factor * damageIndex * inputs.paidShare : 0;
  const benefitCents = Math.max(0, Math.min(maximumCents, roundToCurrency(raw, season.terms.currency)));
  return { ...inputs, benefitCents };
};

/** A benefit given as an amount: kept as given, beside the inputs it is checked against. */
export const givenBenefit = (season: BenefitSeason, amountCents: Cents): Benefit => ({
  ...inputsOf(season),
  benefitCents: amountCents,
});

/** Where a month of the season stands: paid, begun and not paid yet, or still to come. */
export type SeasonMonthState = 'PAID' | 'DUE' | 'UPCOMING';

export interface SeasonMonth {
  month: number;
  from: IsoDate;
  /** Its last day (the coverage end for the last month). */
  to: IsoDate;
  factor: number | null;
  state: SeasonMonthState;
}

const dayBefore = (day: IsoDate): IsoDate => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
};

/**
 * The months of a plot's cover on a day, each paid (the season's contributions cover it, months taken
 * in order), due (begun, not covered) or upcoming: the paid share a benefit depends on, month by month.
 */
export const seasonMonths = (
  plot: CoveredPlot,
  terms: Pick<BenefitTerms, 'benefitFactorsByMonth'> | null,
  seasonContributionsCents: Cents,
  day: IsoDate,
): SeasonMonth[] => {
  const count = monthsOfCover(plot);
  const begun = monthsBegun(plot, day);
  const paid =
    plot.droughtMonthlyContribCents > 0
      ? Math.floor(seasonContributionsCents / plot.droughtMonthlyContribCents)
      : 0;
  return Array.from({ length: count }, (_, index) => {
    const month = index + 1;
    const next = addMonths(plot.startCoverageDate, month);
    return {
      month,
      from: addMonths(plot.startCoverageDate, index),
      to: month === count ? plot.endCoverageDate : dayBefore(next),
      factor: terms?.benefitFactorsByMonth[index] ?? null,
      state: month <= paid ? 'PAID' : month <= begun ? 'DUE' : 'UPCOMING',
    };
  });
};

/** The plot's promise on a day: its Maximum, the month and its factor, what is due and paid, and what a total loss pays. */
export interface CoverToday extends Benefit {
  covered: boolean;
  monthsBegun: number;
  dueCents: Cents;
  seasonContributionsCents: Cents;
  /** What an assessment of index 1 on this day would pay. */
  totalLossCents: Cents;
}

export const coverToday = (
  plot: CoveredPlot,
  terms: BenefitTerms,
  seasonContributionsCents: Cents,
  day: IsoDate,
): CoverToday => {
  const totalLoss = indexBenefit({ plot, terms, seasonContributionsCents, assessmentDate: day }, 1);
  return {
    ...totalLoss,
    covered: coveredOn(plot, day),
    monthsBegun: monthsBegun(plot, day),
    dueCents: contributionsDue(plot, day),
    seasonContributionsCents,
    totalLossCents: totalLoss.benefitCents,
  };
};

/** How many monthly contributions a plot's Maximum is worth under a factor (10 for 0.1). */
export const maximumInContributions = (maxCompensationFactor: number): number => 1 / maxCompensationFactor;

/**
 * Whether a factor makes the cover worth one monthly contribution or less: a total loss would pay no
 * more than a month's contribution (the configuration screens warn of it).
 */
export const coverWorthAtMostAContribution = (maxCompensationFactor: number): boolean =>
  maxCompensationFactor >= 1;
