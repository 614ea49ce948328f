import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contributionsDue,
  coverMaximum,
  coverToday,
  givenBenefit,
  indexBenefit,
  monthOfCover,
  paidShare,
  seasonMonths,
  type BenefitSeason,
} from './benefit-rule.ts';
import { addMonths } from './coverage-dates.ts';
import { roundToCurrency } from './money.ts';

// Three times fast-check's default: about a fifth of the drawn seasons pay (the test below says so).
fc.configureGlobal({ numRuns: 300 });

/** The worked example of docs/decisions.md ("The benefit rule"). */
const example = (overrides: Partial<BenefitSeason> = {}): BenefitSeason => ({
  plot: {
    startCoverageDate: '2026-03-15',
    endCoverageDate: '2026-09-15',
    droughtMonthlyContribCents: 50_000,
  },
  terms: {
    currency: 'XOF',
    maxCompensationFactor: 0.1,
    benefitFactorsByMonth: [0.2, 0.4, 0.6, 0.8, 1, 1],
    damageThreshold: 0.3,
  },
  seasonContributionsCents: 200_000,
  assessmentDate: '2026-06-20',
  ...overrides,
});

const day = fc
  .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

/**
 * A decimal as people write them (fast-check's doubles are drawn over their bit patterns, so most are
 * vanishingly small: a benefit of such inputs rounds to nothing and proves nothing).
 */
const decimal = (max: number, step = 0.001) =>
  fc.integer({ min: 0, max: Math.round(max / step) }).map((steps) => Math.round(steps * step * 1e6) / 1e6);
/** A damage index from 0 to 1. */
const index = decimal(1);
/** A month's factor: mostly 0 to 2, sometimes far above 1. */
const factor = fc.oneof(decimal(2, 0.05), decimal(1000, 0.5));

/** A drawn season: any config, any plot, assessed any day from before its start to past its end. */
const seasons = fc
  .record({
    start: day,
    coverMonths: fc.integer({ min: 1, max: 36 }),
    monthly: fc.oneof(
      fc.integer({ min: 0, max: 100_000_000 }),
      fc.integer({ min: 1, max: 20 }).map((n) => n * 5_000),
    ),
    currency: fc.constantFrom('XOF', 'INR', 'EUR', 'JPY', null),
    maxCompensationFactor: fc.oneof(decimal(2, 0.01), decimal(1000, 0.5)).filter((value) => value > 0),
    factors: fc.oneof(
      fc.array(factor, { minLength: 37, maxLength: 40 }),
      fc.array(factor, { maxLength: 40 }),
    ),
    damageThreshold: fc.option(decimal(1, 0.05)),
    seasonContributionsCents: fc.oneof(
      fc.integer({ min: 0, max: 4_000_000_000 }),
      fc.integer({ min: 0, max: 40 }).map((n) => n * 5_000),
    ),
    assessedAfterMonths: fc.integer({ min: -2, max: 40 }),
    assessedAfterDays: fc.integer({ min: 0, max: 27 }),
  })
  .map((drawn): BenefitSeason => ({
    plot: {
      startCoverageDate: drawn.start,
      endCoverageDate: addMonths(drawn.start, drawn.coverMonths),
      droughtMonthlyContribCents: drawn.monthly,
    },
    terms: {
      currency: drawn.currency,
      maxCompensationFactor: drawn.maxCompensationFactor,
      benefitFactorsByMonth: drawn.factors,
      damageThreshold: drawn.damageThreshold,
    },
    seasonContributionsCents: drawn.seasonContributionsCents,
    assessmentDate: (() => {
      // Most inside the coverage, where the rule pays, some before and after it.
      const months = drawn.assessedAfterMonths % (drawn.coverMonths + 3);
      const month = addMonths(drawn.start, months - 1);
      const date = new Date(`${month}T00:00:00Z`);
      date.setUTCDate(date.getUTCDate() + drawn.assessedAfterDays);
      return date.toISOString().slice(0, 10);
    })(),
  }));

/** A season assessed inside its coverage, in a month that has a factor. */
const paidSeasons = seasons.filter(
  (season) =>
    season.assessmentDate >= season.plot.startCoverageDate &&
    season.assessmentDate <= season.plot.endCoverageDate &&
    season.terms.benefitFactorsByMonth[monthOfCover(season.plot, season.assessmentDate) - 1] !== undefined,
);

/** The season with the factor of its assessment month set. */
const withFactor = (season: BenefitSeason, factor: number): BenefitSeason => {
  const factors = [...season.terms.benefitFactorsByMonth];
  factors[monthOfCover(season.plot, season.assessmentDate) - 1] = factor;
  return { ...season, terms: { ...season.terms, benefitFactorsByMonth: factors } };
};

