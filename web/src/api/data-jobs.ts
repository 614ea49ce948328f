import type { DataJob, DataJobAnswer, ImportUploadAnswer } from '@cpbo/schemas';
import { MAX_INLINE_IMPORT_BYTES } from '@cpbo/schemas/data-jobs.ts';
import { apiFetch } from './api-client.ts';

// What the Data page polls of an export or an import is the API's own contract (schemas/data-jobs.ts).
export type { DataJob, JobError } from '@cpbo/schemas';

export type ExportKind = 'members' | 'enablers' | 'all';
export type ImportKind = 'all' | 'onboard';

export const isFinished = (job: DataJob): boolean => job.state !== 'QUEUED' && job.state !== 'RUNNING';

export const startExport = async (kind: ExportKind): Promise<DataJob> =>
  (await apiFetch<DataJobAnswer>(`/exports/${kind}`)).job;

export const getExportJob = async (id: string): Promise<DataJob> =>
  (await apiFetch<DataJobAnswer>(`/exports/jobs/${encodeURIComponent(id)}`)).job;

export const getImportJob = async (id: string): Promise<DataJob> =>
  (await apiFetch<DataJobAnswer>(`/imports/jobs/${encodeURIComponent(id)}`)).job;

/**
 * Starts an import of the file's text: in the call when small, otherwise uploaded through a presigned
 * URL first. Errors are the caller's to show (an invalid file is reported in the report dialog).
 */
export const startImport = async (kind: ImportKind, text: string, file: unknown): Promise<DataJob> => {
  if (new Blob([text]).size <= MAX_INLINE_IMPORT_BYTES) {
    return (
      await apiFetch<DataJobAnswer>(`/imports/${kind}`, {
        method: 'POST',
        body: { file },
        errors: 'caller',
      })
    ).job;
  }
  const { upload, url } = await apiFetch<ImportUploadAnswer>('/imports/uploads', {
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
    await apiFetch<DataJobAnswer>(`/imports/${kind}`, {
      method: 'POST',
      body: { upload },
      errors: 'caller',
    })
  ).job;
};
