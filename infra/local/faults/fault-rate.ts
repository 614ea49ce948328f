/** FAULT_RATE: the share of the functions' AWS calls answered with a transient error (0, the default, for none). */
export const faultRateOf = (environment: NodeJS.ProcessEnv): number => {
  const value = environment.FAULT_RATE;
  if (value === undefined || value === '') return 0;
  const rate = Number(value);
  if (!(rate >= 0 && rate < 1)) throw new Error(`FAULT_RATE must be a share from 0 to 1, not "${value}"`);
  return rate;
};
