/** Whether a plot is irrigated as a form offers it: the spec's true, false and null (not known). */
export type Irrigation = 'yes' | 'no' | 'unknown';

export const irrigationOf = (isIrrigated: boolean | null): Irrigation =>
  isIrrigated === null ? 'unknown' : isIrrigated ? 'yes' : 'no';

export const isIrrigatedOf = (irrigation: Irrigation): boolean | null =>
  irrigation === 'unknown' ? null : irrigation === 'yes';

/** The plots catalogue's word for an irrigation: yes, no or not known. */
export const irrigationKey = (isIrrigated: boolean | null): string =>
  isIrrigated === null ? 'plots.values.irrigationUnknown' : `plots.values.${irrigationOf(isIrrigated)}`;
