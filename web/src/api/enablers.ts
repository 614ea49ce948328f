import { apiFetch, type ApiRequest } from './api-client.ts';

/** The versioned rules of an enabler; its fields are described by the enabler config schema. */
export interface EnablerConfig {
  _id?: string;
  version?: number;
  currency?: string;
  maxCompensationFactor?: number;
  lengthOfSeasonInMonth?: number;
  lengthOfCoverageInMonth?: number;
  damageThreshold?: number | null;
  benefitFactorsByMonth?: number[];
}

export interface Enabler {
  id: string;
  name: string;
  /** Images as data URLs. */
  logo?: string | null;
  banner?: string | null;
  latestConfigVersion?: number | null;
  latestConfigDate?: string | number | null;
  config?: EnablerConfig | null;
}

type Errors = Pick<ApiRequest, 'errors'>;

/** The enabler the signed-in session works for. */
export const getMyEnabler = (options: Errors = {}) => apiFetch<Enabler>('/me/enabler', options);

export const listEnablers = (options: Errors = {}) => apiFetch<Enabler[]>('/admin/enablers', options);

/** Only an enabler with a configuration can be worked for (its members' plots need one). */
export const hasConfig = (enabler: Enabler): boolean =>
  enabler.latestConfigVersion !== undefined &&
  enabler.latestConfigVersion !== null &&
  enabler.latestConfigDate !== undefined &&
  enabler.latestConfigDate !== null &&
  enabler.latestConfigDate !== '';
