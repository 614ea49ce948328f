import type { ErrorCode } from '@cpbo/schemas/error-catalogue.ts';
import { apiFetch } from './api-client.ts';

/** What the Data page polls of an export or an import (functions/src/http/exports/data-job-answer.ts). */
export interface DataJob {
  id: string;
  kind: 'EXPORT_MEMBERS' | 'EXPORT_ENABLERS' | 'EXPORT_ALL' | 'IMPORT_ALL' | 'IMPORT_ONBOARD';
  state: 'QUEUED' | 'RUNNING' | 'DONE' | 'INVALID' | 'FAILED';
  done: number;
  total: number;
  errors: JobError[];
  errorCount: number;
  createdAt: string;
  updatedAt: string;
  /** Once an export is DONE: a short-lived link that downloads the file. */
  url?: string;
  fileName?: string;
}

export interface JobError {
  where: string;
  code: ErrorCode;
  message: string;
}

export type ExportKind = 'members' | 'enablers' | 'all';
export type ImportKind = 'all' | 'onboard';

/** A file of at most this size travels in the import call; a larger one is uploaded to S3 first. */
export const MAX_INLINE_IMPORT_BYTES = 5 * 1024 * 1024;

export const isFinished = (job: DataJob): boolean => job.state !== 'QUEUED' && job.state !== 'RUNNING';

export const startExport = async (kind: ExportKind): Promise<DataJob> =>
  (await apiFetch<{ job: DataJob }>(`/exports/${kind}`)).job;

export const getExportJob = async (id: string): Promise<DataJob> =>
  (await apiFetch<{ job: DataJob }>(`/exports/jobs/${encodeURIComponent(id)}`)).job;

export const getImportJob = async (id: string): Promise<DataJob> =>
  (await apiFetch<{ job: DataJob }>(`/imports/jobs/${encodeURIComponent(id)}`)).job;

/**
 * Starts an import of the file's text: in the call when small, otherwise uploaded through a presigned
 * URL first. Errors are the caller's to show (an invalid file is reported in the report dialog).
 */
export const startImport = async (kind: ImportKind, text: string, file: unknown): Promise<DataJob> => {
  if (new Blob([text]).size <= MAX_INLINE_IMPORT_BYTES) {
    return (
      await apiFetch<{ job: DataJob }>(`/imports/${kind}`, {
        method: 'POST',
        body: { file },
        errors: 'caller',
      })
    ).job;
  }
  const { upload, url } = await apiFetch<{ upload: string; url: string }>('/imports/uploads', {
    method: 'POST',
    errors: 'caller',
  });
  const put = await fetch(url, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: text,
  });
  if (!put.ok) throw new Error(`The upload answered ${put.status}`);
  return (
    await apiFetch<{ job: DataJob }>(`/imports/${kind}`, {
      method: 'POST',
      body: { upload },
      errors: 'caller',
    })
  ).job;
};
