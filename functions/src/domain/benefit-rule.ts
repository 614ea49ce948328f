import { monthsBetween, type IsoDate } from '@cpbo/schemas/coverage-dates.ts';
import type { Cents } from '@cpbo/schemas/money.ts';

/*
 * The one benefit rule of an index assessment (docs/decisions.md, "Benefit runs", has a worked
 * example): what a plot's season is worth when its damage index is known, from the config version
 * attached to the plot. Every amount is in hundredths, rounded to the nearest hundredth.
 */

/** What the rule reads of the plot's config (the spec's enabler config). */
export interface BenefitTerms {
  /** One factor per whole month after the coverage start: month 0 is the first. */
  benefitFactorsByMonth: readonly number[];
  /** An index under it pays nothing; null or absent: no threshold. */
  damageThreshold?: number | null;
  maxCompensationFactor: number;
}

/** A plot's season as the rule sees it. */
export interface BenefitSeason {
  terms: BenefitTerms;
  /** The plot's contributions in its covered season (to the assessment date). */
  seasonContributionsCents: Cents;
  startCoverageDate: IsoDate;
  assessmentDate: IsoDate;
}

/** The rule's inputs and outcome for one plot. */
export interface Benefit {
  /** Whole months from the coverage start to the assessment date. */
  month: number;
  /** The month's factor; null when the month is outside the factors. */
  factor: number | null;
  /** maxCompensationFactor × season contributions: no benefit goes above it. */
  capCents: Cents;
  benefitCents: Cents;
}

const monthAndFactor = ({ terms, startCoverageDate, assessmentDate }: BenefitSeason) => {
  const month = monthsBetween(startCoverageDate, assessmentDate);
  return { month, factor: terms.benefitFactorsByMonth[month] ?? null };
};

/** The most a plot's season can be paid. */
export const benefitCap = (season: BenefitSeason): Cents =>
  Math.round(season.terms.maxCompensationFactor * season.seasonContributionsCents);

/**
 * The benefit of a damage index (0 to 1): season contributions × the month's factor × the index,
 * capped at maxCompensationFactor × season contributions; nothing under the threshold or outside the
 * factors.
 */
export const indexBenefit = (season: BenefitSeason, damageIndex: number): Benefit => {
  const { month, factor } = monthAndFactor(season);
  const capCents = benefitCap(season);
  const threshold = season.terms.damageThreshold ?? 0;
  const pays = factor !== null && damageIndex >= threshold;
  const raw = pays ? Math.round(season.seasonContributionsCents * factor * damageIndex) : 0;
  return { month, factor, capCents, benefitCents: Math.max(0, Math.min(raw, capCents)) };
};

/** A benefit given as an amount: kept as given, beside the month, factor and cap it is checked against. */
export const givenBenefit = (season: BenefitSeason, amountCents: Cents): Benefit => ({
  ...monthAndFactor(season),
  capCents: benefitCap(season),
  benefitCents: amountCents,
});
