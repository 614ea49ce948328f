import { describe, expect, it } from 'vitest';
import {
  dataUrlBytes,
  enablerConfigShapeProblem,
  enablerImagesProblem,
  MAX_IMAGE_BYTES,
  parseEnablerConfigFile,
} from './enablers.ts';

const validConfig = {
  currency: 'INR',
  maxCompensationFactor: 10,
  lengthOfSeasonInMonth: 4,
  lengthOfCoverageInMonth: 6,
  benefitFactorsByMonth: [0.5, 1, 1, 0.5],
};

const without = (field: keyof typeof validConfig) =>
  Object.fromEntries(Object.entries(validConfig).filter(([name]) => name !== field));

/** A data URL whose payload decodes to exactly `bytes` bytes. */
const imageOf = (bytes: number) => `data:image/png;base64,${Buffer.alloc(bytes, 7).toString('base64')}`;

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
    expect(parseEnablerConfigFile(text).problem).toBe(code);
  });

  it('accepts a complete config', () => {
    expect(parseEnablerConfigFile(JSON.stringify(validConfig))).toEqual({ config: validConfig });
    expect(enablerConfigShapeProblem(validConfig)).toBeUndefined();
  });
});

describe('enabler images', () => {
  it('measure the decoded size of a data URL', () => {
    for (const bytes of [0, 1, 2, 3, 100, MAX_IMAGE_BYTES]) expect(dataUrlBytes(imageOf(bytes))).toBe(bytes);
  });

  it('need a logo and a banner of at most 30 KB each', () => {
    const fine = imageOf(MAX_IMAGE_BYTES);
    expect(enablerImagesProblem({ logo: fine, banner: fine })).toBeUndefined();
    expect(enablerImagesProblem({ banner: fine })).toBe('ERR_NO_ENABLER_LOGO');
    expect(enablerImagesProblem({ logo: fine, banner: '' })).toBe('ERR_NO_ENABLER_BANNER');
    expect(enablerImagesProblem({ logo: imageOf(MAX_IMAGE_BYTES + 1), banner: fine })).toBe(
      'ERR_FILE_TOO_LONG',
    );
    expect(enablerImagesProblem({ logo: fine, banner: imageOf(MAX_IMAGE_BYTES + 1) })).toBe(
      'ERR_FILE_TOO_LONG',
    );
  });
});
