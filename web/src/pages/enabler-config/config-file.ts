import type { EnablerConfigFields, EnablerConfigVersion } from '../../api/enablers.ts';

/** Spec section 9: config_{enabler}_v{version}.json. */
export const configFileName = (enablerName: string, version: number): string =>
  `config_${enablerName}_v${version}.json`;

/**
 * The fields of the file that was uploaded, without what the server added (id, version, date), so that
 * the file can be edited and uploaded again. A damage threshold the file did not give stays out.
 */
export const configFileContent = (config: EnablerConfigVersion): EnablerConfigFields => ({
  currency: config.currency,
  maxCompensationFactor: config.maxCompensationFactor,
  lengthOfSeasonInMonth: config.lengthOfSeasonInMonth,
  lengthOfCoverageInMonth: config.lengthOfCoverageInMonth,
  ...(config.damageThreshold === undefined ? {} : { damageThreshold: config.damageThreshold }),
  benefitFactorsByMonth: config.benefitFactorsByMonth,
});
