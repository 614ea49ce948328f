import type {
  CashoutAnswer,
  CreatedIdAnswer,
  contributeRequestSchema,
  ContributionAnswer,
  FromSchema,
  MemberDetailAnswer,
  MemberListAnswer,
  MemberRowAnswer,
  newMemberRequestSchema,
  PayoutAnswer,
  PlotAnswer,
  MemberListRequest,
} from '@cpbo/schemas';
import { encodeMemberListQuery, memberListPageSizes } from '@cpbo/schemas/member-list-query.ts';
import { memberFieldsProperties } from '@cpbo/schemas/members.ts';
import { protectionTypes } from '@cpbo/schemas/protection-types.ts';
import { apiFetch, type ApiRequest } from './api-client.ts';
import { memberPath } from './resource-paths.ts';

type Errors = Pick<ApiRequest, 'errors'>;
/** A write the user confirmed: its tries share one Idempotency-Key. */
type WriteOptions = Pick<ApiRequest, 'errors' | 'idempotencyKey'>;

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
} from '@cpbo/schemas/member-list-query.ts';
export const memberPageSizes: readonly number[] = memberListPageSizes.map(Number);
export type ProtectionType = (typeof protectionTypes)[number];

/** A member's bank details: never kept on the device (docs/decisions.md, offline field work). */
export const bankFields = ['bankName', 'bankBranchName', 'bankIFSC', 'bankAccount'] as const;
export { protectionTypes };

/** The longest text each member field takes (name, village…), for the form's inputs. */
export const memberFieldMaxLength = (field: keyof typeof memberFieldsProperties): number | undefined => {
  const schema = memberFieldsProperties[field];
  return 'maxLength' in schema ? schema.maxLength : undefined;
};

// The answers are the API's own contract (schemas/members.ts); the SPA reads them as they travel.
export type MemberRow = MemberRowAnswer;
export type MemberListPage = MemberListAnswer;
export type MemberPlot = PlotAnswer;
export type Contribution = ContributionAnswer;
/** A benefit computed for a plot by an assessment. */
export type Payout = PayoutAnswer;
/** A benefit paid to the member. */
export type Cashout = CashoutAnswer;
export type MemberDetail = MemberDetailAnswer;
export type NewMember = FromSchema<typeof newMemberRequestSchema>;
/** A contribution's body: the amount, the protection type, the plot (the first one without it). */
export type ContributeBody = FromSchema<typeof contributeRequestSchema>;

export const listMembers = (query: MemberListRequest, options: Errors = {}) =>
  apiFetch<MemberListPage>('/members', { query: encodeMemberListQuery(query), ...options });

export const getMember = (memberId: string, options: Errors = {}) =>
  apiFetch<MemberDetail>(memberPath(memberId), options);

/** Onboards a member in the session's enabler, dated today. ERR_DUPLICATE_MEMBER for a known member. */
export const onboardMember = (member: NewMember, options: WriteOptions = {}) =>
  apiFetch<CreatedIdAnswer>('/members', { method: 'POST', body: member, ...options });

/** Records a contribution for a plot of the member (the first one without plotId); ERR_NO_PLOTS without any. */
export const contribute = (memberId: string, contribution: ContributeBody, options: WriteOptions = {}) =>
  apiFetch<Contribution>(`${memberPath(memberId)}/contribute`, {
    method: 'POST',
    body: contribution,
    ...options,
  });

/** Pays part of the pending benefit; ERR_BALANCE_TOO_LOW above it. */
export const cashout = (memberId: string, amount: number, options: WriteOptions = {}) =>
  apiFetch<Cashout>(`${memberPath(memberId)}/cashouts`, { method: 'POST', body: { amount }, ...options });
