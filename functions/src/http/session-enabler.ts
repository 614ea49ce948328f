import { AppError } from '#platform/app-error.ts';
import type { SessionRequest } from './middleware/api-types.ts';

/**
 * The enabler a call works on. An administrator without one (the first of an environment) has no
 * enabler's data to export, onboard or rebuild: not found, rather than a job for no enabler.
 */
export const currentEnabler = ({ enabler }: SessionRequest['session']): string => {
  if (!enabler) throw new AppError('ERR_NOT_FOUND');
  return enabler;
};
