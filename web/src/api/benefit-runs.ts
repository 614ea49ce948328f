import type {
  AssessmentFormat,
  BenefitRowPage,
  BenefitRowsQuery,
  BenefitRunAction,
  BenefitRunAnswer,
  BenefitRunFileAnswer,
  BenefitRunListAnswer,
  DuplicatePage,
  DuplicatesQuery,
  ImportUploadAnswer,
  CoveredPlotsAnswer,
  CoveredPlotsRequest,
} from '@cpbo/schemas';
import { benefitRowsQuery, duplicatesQuery } from '@cpbo/schemas/benefit-run-query.ts';
import { apiFetch, type ApiRequest } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { benefitRunPath, benefitRunsPath } from './resource-paths.ts';

// What the screens read of a run is the API's own contract (schemas/benefit-runs.ts).
export type {
  AssessmentFormat,
  AssessmentProblem,
  BenefitRunAction,
  BenefitRowView as BenefitRow,
  BenefitRowsQuery,
  BenefitRunView as BenefitRun,
  BenefitRunState,
  DuplicateView as Duplicate,
  DuplicatesQuery,
  PreviewQuery,
} from '@cpbo/schemas';

/** A write the user confirmed: its tries share one Idempotency-Key. */
type WriteOptions = Pick<ApiRequest, 'idempotencyKey'>;
type Errors = Pick<ApiRequest, 'errors'>;

/** The current enabler's runs, newest first. */
export const listBenefitRuns = async (options: Errors = {}) =>
  (await apiFetch<BenefitRunListAnswer>(benefitRunsPath, options)).runs;

/** A run, and for one awaiting its review whether the signed-in administrator is of its uploader's line. */
export const getBenefitRun = (runId: string, options: Errors = {}) =>
  apiFetch<BenefitRunAnswer>(benefitRunPath(runId), options);

/** A page of the preview's rows, filtered and sorted by the server. */
export const listBenefitRows = (runId: string, query: BenefitRowsQuery) =>
  apiFetch<BenefitRowPage>(`${benefitRunPath(runId)}/rows`, { query: benefitRowsQuery.encode(query) });

/** A page of the possible duplicate beneficiaries, of one kind or all. */
export const listDuplicates = (runId: string, query: DuplicatesQuery) =>
  apiFetch<DuplicatePage>(`${benefitRunPath(runId)}/duplicates`, { query: duplicatesQuery.encode(query) });

/** The covered plots as an assessment file to fill in: a short-lived link to it, its name and its plot count. */
export const coveredPlots = (request: CoveredPlotsRequest) =>
  apiFetch<CoveredPlotsAnswer>(`${benefitRunsPath}/covered-plots`, { method: 'POST', body: request });

/**
 * Puts an assessment file where the API reads it (a presigned PUT) and answers its upload id. The
 * caller shows failures itself, each an ApiError.
 */
export const uploadAssessment = async (file: File): Promise<string> => {
  const { upload, url } = await apiFetch<ImportUploadAnswer>(`${benefitRunsPath}/uploads`, {
    method: 'POST',
    errors: 'caller',
  });
  let put: Response;
  try {
    put = await fetch(url, { method: 'PUT', body: file });
  } catch (cause) {
    throw new ApiError({ kind: 'network', message: cause instanceof Error ? cause.message : String(cause) });
  }
  if (!put.ok)
    throw new ApiError({ kind: 'http', status: put.status, message: `The upload answered ${put.status}` });
  return upload;
};

export interface BenefitRunStart {
  upload: string;
  format: AssessmentFormat;
  fileName: string;
}

/**
 * Starts a run of an uploaded assessment: checked whole by the API, then previewed by a job. A refused
 * file rejects with ERR_BENEFIT_FILE_INVALID and its problems in the error's details, for the caller
 * to show.
 */
export const startBenefitRun = async (start: BenefitRunStart, options: WriteOptions = {}) =>
  (
    await apiFetch<BenefitRunAnswer>(benefitRunsPath, {
      method: 'POST',
      body: start,
      errors: 'caller',
      ...options,
    })
  ).run;

/** What a move carries: a comment (approve and reject: required, with the preview the reviewer saw). */
export interface BenefitRunMoveBody {
  comment?: string | undefined;
  previewComputedAt?: string | undefined;
}

/**
 * A move of a run (schemas/benefit-runs.ts's table of actions): each answers the run as it now is; a
 * reversal answers the new reversal run.
 */
export const moveBenefitRun = async (
  runId: string,
  action: BenefitRunAction,
  { comment, previewComputedAt }: BenefitRunMoveBody,
  options: WriteOptions = {},
) =>
  (
    await apiFetch<BenefitRunAnswer>(`${benefitRunPath(runId)}/${action}`, {
      method: 'POST',
      body:
        action === 'approve' || action === 'reject'
          ? { comment, previewComputedAt }
          : action === 'cancel'
            ? comment === undefined
              ? {}
              : { comment }
            : undefined,
      ...options,
    })
  ).run;

/** A short-lived link that downloads one of the run's files. */
export const getBenefitRunFile = (runId: string, fileId: string) =>
  apiFetch<BenefitRunFileAnswer>(`${benefitRunPath(runId)}/files/${encodeURIComponent(fileId)}`);