/** The season with its contributions up to date on its assessment date (or more). */
const upToDate = (season: BenefitSeason, extra = 0): BenefitSeason => ({
  ...season,
  seasonContributionsCents: contributionsDue(season.plot, season.assessmentDate) + extra,
});

describe('the benefit rule', () => {
  it('should be tried on seasons that pay: the drawn seasons are not mostly worth nothing', () => {
    const drawn = fc.sample(fc.tuple(seasons, index), 2000);
    const paying = drawn.filter(([season, damage]) => indexBenefit(season, damage).benefitCents > 0);
    expect(paying.length).toBeGreaterThan(drawn.length / 5);
  });

  it('should pay the worked example of docs/decisions.md', () => {
    // Maximum 500 ÷ 0.1 = 5 000 F CFA; 20 June is in month 4 (from 15 June), factor 0.8; 4 months
    // begun, 2 000 due, 2 000 paid: share 1; index 0.5 → 5 000 × 0.8 × 0.5 × 1 = 2 000 F CFA.
    expect(indexBenefit(example(), 0.5)).toEqual({
      month: 4,
      factor: 0.8,
      maximumCents: 500_000,
      paidShare: 1,
      benefitCents: 200_000,
    });
    // Half the contributions due: half of it.
    expect(indexBenefit(example({ seasonContributionsCents: 100_000 }), 0.5).benefitCents).toBe(100_000);
    // A total loss in month 5 (factor 1), contributions up to date (5 × 500): the Maximum, 5 000.
    expect(
      indexBenefit(example({ assessmentDate: '2026-07-20', seasonContributionsCents: 250_000 }), 1)
        .benefitCents,
    ).toBe(500_000);
    // Under the threshold, past the factors, before the start: nothing.
    expect(indexBenefit(example(), 0.29).benefitCents).toBe(0);
    expect(indexBenefit(example({ assessmentDate: '2026-09-15' }), 1)).toMatchObject({
      month: 7,
      factor: null,
      benefitCents: 0,
    });
    expect(indexBenefit(example({ assessmentDate: '2026-03-14' }), 1).benefitCents).toBe(0);
  });

  it('should round to the currency: whole F CFA, hundredths of a rupee', () => {
    const third = example({ terms: { ...example().terms, maxCompensationFactor: 3 } });
    // 500 ÷ 3 = 166.67 → 167 F CFA; 166.67 rupees.
    expect(coverMaximum(third.plot, third.terms)).toBe(16_700);
    expect(coverMaximum(third.plot, { ...third.terms, currency: 'INR' })).toBe(16_667);
    fc.assert(
      fc.property(seasons, index, (season, damage) => {
        const { benefitCents, maximumCents } = indexBenefit(season, damage);
        expect(roundToCurrency(benefitCents, season.terms.currency)).toBe(benefitCents);
        expect(roundToCurrency(maximumCents, season.terms.currency)).toBe(maximumCents);
      }),
    );
  });

  it('should never pay above the Maximum, nor below nothing', () => {
    fc.assert(
      fc.property(seasons, index, (season, damage) => {
        const { benefitCents, maximumCents } = indexBenefit(season, damage);
        expect(benefitCents).toBeGreaterThanOrEqual(0);
        expect(benefitCents).toBeLessThanOrEqual(maximumCents);
        expect(Number.isInteger(benefitCents)).toBe(true);
      }),
    );
  });

  it('should pay exactly the Maximum for a total loss, in a month of factor 1, contributions up to date', () => {
    fc.assert(
      fc.property(paidSeasons, fc.integer({ min: 0, max: 1_000_000 }), (season, extra) => {
        const promised = upToDate(withFactor(season, 1), extra);
        expect(indexBenefit(promised, 1).benefitCents).toBe(coverMaximum(season.plot, season.terms));
      }),
    );
  });

  it('should pay half for half the contributions due', () => {
    fc.assert(
      fc.property(paidSeasons, (season) => {
        const due = contributionsDue(season.plot, season.assessmentDate);
        fc.pre(due > 0 && due % 2 === 0);
        const half = { ...withFactor(season, 1), seasonContributionsCents: due / 2 };
        expect(indexBenefit(half, 1).benefitCents).toBe(
          roundToCurrency(coverMaximum(season.plot, season.terms) / 2, season.terms.currency),
        );
      }),
    );
  });

  it('should pay more than the contributions paid when the cover is worth more than them', () => {
    // maxCompensationFactor 0.1: the cover is ten monthly contributions; a total loss in the first
    // month, its one contribution paid, pays ten times it.
    const first = example({ assessmentDate: '2026-03-20', seasonContributionsCents: 50_000 });
    const firstMonth = withFactor(first, 1);
    expect(indexBenefit(firstMonth, 1).benefitCents).toBe(500_000);
    expect(indexBenefit(firstMonth, 1).benefitCents).toBeGreaterThan(firstMonth.seasonContributionsCents);
    fc.assert(
      fc.property(paidSeasons, (season) => {
        const worthMore = upToDate(
          withFactor({ ...season, terms: { ...season.terms, maxCompensationFactor: 0.01 } }, 1),
        );
        fc.pre(
          worthMore.plot.droughtMonthlyContribCents >= 100 &&
            monthOfCover(season.plot, season.assessmentDate) <= 36,
        );
        expect(indexBenefit(worthMore, 1).benefitCents).toBeGreaterThan(worthMore.seasonContributionsCents);
      }),
    );
  });

  it('should pay nothing without contributions', () => {
    fc.assert(
      fc.property(seasons, index, (season, damage) => {
        expect(indexBenefit({ ...season, seasonContributionsCents: 0 }, damage).benefitCents).toBe(0);
      }),
    );
  });

  it('should be monotone in the damage index', () => {
    fc.assert(
      fc.property(seasons, index, index, (season, first, second) => {
        const [low, high] = first <= second ? [first, second] : [second, first];
        expect(indexBenefit(season, low).benefitCents).toBeLessThanOrEqual(
          indexBenefit(season, high).benefitCents,
        );
      }),
    );
  });

  it("should be monotone in the month's factor", () => {
    fc.assert(
      fc.property(paidSeasons, index, factor, factor, (season, damage, first, second) => {
        const [low, high] = first <= second ? [first, second] : [second, first];
        expect(indexBenefit(withFactor(season, low), damage).benefitCents).toBeLessThanOrEqual(
          indexBenefit(withFactor(season, high), damage).benefitCents,
        );
      }),
    );
  });

  it('should be monotone in the contributions paid', () => {
    const paid = fc.integer({ min: 0, max: 4_000_000_000 });
    fc.assert(
      fc.property(seasons, index, paid, paid, (season, damage, first, second) => {
        const [low, high] = first <= second ? [first, second] : [second, first];
        expect(
          indexBenefit({ ...season, seasonContributionsCents: low }, damage).benefitCents,
        ).toBeLessThanOrEqual(
          indexBenefit({ ...season, seasonContributionsCents: high }, damage).benefitCents,
        );
      }),
    );
  });

  it('should keep a given amount as given, beside the Maximum it is checked against', () => {
    expect(givenBenefit(example(), 700_000)).toEqual({
      month: 4,
      factor: 0.8,
      maximumCents: 500_000,
      paidShare: 1,
      benefitCents: 700_000,
    });
  });
});

