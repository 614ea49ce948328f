import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MAX_JOB_ERROR_TEXT, MAX_JOB_ERRORS } from '@cpbo/schemas/data-jobs.ts';
import { clippedText } from '#domain/clipped-text.ts';
import type { ErrorCode } from '@cpbo/schemas/error-catalogue.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { updateJobAt } from './job-steps.ts';
import { outboxMessage, outboxPut, type OutboxMessage } from './outbox.ts';
import { readItem } from '../table/item-values.ts';
import { epochSeconds, nowIso, sendTransaction, tableName } from '../table/table.ts';

/*
 * Keys of the export and import jobs:
 * - DATAJOB#<id> / JOB: one job (its kind, state, progress counts, first errors and their count, the
 *   S3 key of its file), removed by the table's TTL (expiresAt) DATA_JOB_DAYS after it was created.
 * A job is read by its id alone; only the administrator who started it sees it.
 */
export const dataJobKey = (jobId: string) => ({ pk: `DATAJOB#${jobId}`, sk: 'JOB' });
export const DATA_JOB_DAYS = 7;

export const exportKinds = ['members', 'enablers', 'all'] as const;
export type ExportKind = (typeof exportKinds)[number];
export const importKinds = ['all', 'onboard'] as const;
export type ImportKind = (typeof importKinds)[number];

export type DataJobKind = `EXPORT_${Uppercase<ExportKind>}` | `IMPORT_${Uppercase<ImportKind>}`;
/** QUEUED → RUNNING → DONE; INVALID: the file failed its schema (nothing written); FAILED: dead-lettered. */
export type DataJobState = 'QUEUED' | 'RUNNING' | 'DONE' | 'INVALID' | 'FAILED';
/** The states of a job not over yet: its worker may still run it. */
const runningStates: readonly DataJobState[] = ['QUEUED', 'RUNNING'];

export interface JobError {
  /** The JSON path in the file (e.g. /0/members/12), or '' for the whole file. */
  where: string;
  code: ErrorCode;
  message: string;
}

export interface DataJob {
  id: string;
  kind: DataJobKind;
  state: DataJobState;
  /** The administrator's enabler when the job was started (the scope of members.json and onboarding). */
  enablerId: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  /** Members to export or import, once known. */
  total: number;
  done: number;
  errors: JobError[];
  errorCount: number;
  /** The S3 key of the job's file: the export written, or the import read. */
  fileKey: string;
}

const toDataJob = (item: Record<string, unknown>): DataJob => ({
  ...readItem(item, {
    text: ['id', 'enablerId', 'createdBy', 'createdAt', 'updatedAt', 'fileKey'],
    count: ['total', 'done', 'errorCount'],
  }),
  kind: item.kind as DataJobKind,
  state: item.state as DataJobState,
  errors: (item.errors as JobError[] | undefined) ?? [],
});

/**
 * A new job, QUEUED, with its worker's message (`queue`) recorded in the same transaction (data/jobs/outbox.ts);
 * without a queue the job is only written (the tests and benchmarks that run its worker themselves).
 */
export const createDataJob = async (
  job: Pick<DataJob, 'id' | 'kind' | 'enablerId' | 'createdBy' | 'fileKey'>,
  { now = new Date(), queue }: { now?: Date; queue?: 'import' | 'export' } = {},
): Promise<{ job: DataJob; queued?: OutboxMessage }> => {
  const item = {
    ...dataJobKey(job.id),
    entityType: 'DATA_JOB',
    ...job,
    state: 'QUEUED',
    createdAt: nowIso(now),
    updatedAt: nowIso(now),
    total: 0,
    done: 0,
    errors: [],
    errorCount: 0,
    expiresAt: epochSeconds(now) + DATA_JOB_DAYS * 86_400,
  };
  const put = { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' };
  if (!queue) {
    await dynamo().send(new PutCommand(put));
    return { job: toDataJob(item) };
  }
  const queued = outboxMessage(queue, { jobId: job.id }, now);
  await sendTransaction(() =>
    dynamo().send(new TransactWriteCommand({ TransactItems: [{ Put: put }, outboxPut(queued)] })),
  );
  return { job: toDataJob(item), queued };
};

export const getDataJob = async (jobId: string): Promise<DataJob | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: dataJobKey(jobId), ConsistentRead: true }),
  );
  return Item?.entityType === 'DATA_JOB' ? toDataJob(Item) : undefined;
};

/** The job, unless it is over (DONE, INVALID or FAILED): a message delivered again then does nothing. */
export const dataJobToRun = async (jobId: string): Promise<DataJob | undefined> => {
  const job = await getDataJob(jobId);
  return job && runningStates.includes(job.state) ? job : undefined;
};

/** Marks the job FAILED unless it is over already (false then). */
export const failDataJob = (jobId: string): Promise<boolean> =>
  updateJobAt(
    { key: dataJobKey(jobId), state: { attribute: 'state', running: runningStates } },
    { state: 'FAILED' },
  );

/** What a worker writes as it goes: its state, counts and errors (the errors kept are bounded). */
export const saveDataJob = async (
  job: Pick<DataJob, 'id' | 'state' | 'total' | 'done' | 'errors' | 'errorCount'>,
  now = new Date(),
): Promise<void> => {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: dataJobKey(job.id),
      UpdateExpression:
        'SET #state = :state, #total = :total, done = :done, #errors = :errors, errorCount = :errorCount, updatedAt = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#state': 'state', '#total': 'total', '#errors': 'errors' },
      ExpressionAttributeValues: {
        ':state': job.state,
        ':total': job.total,
        ':done': job.done,
        ':errors': job.errors.slice(0, MAX_JOB_ERRORS),
        ':errorCount': job.errorCount,
        ':at': nowIso(now),
      },
    }),
  );
};

/**
 * Adds errors to a job in memory: the first MAX_JOB_ERRORS are kept, their texts clipped to
 * MAX_JOB_ERROR_TEXT (the job's item stays small), and all are counted.
 */
export const addJobErrors = (job: Pick<DataJob, 'errors' | 'errorCount'>, errors: JobError[]): void => {
  job.errorCount += errors.length;
  job.errors.push(
    ...errors.slice(0, Math.max(0, MAX_JOB_ERRORS - job.errors.length)).map((error) => ({
      ...error,
      where: clippedText(error.where, MAX_JOB_ERROR_TEXT),
      message: clippedText(error.message, MAX_JOB_ERROR_TEXT),
    })),
  );
};
