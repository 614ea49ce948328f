import type { AdminPayoutRow } from '../api/admin-records.ts';
import type { FakeAnswer } from './fake-api.ts';
import { coopVerteInRupees, memberRow } from './member-fixtures.ts';
import { coopVerte, signedInRoutes } from './render-app.tsx';

/** A signed-in administrator of an enabler paid in rupees. */
export const adminRoutes = (): Record<string, FakeAnswer> => ({
  ...signedInRoutes('ADMIN', [coopVerte], coopVerteInRupees),
});

export const payoutRow = (overrides: Partial<AdminPayoutRow> = {}): AdminPayoutRow => ({
  id: 'pay-1',
  memberId: 'm-1',
  memberName: 'Asha Devi',
  memberNumber: 'F-0042',
  plotId: 'p-1',
  plotName: 'North field',
  amount: 250,
  assessmentId: 'A-2025-07',
  assessmentDate: '2025-07-10',
  payoutDate: '2025-07-15',
  createdAt: '2025-07-15T08:00:00.000Z',
  createdBy: 'ada@example.org',
  modifiedAt: null,
  modifiedBy: null,
  ...overrides,
});

/** The member pickers' answer: the first page of members matching a search. */
export const memberSearchAnswer = (): FakeAnswer => ({
  body: {
    members: [memberRow(), memberRow({ id: 'm-2', name: 'Bala Singh', number: 'F-0043' })],
    count: 2,
    page: 1,
    pageSize: 10,
  },
});