describe("the plot's promise", () => {
  it('should share out what is paid over what is due, at most 1', () => {
    const { plot } = example();
    expect(contributionsDue(plot, '2026-03-14')).toBe(0);
    expect(contributionsDue(plot, '2026-03-15')).toBe(50_000);
    expect(contributionsDue(plot, '2026-06-20')).toBe(200_000);
    // Past the coverage, every month of it is due: 6.
    expect(contributionsDue(plot, '2027-01-01')).toBe(300_000);
    expect(paidShare(plot, 100_000, '2026-06-20')).toBe(0.5);
    expect(paidShare(plot, 900_000, '2026-06-20')).toBe(1);
    expect(paidShare({ ...plot, droughtMonthlyContribCents: 0 }, 100_000, '2026-06-20')).toBe(0);
  });

  it('should tell each month paid, due or to come, and what a total loss pays today', () => {
    const { plot, terms } = example();
    const months = seasonMonths(plot, terms, 150_000, '2026-06-20');
    expect(months.map(({ month, from, to, factor, state }) => [month, from, to, factor, state])).toEqual([
      [1, '2026-03-15', '2026-04-14', 0.2, 'PAID'],
      [2, '2026-04-15', '2026-05-14', 0.4, 'PAID'],
      [3, '2026-05-15', '2026-06-14', 0.6, 'PAID'],
      [4, '2026-06-15', '2026-07-14', 0.8, 'DUE'],
      [5, '2026-07-15', '2026-08-14', 1, 'UPCOMING'],
      [6, '2026-08-15', '2026-09-15', 1, 'UPCOMING'],
    ]);
    // 3 of 4 months paid: 5 000 × 0.8 × 1 × 0.75 = 3 000 F CFA.
    expect(coverToday(plot, terms, 150_000, '2026-06-20')).toEqual({
      month: 4,
      factor: 0.8,
      maximumCents: 500_000,
      paidShare: 0.75,
      benefitCents: 300_000,
      covered: true,
      monthsBegun: 4,
      dueCents: 200_000,
      seasonContributionsCents: 150_000,
      totalLossCents: 300_000,
    });
  });
});
