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
