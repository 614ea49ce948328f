import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '#platform/aws-clients.ts';
import { environmentVariables } from '#platform/environment.ts';
import { newEmptyTable } from '../../testing/empty-table.ts';
import {
  acquireImportLock,
  extendImportLock,
  IMPORT_LOCK_SECONDS,
  ImportLockLost,
  releaseImportLock,
} from './import-lock.ts';
import { epochSeconds, tableName } from '../table/table.ts';

// A table of its own: imports run by other test files take the lock of the shared table.
const originalTable = process.env[environmentVariables.tableName] as string;
beforeAll(async () => {
  process.env[environmentVariables.tableName] = await newEmptyTable('import-lock');
});
afterAll(() => {
  process.env[environmentVariables.tableName] = originalTable;
});

const lockItem = async () =>
  (
    await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: { pk: 'IMPORTLOCK', sk: 'LOCK' }, ConsistentRead: true }),
    )
  ).Item;

const quickly = { waitMs: 300, pollMs: 100 };

describe('the import lock', () => {
  it('is held by one job at a time, taken again by that job, and freed only by it', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    expect(await acquireImportLock(first, quickly)).toBe(true);
    // The same job delivered again takes it at once; another waits, then gives up.
    expect(await acquireImportLock(first, quickly)).toBe(true);
    expect(await acquireImportLock(second, quickly)).toBe(false);
    await releaseImportLock(second);
    expect((await lockItem())?.jobId).toBe(first);
    await releaseImportLock(first);
    expect(await lockItem()).toBeUndefined();
    expect(await acquireImportLock(second, quickly)).toBe(true);
    await releaseImportLock(second);
  });

  it('passes to a waiting job as soon as it is freed', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    expect(await acquireImportLock(first, quickly)).toBe(true);
    const waiting = acquireImportLock(second, { waitMs: 5000, pollMs: 100 });
    await new Promise((resolve) => setTimeout(resolve, 250));
    await releaseImportLock(first);
    expect(await waiting).toBe(true);
    expect((await lockItem())?.jobId).toBe(second);
    await releaseImportLock(second);
  });

  it('lapses when its job is gone, and the job that lost it stops at its next extension', async () => {
    const [gone, next] = [randomUUID(), randomUUID()];
    expect(await acquireImportLock(gone, quickly)).toBe(true);
    await extendImportLock(gone);
    const extended = (await lockItem())?.lockedUntil as number;
    expect(extended).toBeGreaterThanOrEqual(epochSeconds() + IMPORT_LOCK_SECONDS - 5);
    // Its lease ran out (the job died without freeing it).
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: 'IMPORTLOCK', sk: 'LOCK' },
        UpdateExpression: 'SET lockedUntil = :past',
        ExpressionAttributeValues: { ':past': epochSeconds() - 1 },
      }),
    );
    expect(await acquireImportLock(next, quickly)).toBe(true);
    await expect(extendImportLock(gone)).rejects.toBeInstanceOf(ImportLockLost);
    await releaseImportLock(next);
  });

  it('goes to one job of many asking at once', async () => {
    const jobs = Array.from({ length: 8 }, () => randomUUID());
    const taken = await Promise.all(jobs.map((job) => acquireImportLock(job, { waitMs: 0, pollMs: 50 })));
    expect(taken.filter(Boolean)).toHaveLength(1);
    const holder = jobs[taken.indexOf(true)] as string;
    expect((await lockItem())?.jobId).toBe(holder);
    await releaseImportLock(holder);
  });
});
