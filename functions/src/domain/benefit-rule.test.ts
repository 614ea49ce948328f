import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths } from '@cpbo/schemas/coverage-dates.ts';
import { benefitCap, givenBenefit, indexBenefit, type BenefitSeason } from './benefit-rule.ts';

const season = (overrides: Partial<BenefitSeason> = {}): BenefitSeason => ({
  terms: {
    benefitFactorsByMonth: [0.2, 0.4, 0.6, 0.8, 1, 1],
    damageThreshold: 0.3,
    maxCompensationFactor: 10,
  },
  seasonContributionsCents: 6000,
  startCoverageDate: '2026-03-15',
  assessmentDate: '2026-06-20',
  ...overrides,
});

const seasons = fc.record({
  terms: fc.record({
    benefitFactorsByMonth: fc.array(fc.double({ min: 0, max: 1000, noNaN: true }), { maxLength: 36 }),
    damageThreshold: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
    maxCompensationFactor: fc.double({ min: Number.MIN_VALUE, max: 1000, noNaN: true }),
  }),
  seasonContributionsCents: fc.integer({ min: 0, max: 100_000_000 }),
  startCoverageDate: fc
    .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10)),
  months: fc.integer({ min: 0, max: 40 }),
});
/** A drawn season, assessed `months` after its coverage start. */
const seasonOf = ({
  months,
  ...rest
}: Omit<BenefitSeason, 'assessmentDate'> & { months: number }): BenefitSeason => ({
  ...rest,
  assessmentDate: addMonths(rest.startCoverageDate, months),
});
const index = fc.double({ min: 0, max: 1, noNaN: true });

describe('the benefit rule', () => {
  it('should pay the worked example of docs/decisions.md', () => {
    // 60.00 contributed; 3 whole months from 15 March to 20 June: factor 0.8; index 0.5: 24.00, cap 600.00.
    expect(indexBenefit(season(), 0.5)).toEqual({
      month: 3,
      factor: 0.8,
      capCents: 60_000,
      benefitCents: 2400,
    });
    // Under the threshold, or in a month past the factors: nothing.
    expect(indexBenefit(season(), 0.29).benefitCents).toBe(0);
    expect(indexBenefit(season({ assessmentDate: '2026-09-15' }), 1)).toMatchObject({
      month: 6,
      factor: null,
      benefitCents: 0,
    });
  });

  it('should cap the benefit at maxCompensationFactor times the season contributions', () => {
    const capped = season({
      terms: { benefitFactorsByMonth: [50], maxCompensationFactor: 2 },
      assessmentDate: '2026-03-20',
    });
    expect(indexBenefit(capped, 1)).toMatchObject({ capCents: 12_000, benefitCents: 12_000 });
    expect(benefitCap(capped)).toBe(12_000);
  });

  it('should keep a given amount as given, with the cap it is checked against', () => {
    expect(givenBenefit(season(), 70_000)).toEqual({
      month: 3,
      factor: 0.8,
      capCents: 60_000,
      benefitCents: 70_000,
    });
  });

  it('should never be negative nor above the cap', () => {
    fc.assert(
      fc.property(seasons, index, (drawn, damage) => {
        const { benefitCents, capCents } = indexBenefit(seasonOf(drawn), damage);
        expect(benefitCents).toBeGreaterThanOrEqual(0);
        expect(benefitCents).toBeLessThanOrEqual(capCents);
        expect(Number.isInteger(benefitCents)).toBe(true);
      }),
    );
  });

  it('should be monotone in the damage index', () => {
    fc.assert(
      fc.property(seasons, index, index, (drawn, first, second) => {
        const [low, high] = first <= second ? [first, second] : [second, first];
        const plot = seasonOf(drawn);
        expect(indexBenefit(plot, low).benefitCents).toBeLessThanOrEqual(
          indexBenefit(plot, high).benefitCents,
        );
      }),
    );
  });
});
