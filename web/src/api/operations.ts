import {
  MAX_REPORT_PAGE_SIZE,
  reportPageSizes,
  type LogLevel,
  type LogListAnswer,
  type MirrorJob,
  type ReportListAnswer,
} from '@cpbo/schemas/operations.ts';
import { apiFetch, type ApiRequest } from './api-client.ts';
import type { PageSizes } from './every-page.ts';

// The answers are the API's own contract (schemas/operations.ts).
export type { LogLine, MirrorJob, MobileReport } from '@cpbo/schemas/operations.ts';

type Errors = Pick<ApiRequest, 'errors'>;

export interface PageRequest {
  page: number;
  pageSize: number;
}

export const listLogs = (
  { level, page, pageSize }: PageRequest & { level: LogLevel },
  options: Errors = {},
) =>
  apiFetch<LogListAnswer>('/admin/logs', {
    query: { level, page, pageSize },
    ...options,
  });

/**
 * The reports' page sizes, their own (a report answers its data): each offered by number, and "All" by
 * pages of the largest.
 */
export const reportTablePaging: PageSizes = {
  offered: reportPageSizes.map(Number),
  allPageSize: MAX_REPORT_PAGE_SIZE,
};

export const listReports = ({ page, pageSize }: PageRequest, options: Errors = {}) =>
  apiFetch<ReportListAnswer>('/admin/reports', {
    query: { page, pageSize },
    ...options,
  });

export const getMirrorJob = (options: Errors = {}) => apiFetch<MirrorJob>('/admin/mirror', options);

/** Starts a refresh; refused with ERR_MIRROR_IN_PROGRESS while one is under way. */
export const startMirrorRefresh = (options: Errors = {}) =>
  apiFetch<MirrorJob>('/admin/mirror', { method: 'POST', ...options });
