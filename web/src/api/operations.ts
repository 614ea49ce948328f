import type { LogLevel, MirrorStatus, MobileReport } from '@cpbo/schemas/operations.ts';

export type { MobileReport };
import { apiFetch, type ApiRequest } from './api-client.ts';

/** A line of the application's log (spec 3, Log). */
export interface LogLine {
  timestamp: string;
  level: LogLevel;
  message: string;
}

/** The mirror refresh (spec 3, Mirror job). */
export interface MirrorJob {
  status: MirrorStatus;
  /** When the last refresh ended (ISO time); null before the first one. */
  lastExecutionDate: string | null;
  /** When the refresh under way started (ISO time); null when none is. */
  startedAt: string | null;
}

type Errors = Pick<ApiRequest, 'errors'>;

export interface PageRequest {
  page: number;
  pageSize: number;
}

export const listLogs = (
  { level, page, pageSize }: PageRequest & { level: LogLevel },
  options: Errors = {},
) =>
  apiFetch<{ logs: LogLine[]; count: number }>('/admin/logs', {
    query: { level, page, pageSize },
    ...options,
  });

export const listReports = ({ page, pageSize }: PageRequest, options: Errors = {}) =>
  apiFetch<{ reports: MobileReport[]; count: number }>('/admin/reports', {
    query: { page, pageSize },
    ...options,
  });

export const getMirrorJob = (options: Errors = {}) => apiFetch<MirrorJob>('/admin/mirror', options);

/** Starts a refresh; refused with ERR_MIRROR_IN_PROGRESS while one is under way. */
export const startMirrorRefresh = (options: Errors = {}) =>
  apiFetch<MirrorJob>('/admin/mirror', { method: 'POST', ...options });
