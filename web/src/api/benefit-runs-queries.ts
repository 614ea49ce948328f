import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { benefitRunAtWork } from '@cpbo/schemas/benefit-runs.ts';
import type { ApiRequest } from './api-client.ts';
import {
  getBenefitRun,
  listBenefitRows,
  listBenefitRuns,
  listDuplicates,
  moveBenefitRun,
  type BenefitRun,
  type BenefitRunAction,
  type BenefitRunMoveBody,
  type BenefitRowsQuery,
  type DuplicatesQuery,
} from './benefit-runs.ts';
import { queryKeys } from './query-keys.ts';
import { useWrite } from './use-write.ts';

/** How often a run at work (its preview or its payment) is read again. */
export const RUN_POLL_MS = 1000;

type Errors = Pick<ApiRequest, 'errors'>;

/**
 * A read that follows a job: its first failure shows in the error dialog; a later one, while it is
 * read again every RUN_POLL_MS, keeps what is shown and the next read tries again.
 */
function useFollowedRead<Answer>(
  queryKey: QueryKey,
  read: (options: Errors) => Promise<Answer>,
  atWork: (answer: Answer) => boolean,
) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey,
    queryFn: () => read({ errors: queryClient.getQueryData(queryKey) === undefined ? 'global' : 'caller' }),
    refetchInterval: ({ state }) => (state.data !== undefined && atWork(state.data) ? RUN_POLL_MS : false),
  });
}

/** The current enabler's runs, read again while one of them is at work. */
export const useBenefitRuns = () =>
  useFollowedRead(queryKeys.benefitRuns.list, listBenefitRuns, (runs) =>
    runs.some((run) => benefitRunAtWork(run.state)),
  );

/** One run, read again while its preview or payment is at work. */
export const useBenefitRun = (runId: string) =>
  useFollowedRead(
    queryKeys.benefitRuns.run(runId),
    (options) => getBenefitRun(runId, options),
    ({ run }) => benefitRunAtWork(run.state),
  );

/** A page of a previewed run's rows; the page shown stays while the next one loads. */
export const useBenefitRows = (run: BenefitRun, query: BenefitRowsQuery, ready = true) =>
  useQuery({
    queryKey: queryKeys.benefitRuns.rows(run.id, run.preview?.computedAt ?? '', query),
    queryFn: () => listBenefitRows(run.id, query),
    enabled: run.preview !== null && ready,
    placeholderData: keepPreviousData,
  });

/** A page of a previewed run's possible duplicate beneficiaries. */
export const useDuplicates = (run: BenefitRun, query: DuplicatesQuery, ready = true) =>
  useQuery({
    queryKey: queryKeys.benefitRuns.duplicates(run.id, run.preview?.computedAt ?? '', query),
    queryFn: () => listDuplicates(run.id, query),
    enabled: run.preview !== null && ready,
    placeholderData: keepPreviousData,
  });

export interface BenefitRunMove extends BenefitRunMoveBody {
  action: BenefitRunAction;
  idempotencyKey: string;
}

/** Any action of the run's table (approve, reject, cancel, resume, preview again, reverse); the runs are read again once it is done. */
export const useMoveBenefitRun = (runId: string) =>
  useWrite(
    ({ action, idempotencyKey, ...body }: BenefitRunMove) =>
      moveBenefitRun(runId, action, body, { idempotencyKey }),
    [queryKeys.benefitRuns.all],
  );
