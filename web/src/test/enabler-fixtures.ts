import type { EnablerConfigVersionAnswer } from '@cpbo/schemas';
import type { AdminEnabler } from '../api/enablers.ts';
import { banner } from './render-app.tsx';

/** An enabler as GET /admin/enablers answers it: no config yet, no members, created once by Ada. */
export const adminEnabler = (
  fields: Partial<AdminEnabler> & Pick<AdminEnabler, 'id' | 'name'>,
): AdminEnabler => ({
  logo: banner,
  banner,
  latestConfigVersion: null,
  latestConfigDate: null,
  config: null,
  memberCount: 0,
  creationDate: '2024-01-01T00:00:00.000Z',
  createdBy: 'ada@example.org',
  modificationDate: null,
  modifiedBy: null,
  ...fields,
});

/** An enabler's config version 3, in rupees: a season of 6 months, a cover of 12, a factor of 1 for its first months. */
export const rupeeConfig: EnablerConfigVersionAnswer = {
  _id: 'config-3',
  version: 3,
  currency: 'INR',
  maxCompensationFactor: 4,
  lengthOfSeasonInMonth: 6,
  lengthOfCoverageInMonth: 12,
  benefitFactorsByMonth: [1, 1, 1],
  creationDate: '2025-01-10T00:00:00.000Z',
};
