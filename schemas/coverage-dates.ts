/** Calendar dates as ISO 'YYYY-MM-DD' strings, computed in UTC so a server's time zone never shifts them. */
export type IsoDate = string;

export const isoDateOf = (date: Date): IsoDate => date.toISOString().slice(0, 10);

export const dateOfUnixSeconds = (seconds: number): IsoDate => isoDateOf(new Date(seconds * 1000));

/** Adds calendar months; a day that does not exist in the target month becomes its last day (31 Jan + 1 = 28/29 Feb). */
export const addMonths = (date: IsoDate, months: number): IsoDate => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const targetMonthIndex = month - 1 + months;
  const lastDay = new Date(Date.UTC(year, targetMonthIndex + 1, 0)).getUTCDate();
  return isoDateOf(new Date(Date.UTC(year, targetMonthIndex, Math.min(day, lastDay))));
};

export interface CoverageRule {
  lengthOfSeasonInMonth: number;
  lengthOfCoverageInMonth: number;
}

export interface CoverageDates {
  startCoverageDate: IsoDate;
  endOfSeasonDate: IsoDate;
  endCoverageDate: IsoDate;
}

/** End of season and end of coverage follow from the start and the enabler's config (spec section 5). */
export const coverageDates = (start: IsoDate, rule: CoverageRule): CoverageDates => ({
  startCoverageDate: start,
  endOfSeasonDate: addMonths(start, rule.lengthOfSeasonInMonth),
  endCoverageDate: addMonths(start, rule.lengthOfCoverageInMonth),
});

/** Whole months from one date to another (0 in the same month; never negative). */
export const monthsBetween = (from: IsoDate, to: IsoDate): number => {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  const months = (ty - fy) * 12 + (tm - fm) - (td < fd ? 1 : 0);
  return Math.max(0, months);
};

/**
 * A plot's coverage dates as an administrator gives them: the start, and each end that is given, or
 * else computed from the config. Undefined when an end would come before the start.
 */
export const givenCoverageDates = (
  start: IsoDate,
  ends: { endOfSeasonDate?: IsoDate; endCoverageDate?: IsoDate },
  rule: CoverageRule,
): CoverageDates | undefined => {
  const computed = coverageDates(start, rule);
  const dates = {
    startCoverageDate: start,
    endOfSeasonDate: ends.endOfSeasonDate ?? computed.endOfSeasonDate,
    endCoverageDate: ends.endCoverageDate ?? computed.endCoverageDate,
  };
  return dates.endOfSeasonDate < start || dates.endCoverageDate < start ? undefined : dates;
};
