import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { lambdaContext } from '@cpbo/events/http-api-event.ts';
import { createDataJob } from '#data/jobs/data-jobs.ts';
import { environmentVariables, readEnvironment } from '#platform/environment.ts';
import { putS3Object } from '#platform/s3.ts';
import { useQueueTransport } from '#platform/queue.ts';
import { handler as exportsApi } from '../http/exports/handler.ts';
import { handler as importsApi } from '../http/imports/handler.ts';
import { handler as exportWorker } from '../workers/export/handler.ts';
import { handler as importWorker } from '../workers/import/handler.ts';
import { callApi } from './call-api.ts';
import { newEmptyTable } from './empty-table.ts';
import { sqsEventOf } from './queue-events.ts';

/*
 * Exports and imports end to end, for the integration tests: the API starts a job, the queue's worker
 * runs it (called here as SQS would), the file lands in s3rver and is downloaded through its presigned
 * URL. "An empty environment" is a table of its own, created for the test, so that no other test's
 * items count. A test file that imports this module calls resetDataJobRuns after each test.
 */

export const sent: { queue: string; message: unknown }[] = [];
useQueueTransport({ send: async (queue, message) => void sent.push({ queue, message }) });

/** Delivers the queued messages to their workers; answers the ids the workers reported failed. */
export const runQueued = async (receiveCount = 1): Promise<string[]> => {
  const failed: string[] = [];
  while (sent.length) {
    const { queue, message } = sent.shift() as (typeof sent)[number];
    const worker = queue === 'export' ? exportWorker : importWorker;
    const event = sqsEventOf(message, receiveCount);
    // A batch whose every message failed is thrown (Lambda then retries it whole).
    const answer = await worker(event, lambdaContext(`${queue}-worker`)).catch(() => ({
      batchItemFailures: event.Records.map((record) => ({ itemIdentifier: record.messageId })),
    }));
    if (answer.batchItemFailures.length) {
      failed.push(...answer.batchItemFailures.map((failure) => failure.itemIdentifier));
      sent.push({ queue, message });
      return failed;
    }
  }
  return failed;
};

const originalTable = process.env[environmentVariables.tableName] as string;

/** Points the functions at a new, empty table. */
export const useEmptyTable = async (): Promise<string> => {
  const name = await newEmptyTable();
  process.env[environmentVariables.tableName] = name;
  return name;
};

/** After each test: the functions back on the shared table, and no message left queued. */
export const resetDataJobRuns = (): void => {
  process.env[environmentVariables.tableName] = originalTable;
  sent.length = 0;
};

/** Exports through the API and its worker, and downloads the file from its presigned URL. */
export const exportFile = async (token: string, kind: 'members' | 'enablers' | 'all') => {
  const started = await callApi(exportsApi, 'GET', `/exports/${kind}`, { token });
  expect(started.status).toBe(202);
  expect(await runQueued()).toEqual([]);
  const done = await callApi(exportsApi, 'GET', `/exports/jobs/${started.body.job.id}`, { token });
  expect(done.body.job).toMatchObject({ state: 'DONE', fileName: `${kind}.json` });
  const download = await fetch(done.body.job.url);
  expect(download.status).toBe(200);
  expect(download.headers.get('content-disposition')).toContain(`${kind}.json`);
  return { text: await download.text(), job: done.body.job };
};

/** An import job run by the worker without the API (in an empty table, no administrator can sign in yet). */
export const importDirectly = async (text: string, enablerId: string) => {
  const id = randomUUID();
  const fileKey = `imports/${id}.json`;
  await putS3Object(readEnvironment('filesBucket'), fileKey, text);
  await createDataJob({ id, kind: 'IMPORT_ALL', enablerId, createdBy: 'importer@example.org', fileKey });
  sent.push({ queue: 'import', message: { jobId: id } });
  return id;
};

export const importFile = async (token: string, file: unknown, kind: 'all' | 'onboard' = 'all') => {
  const started = await callApi(importsApi, 'POST', `/imports/${kind}`, { token, body: { file } });
  return started;
};
