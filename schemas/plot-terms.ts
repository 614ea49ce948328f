/*
 * A plot's own terms, as its item stores them (the plot list reads them; its audit entries keep them),
 * in a module of their own: the lists' code needs them without the audit schemas, whose objects a
 * bundle cannot leave out once it imports their module.
 */
export const plotTermFields = [
  'latitude',
  'longitude',
  'cropDescription',
  'isIrrigated',
  'droughtMonthlyContribCents',
  'excessRainMonthlyContribCents',
  'startCoverageDate',
  'endOfSeasonDate',
  'endCoverageDate',
] as const;
