import type { CurrentEnabler } from '@cpbo/schemas';
import type { MemberDetail, MemberRow } from '../api/members.ts';
import type { Plot } from '../api/plots.ts';
import type { FakeAnswer } from './fake-api.ts';
import { coopVerte, signedInRoutes } from './render-app.tsx';

/** The test enabler with a configuration, so that amounts show in its currency. */
export const coopVerteInRupees: CurrentEnabler = {
  ...coopVerte,
  config: {
    _id: 'config-3',
    version: 3,
    currency: 'INR',
    maxCompensationFactor: 10,
    lengthOfSeasonInMonth: 4,
    lengthOfCoverageInMonth: 6,
    benefitFactorsByMonth: [1, 1, 1, 1, 1, 1],
    creationDate: '2025-01-10T00:00:00.000Z',
  },
};

/** A signed-in field agent working for an enabler paid in rupees. */
export const agentRoutes = (): Record<string, FakeAnswer> => ({
  ...signedInRoutes('USER', [coopVerteInRupees], coopVerteInRupees),
});

export const memberRow = (overrides: Partial<MemberRow> = {}): MemberRow => ({
  id: 'm-1',
  name: 'Asha Devi',
  village: 'Rampur',
  number: 'F-0042',
  federation: 'North',
  onboardingDate: '2025-03-15',
  contributionTotal: 1234.5,
  pendingBenefits: 500,
  plotCount: 1,
  lastContributionDate: '2025-06-01',
  lastPayoutDate: '2025-05-20',
  ...overrides,
});

/** A plot of the member below, as the API answers it (and the admin plots table lists it). */
export const plotDetail = (overrides: Partial<Plot> = {}): Plot => ({
  id: 'p-1',
  _id: 'p-1',
  name: 'North field',
  memberId: 'm-1',
  memberName: 'Asha Devi',
  memberNumber: 'F-0042',
  latitude: 10.5,
  longitude: 78.25,
  cropDescription: null,
  isIrrigated: null,
  startCoverageDate: '2025-04-01',
  endOfSeasonDate: '2025-08-01',
  endCoverageDate: '2025-10-01',
  droughtMonthlyContrib: 100,
  excessRainMonthlyContrib: 0,
  enablerConfig: { version: 3, _id: 'config-3' },
  ...overrides,
});

/** Asha's records, and those of her North field. */
const ofAsha = { memberId: 'm-1', memberName: 'Asha Devi', memberNumber: 'F-0042' };
const ofNorthField = { ...ofAsha, plotId: 'p-1', plotName: 'North field' };

const droughtContribution = (id: string, amount: number, contributionDate: string) => ({
  id,
  ...ofNorthField,
  protectionType: 'DROUGHT' as const,
  amount,
  contributionDate,
});

export const memberDetail = (overrides: Partial<MemberDetail> = {}): MemberDetail => ({
  id: 'm-1',
  name: 'Asha Devi',
  village: 'Rampur',
  number: 'F-0042',
  federation: 'North',
  gender: true,
  onboardingDate: '2025-03-15',
  phone: '+91 98 7654 3210',
  bankName: 'State Bank',
  bankBranchName: 'Rampur',
  bankIFSC: 'SBIN0001234',
  bankAccount: '0012345678',
  contributionTotal: 300,
  payoutTotal: 800,
  cashoutTotal: 300,
  cashoutBalance: 500,
  firstContributionDate: '2025-04-01',
  firstPayoutDate: '2025-06-30',
  plots: [plotDetail()],
  contributions: [
    droughtContribution('c-2', 200, '2025-05-01T10:00:00.000Z'),
    droughtContribution('c-1', 100, '2025-04-01T10:00:00.000Z'),
  ],
  payouts: [
    {
      id: 'po-1',
      ...ofNorthField,
      amount: 800,
      assessmentId: 'KHARIF-2025',
      assessmentDate: '2025-06-20',
      payoutDate: '2025-06-30',
    },
  ],
  cashouts: [
    {
      id: 'co-1',
      ...ofAsha,
      amount: 300,
      cashoutDate: '2025-07-02T09:30:00.000Z',
    },
  ],
  ...overrides,
});
