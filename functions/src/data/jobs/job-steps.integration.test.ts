import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '#platform/aws-clients.ts';
import { environmentVariables } from '#platform/environment.ts';
import { newEmptyTable } from '../../testing/empty-table.ts';
import { advanceJob, updateJobAt, type JobAt } from './job-steps.ts';
import { tableName } from '../table/table.ts';

// A table of its own: the items of a test kind are no other test's business.
const originalTable = process.env[environmentVariables.tableName] as string;
beforeAll(async () => {
  process.env[environmentVariables.tableName] = await newEmptyTable('job-steps');
});
afterAll(() => {
  process.env[environmentVariables.tableName] = originalTable;
});

/** A job item of a test kind: its state in `status`, like the mirror's. */
const givenJob = async (fields: Record<string, unknown> = {}) => {
  const key = { pk: `TESTJOB#${randomUUID()}`, sk: 'JOB' };
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...key, jobId: 'job-1', step: 0, status: 'QUEUED', done: 0, ...fields },
    }),
  );
  const at = (step?: number, jobId?: string): JobAt => ({
    key,
    state: { attribute: 'status', running: ['QUEUED', 'RUNNING'] },
    ...(step !== undefined && { step }),
    ...(jobId !== undefined && { jobId }),
  });
  const read = async () =>
    (await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
  return { at, read };
};

describe('the job steps', () => {
  it('move a job from a step to the next once, however many deliveries of the step try at once', async () => {
    const job = await givenJob();
    const moved = await Promise.all([1, 2, 3].map((done) => advanceJob({ ...job.at(), step: 0 }, { done })));
    expect(moved.filter(Boolean)).toHaveLength(1);
    const item = await job.read();
    expect(item).toMatchObject({ step: 1, status: 'QUEUED', updatedAt: expect.any(String) });
    // The delivery that moved it wrote its progress; the others wrote nothing.
    expect(item?.done).toBe(moved.indexOf(true) + 1);
    expect(await advanceJob({ ...job.at(), step: 0 }, { done: 9 })).toBe(false);
    expect(await advanceJob({ ...job.at(), step: 1 }, { done: 9 })).toBe(true);
  });

  it('write to a job only while it runs, at the step and as the job the delivery found', async () => {
    const job = await givenJob({ step: 2 });
    expect(await updateJobAt(job.at(1), { status: 'RUNNING' })).toBe(false);
    expect(await updateJobAt(job.at(2, 'job-2'), { status: 'RUNNING' })).toBe(false);
    expect(await updateJobAt(job.at(2, 'job-1'), { status: 'RUNNING' })).toBe(true);
    expect(await updateJobAt(job.at(), { status: 'DONE', done: 5 })).toBe(true);
    // Finished: no delivery writes to it any more, at any step.
    expect(await updateJobAt(job.at(), { status: 'FAILED' })).toBe(false);
    expect(await updateJobAt(job.at(2), { status: 'FAILED' })).toBe(false);
    expect(await job.read()).toMatchObject({ status: 'DONE', done: 5, step: 2 });
  });
});
