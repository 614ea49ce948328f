/** Spec section 9: config_{enabler}_v{version}.json. */
export const configFileName = (enablerName: string, version: number): string =>
  `config_${enablerName}_v${version}.json`;
