import { Ajv } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { enablerConfigProblem, parseEnablerConfigFile } from './enabler-config-rules.ts';
import { enablerConfigLimits, enablerConfigSchema } from './enablers.ts';

const validConfig = {
  currency: 'INR',
  maxCompensationFactor: 10,
  lengthOfSeasonInMonth: 4,
  lengthOfCoverageInMonth: 6,
  benefitFactorsByMonth: [0.5, 1, 1, 0.5],
};

const without = (field: keyof typeof validConfig) =>
  Object.fromEntries(Object.entries(validConfig).filter(([name]) => name !== field));
const withField = (field: string, value: unknown) => ({ ...validConfig, [field]: value });

describe('enabler config rules (upload screen and server)', () => {
  it.each([
    [undefined, 'ERR_ENABLERCONFIG_NO_FILE'],
    ['"text"', 'ERR_ENABLERCONFIG_INVALID_JSON'],
    ['{"currency": ', 'ERR_ENABLERCONFIG_INVALID_JSON'],
    ['[1,2]', 'ERR_ENABLERCONFIG_INVALID_JSON'],
    [JSON.stringify(without('currency')), 'ERR_ENABLERCONFIG_MISSING_CURRENCY'],
    [JSON.stringify(without('maxCompensationFactor')), 'ERR_ENABLERCONFIG_MISSING_MAXCOMPFACTOR'],
    [JSON.stringify(without('lengthOfSeasonInMonth')), 'ERR_ENABLERCONFIG_MISSING_LENGTHSEASON'],
    [JSON.stringify(without('lengthOfCoverageInMonth')), 'ERR_ENABLERCONFIG_MISSING_LENGTHCOVERAGE'],
    [JSON.stringify(without('benefitFactorsByMonth')), 'ERR_ENABLERCONFIG_MISSING_FACTORS'],
    [JSON.stringify({ ...validConfig, benefitFactorsByMonth: '1,2' }), 'ERR_ENABLERCONFIG_NOTARRAY_FACTORS'],
  ])('file %s gives %s', (text, code) => {
    expect(parseEnablerConfigFile(text).problem?.code).toBe(code);
  });

  const { lengthOfSeasonInMonth, lengthOfCoverageInMonth, damageThreshold, benefitFactorsByMonth } =
    enablerConfigLimits;
  it.each([
    [
      'an extra key',
      withField('currencyName', 'rupee'),
      'ERR_ENABLERCONFIG_UNKNOWN_FIELD',
      { field: 'currencyName' },
    ],
    [
      'a lowercase currency',
      withField('currency', 'inr'),
      'ERR_ENABLERCONFIG_INVALID_CURRENCY',
      { field: 'currency' },
    ],
    [
      'a 4-letter currency',
      withField('currency', 'INRS'),
      'ERR_ENABLERCONFIG_INVALID_CURRENCY',
      { field: 'currency' },
    ],
    [
      'a factor of 0',
      withField('maxCompensationFactor', 0),
      'ERR_ENABLERCONFIG_INVALID_MAXCOMPFACTOR',
      { field: 'maxCompensationFactor', max: 1000 },
    ],
    [
      'a season of 2.5 months',
      withField('lengthOfSeasonInMonth', 2.5),
      'ERR_ENABLERCONFIG_INVALID_LENGTHSEASON',
      { field: 'lengthOfSeasonInMonth', ...lengthOfSeasonInMonth },
    ],
    [
      'a coverage of 37 months',
      withField('lengthOfCoverageInMonth', 37),
      'ERR_ENABLERCONFIG_INVALID_LENGTHCOVERAGE',
      { field: 'lengthOfCoverageInMonth', ...lengthOfCoverageInMonth },
    ],
    [
      'a damageThreshold above 1',
      withField('damageThreshold', 1.01),
      'ERR_ENABLERCONFIG_INVALID_DAMAGETHRESHOLD',
      { field: 'damageThreshold', ...damageThreshold },
    ],
    [
      '37 factors',
      withField(
        'benefitFactorsByMonth',
        Array.from({ length: 37 }, () => 1),
      ),
      'ERR_ENABLERCONFIG_TOO_MANY_FACTORS',
      { field: 'benefitFactorsByMonth', max: 36 },
    ],
    [
      'a negative third factor',
      withField('benefitFactorsByMonth', [1, 1, -1]),
      'ERR_ENABLERCONFIG_INVALID_FACTOR',
      {
        field: 'benefitFactorsByMonth',
        min: benefitFactorsByMonth.min,
        max: benefitFactorsByMonth.max,
        position: 3,
      },
    ],
  ])('refuses %s with its code, its field and its bounds', (_what, config, code, details) => {
    expect(enablerConfigProblem(config)).toEqual({ code, details });
  });

  it('accepts a complete config, with or without a damageThreshold', () => {
    expect(parseEnablerConfigFile(JSON.stringify(validConfig))).toEqual({ config: validConfig });
    expect(enablerConfigProblem(withField('damageThreshold', null))).toBeUndefined();
    expect(enablerConfigProblem(withField('damageThreshold', 1))).toBeUndefined();
    expect(
      enablerConfigProblem(
        withField(
          'benefitFactorsByMonth',
          Array.from({ length: 36 }, () => 1000),
        ),
      ),
    ).toBeUndefined();
  });

  it('accepts exactly the configs the schema accepts', () => {
    const validate = new Ajv({ strict: true }).compile(enablerConfigSchema);
    // Each field mostly valid, else at or past a bound, of another type or absent; an extra key at times.
    const number = fc.oneof(
      fc.constantFrom(-1, 0, 0.5, 1, 1.01, 2.5, 24, 25, 36, 37, 1000, 1000.5),
      fc.double({ min: -2000, max: 2000, noNaN: true, noDefaultInfinity: true }),
    );
    const anyValue = fc.oneof(
      number,
      fc.constantFrom(null, '', 'XOF', 'xof', 'ABCD', true),
      fc.array(number),
    );
    const field = <T>(valid: fc.Arbitrary<T>) =>
      fc.option(fc.oneof({ arbitrary: valid, weight: 12 }, { arbitrary: anyValue, weight: 1 }), {
        nil: undefined,
        freq: 40,
      });
    const within = (min: number, max: number) => fc.double({ min, max, noNaN: true });
    const config = fc
      .record({
        currency: field(fc.constantFrom('XOF', 'INR', 'xof', 'XO', 'XOFF', '12A')),
        maxCompensationFactor: field(within(0, 1000)),
        lengthOfSeasonInMonth: field(fc.integer({ min: 1, max: 24 })),
        lengthOfCoverageInMonth: field(fc.integer({ min: 1, max: 36 })),
        damageThreshold: field(fc.oneof(within(0, 1), fc.constant(null))),
        benefitFactorsByMonth: field(fc.array(within(0, 1000), { maxLength: 37 })),
        extra: fc.oneof(
          { arbitrary: fc.constant(undefined), weight: 15 },
          { arbitrary: anyValue, weight: 1 },
        ),
      })
      .map((fields) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)));
    let accepted = 0;
    fc.assert(
      fc.property(config, (candidate) => {
        const valid = validate(candidate);
        if (!valid) console.log(JSON.stringify(validate.errors?.[0]));
        if (valid) accepted += 1;
        expect(enablerConfigProblem(candidate) === undefined, JSON.stringify(candidate)).toBe(valid);
      }),
      { numRuns: 3000, seed: 26 },
    );
    // Both answers were given often enough for the comparison to mean something.
    expect(accepted).toBeGreaterThan(30);
    expect(accepted).toBeLessThan(2970);
  });
});
