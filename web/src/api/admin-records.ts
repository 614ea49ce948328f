import type {
  MemberDeletionAnswer,
  AdminCashoutPage,
  AdminCashoutRow,
  AdminContributionPage,
  AdminContributionRow,
  AdminPayoutPage,
  AdminPayoutRow,
  AdminPlotPage,
  AdminPlotRow,
  CreatedIdAnswer,
  FromSchema,
} from '@cpbo/schemas';
import {
  adminContributionRequestSchema,
  adminMemberRequestSchema,
  adminNewCashoutRequestSchema,
  adminNewPayoutRequestSchema,
  adminNewPlotRequestSchema,
  adminUpdateCashoutRequestSchema,
  adminUpdatePayoutRequestSchema,
  adminUpdatePlotRequestSchema,
} from '@cpbo/schemas/admin-records.ts';
import {
  encodeAdminListQuery,
  type AdminList,
  type AdminListFilterValues,
  type AdminListQuery,
} from '@cpbo/schemas/admin-list-query.ts';
import { adminPageSizes } from '@cpbo/schemas/common.ts';
import { apiFetch, type ApiRequest } from './api-client.ts';
import type { PageSizes } from './every-page.ts';

export type { AdminCashoutRow, AdminContributionRow, AdminPayoutRow, AdminPlotRow };
export type { AdminList, AdminListFilterValues };

/** A write the user confirmed: its tries share one Idempotency-Key. */
type WriteOptions = Pick<ApiRequest, 'idempotencyKey' | 'errors'>;

/** Spec section 9: the admin tables' page sizes; the largest one is what "All" pages by. */
export const adminTablePageSizes: readonly number[] = adminPageSizes.map(Number);
export const ALL_PAGE_SIZE = Math.max(...adminTablePageSizes);
export const DEFAULT_ADMIN_PAGE_SIZE = 10;
/** The paged admin tables: 5, 10 and 25 rows, and "All" by pages of the largest size. */
export const adminTablePaging: PageSizes = {
  offered: adminTablePageSizes.filter((size) => size !== ALL_PAGE_SIZE),
  allPageSize: ALL_PAGE_SIZE,
};

export type AdminMemberBody = FromSchema<typeof adminMemberRequestSchema>;
export type AdminNewPlotBody = FromSchema<typeof adminNewPlotRequestSchema>;
export type AdminUpdatePlotBody = FromSchema<typeof adminUpdatePlotRequestSchema>;
export type AdminContributionBody = FromSchema<typeof adminContributionRequestSchema>;
export type AdminNewPayoutBody = FromSchema<typeof adminNewPayoutRequestSchema>;
export type AdminUpdatePayoutBody = FromSchema<typeof adminUpdatePayoutRequestSchema>;
export type AdminNewCashoutBody = FromSchema<typeof adminNewCashoutRequestSchema>;
export type AdminUpdateCashoutBody = FromSchema<typeof adminUpdateCashoutRequestSchema>;

/** What a page of an administrator's table is read with: its number and size, and its one sort. */
export interface AdminPageRequest {
  page: number;
  pageSize: number;
  sort: { field: string; direction: 'asc' | 'desc' };
}

/** What a table reads of a page: its rows, how many rows the query matches, and their total (money). */
export interface AdminPageAnswer<Row> {
  items: Row[];
  count: number;
  totalAmount?: number;
}

const enc = encodeURIComponent;

/** The administrator's record kinds and their addresses under /admin. */
interface AdminPages {
  plots: AdminPlotPage;
  contributions: AdminContributionPage;
  payouts: AdminPayoutPage;
  cashouts: AdminCashoutPage;
}
export type AdminRecordKind = keyof AdminPages;
/** A row of a record table of the kind. */
export type AdminRecordRow<Kind extends AdminRecordKind> = AdminPages[Kind]['items'][number];

