import {
  encodeMemberListQuery,
  memberFieldsProperties,
  memberListPageSizes,
  protectionTypes,
  type MemberListRequest,
} from '@cpbo/schemas';
import { apiFetch, type ApiRequest } from './api-client.ts';

type Errors = Pick<ApiRequest, 'errors'>;
/** A write the user confirmed: its tries share one Idempotency-Key. */
type WriteOptions = Pick<ApiRequest, 'errors' | 'idempotencyKey'>;

/** A day without time, as the API sends dates that are days: 'YYYY-MM-DD'. */
export type IsoDay = string;

// The list's query (choices, limits, encoding) is the API's own contract, in schemas/.
export {
  benefitsFilters,
  contributionsFilters,
  memberSearchMaxLength,
  plotsFilters,
  type BenefitsFilter,
  type ContributionsFilter,
  type MemberListQuery,
  type MemberSortField,
  type PlotsFilter,
  type SortDirection,
} from '@cpbo/schemas';
export const memberPageSizes: readonly number[] = memberListPageSizes.map(Number);
export type ProtectionType = (typeof protectionTypes)[number];
export { protectionTypes };

/** The longest text each member field takes (name, village…), for the form's inputs. */
export const memberFieldMaxLength = (field: keyof typeof memberFieldsProperties): number | undefined => {
  const schema = memberFieldsProperties[field];
  return 'maxLength' in schema ? schema.maxLength : undefined;
};

/** One row of the member list. */
export interface MemberRow {
  id: string;
  name: string;
  village: string;
  number: string;
  federation: string | null;
  onboardingDate: IsoDay;
  contributionTotal: number;
  pendingBenefits: number;
  plotCount: number;
}

export interface MemberListPage {
  members: MemberRow[];
  count: number;
  page: number;
  pageSize: number;
}

/** A plot as the member page lists it. */
export interface MemberPlot {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  startCoverageDate: IsoDay;
  endOfSeasonDate: IsoDay;
  endCoverageDate: IsoDay;
  droughtMonthlyContrib: number;
  excessRainMonthlyContrib?: number;
}

export interface Contribution {
  id: string;
  plotId: string;
  plotName: string;
  protectionType: ProtectionType;
  amount: number;
  /** ISO instant. */
  contributionDate: string;
}

/** A benefit computed for a plot by an assessment. */
export interface Payout {
  id: string;
  plotId: string;
  plotName: string;
  amount: number;
  assessmentId: string;
  assessmentDate: IsoDay;
  payoutDate: IsoDay;
}

/** A benefit paid to the member. */
export interface Cashout {
  id: string;
  amount: number;
  /** ISO instant. */
  cashoutDate: string;
}

export interface MemberDetail {
  id: string;
  name: string;
  village: string;
  number: string;
  federation: string | null;
  /** true: female, false: male, null: unknown. */
  gender: boolean | null;
  onboardingDate: IsoDay;
  phone: string | null;
  bankName: string | null;
  bankBranchName: string | null;
  bankIFSC: string | null;
  bankAccount: string | null;
  contributionTotal: number;
  payoutTotal: number;
  cashoutTotal: number;
  /** The pending benefit: benefits computed and not paid yet. */
  cashoutBalance: number;
  firstContributionDate: IsoDay | null;
  firstPayoutDate: IsoDay | null;
  /** Oldest first (the first one gets the contributions that name no plot). */
  plots: MemberPlot[];
  /** Records newest first. */
  contributions: Contribution[];
  payouts: Payout[];
  cashouts: Cashout[];
}

export interface NewMember {
  name: string;
  village: string;
  number: string;
  federation?: string;
  gender?: boolean;
  phone?: string;
  bankName?: string;
  bankBranchName?: string;
  bankIFSC?: string;
  bankAccount?: string;
}

export const listMembers = (query: MemberListRequest, options: Errors = {}) =>
  apiFetch<MemberListPage>('/members', { query: encodeMemberListQuery(query), ...options });

const memberPath = (memberId: string) => `/members/${encodeURIComponent(memberId)}`;

export const getMember = (memberId: string, options: Errors = {}) =>
  apiFetch<MemberDetail>(memberPath(memberId), options);

/** Onboards a member in the session's enabler, dated today. ERR_DUPLICATE_MEMBER for a known member. */
export const onboardMember = (member: NewMember, options: WriteOptions = {}) =>
  apiFetch<{ id: string }>('/members', { method: 'POST', body: member, ...options });

/** Records a contribution for a plot of the member (the first one without plotId); ERR_NO_PLOTS without any. */
export const contribute = (
  memberId: string,
  contribution: { amount: number; protectionType?: ProtectionType; plotId?: string },
  options: WriteOptions = {},
) =>
  apiFetch<Contribution>(`${memberPath(memberId)}/contribute`, {
    method: 'POST',
    body: contribution,
    ...options,
  });

/** Pays part of the pending benefit; ERR_BALANCE_TOO_LOW above it. */
export const cashout = (memberId: string, amount: number, options: WriteOptions = {}) =>
  apiFetch<Cashout>(`${memberPath(memberId)}/cashouts`, { method: 'POST', body: { amount }, ...options });
