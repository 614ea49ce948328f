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

/** Has the browser save a JSON document under a file name (a link with the download attribute). */
export function saveJsonFile(fileName: string, content: unknown): void {
  const url = URL.createObjectURL(
    new Blob([`${JSON.stringify(content, null, 2)}\n`], { type: 'application/json' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