export const listAdminRecords = <Kind extends AdminRecordKind>(kind: Kind, query: AdminListQuery<Kind>) =>
  apiFetch<AdminPages[Kind]>(`/admin/${kind}`, { query: encodeAdminListQuery(kind, query) });

/** Reads a page of a record table: the table's page and sort, the screen's filters. */
export const adminRecordPage =
  <Kind extends AdminRecordKind>(kind: Kind, filters: AdminListFilterValues) =>
  ({ page, pageSize, sort }: AdminPageRequest) =>
    listAdminRecords(kind, { page, pageSize, sort: sort as AdminListQuery<Kind>['sort'], filters });

export const deleteAdminRecord = (kind: AdminRecordKind, id: string) =>
  apiFetch<undefined>(`/admin/${kind}/${enc(id)}`, { method: 'DELETE' });

/**
 * Deletes a member: gone at once, its records with it or, for a member of many, by a job whose
 * progress getMemberDeletion answers.
 */
export const deleteAdminMember = (id: string) =>
  apiFetch<MemberDeletionAnswer>(`/admin/members/${enc(id)}`, { method: 'DELETE' });

export const getMemberDeletion = (jobId: string, options: Pick<ApiRequest, 'errors'> = {}) =>
  apiFetch<MemberDeletionAnswer>(`/admin/members/deletions/${enc(jobId)}`, options);

const create = (kind: AdminRecordKind | 'members', body: unknown, options: WriteOptions) =>
  apiFetch<CreatedIdAnswer>(`/admin/${kind}`, { method: 'POST', body, ...options });

const update = (kind: AdminRecordKind | 'members', id: string, body: unknown, options: WriteOptions) =>
  apiFetch<undefined>(`/admin/${kind}/${enc(id)}`, { method: 'POST', body, ...options });

export const createAdminMember = (body: AdminMemberBody, options: WriteOptions = {}) =>
  create('members', body, options);
export const updateAdminMember = (id: string, body: AdminMemberBody, options: WriteOptions = {}) =>
  update('members', id, body, options);

export const createAdminPlot = (body: AdminNewPlotBody, options: WriteOptions = {}) =>
  create('plots', body, options);
export const updateAdminPlot = (id: string, body: AdminUpdatePlotBody, options: WriteOptions = {}) =>
  update('plots', id, body, options);

/** The administrator's money records: a record as read, the body of a new one, the body of a change. */
interface AdminMoneyRecords {
  contributions: { row: AdminContributionRow; new: AdminContributionBody; update: AdminContributionBody };
  payouts: { row: AdminPayoutRow; new: AdminNewPayoutBody; update: AdminUpdatePayoutBody };
  cashouts: { row: AdminCashoutRow; new: AdminNewCashoutBody; update: AdminUpdateCashoutBody };
}
export type AdminMoneyKind = keyof AdminMoneyRecords;
export type AdminMoneyRow<Kind extends AdminMoneyKind> = AdminMoneyRecords[Kind]['row'];
export type NewAdminMoneyBody<Kind extends AdminMoneyKind> = AdminMoneyRecords[Kind]['new'];
export type AdminMoneyUpdateBody<Kind extends AdminMoneyKind> = AdminMoneyRecords[Kind]['update'];

// An edit form's record: the form says itself that it is not found or could not be read.
export const getAdminMoneyRecord = <Kind extends AdminMoneyKind>(kind: Kind, id: string) =>
  apiFetch<AdminMoneyRow<Kind>>(`/admin/${kind}/${enc(id)}`, { errors: 'caller' });

export const createAdminMoneyRecord = <Kind extends AdminMoneyKind>(
  kind: Kind,
  body: NewAdminMoneyBody<Kind>,
  options: WriteOptions = {},
) => create(kind, body, options);
export const updateAdminMoneyRecord = <Kind extends AdminMoneyKind>(
  kind: Kind,
  id: string,
  body: AdminMoneyUpdateBody<Kind>,
  options: WriteOptions = {},
) => update(kind, id, body, options);
