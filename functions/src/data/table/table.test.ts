import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cancelledWhileBusy, isConditionFailure, transactedIf } from './table.ts';

/** A transaction cancelled for these reasons, as the SDK throws it. */
const cancelled = (...codes: string[]) =>
  Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

const items = [
  { ConditionCheck: { TableName: 't', Key: { pk: 'a' }, ConditionExpression: 'attribute_exists(pk)' } },
];
const table = mockClient(DynamoDBDocumentClient);

beforeAll(() => {
  process.env.TABLE_NAME = 'cpbo-test';
});
beforeEach(() => table.reset());
afterAll(() => table.restore());

describe('cancelledWhileBusy', () => {
  it('should be a transaction cancelled by conflicts or throttling alone', () => {
    expect(cancelledWhileBusy(cancelled('None', 'TransactionConflict'))).toBe(true);
    expect(cancelledWhileBusy(cancelled('ProvisionedThroughputExceeded', 'ThrottlingError'))).toBe(true);
  });

  it('should not be one a condition refused, one with no reason given, or another error', () => {
    expect(cancelledWhileBusy(cancelled('TransactionConflict', 'ConditionalCheckFailed'))).toBe(false);
    expect(cancelledWhileBusy(cancelled('None', 'None'))).toBe(false);
    expect(cancelledWhileBusy(new Error('TransactionConflict'))).toBe(false);
  });
});

describe('isConditionFailure', () => {
  it('should be a refused condition: of a write, or among the reasons of a cancelled transaction', () => {
    expect(
      isConditionFailure(Object.assign(new Error('no'), { name: 'ConditionalCheckFailedException' })),
    ).toBe(true);
    expect(isConditionFailure(cancelled('None', 'ConditionalCheckFailed'))).toBe(true);
    expect(isConditionFailure(Object.assign(new Error('no'), { name: 'TransactionCanceledException' }))).toBe(
      true,
    );
  });

  it('should not be a transaction cancelled for a conflict or throttling only, which is for trying again', () => {
    expect(isConditionFailure(cancelled('None', 'TransactionConflict'))).toBe(false);
    expect(isConditionFailure(cancelled('ThrottlingError', 'None'))).toBe(false);
    expect(isConditionFailure(new Error('network'))).toBe(false);
  });
});

describe('transactedIf', () => {
  it('should try again a transaction that lost a race, and answer whether its conditions held', async () => {
    table
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('TransactionConflict'))
      .rejectsOnce(cancelled('None', 'TransactionConflict'))
      .resolves({});
    expect(await transactedIf(items)).toBe(true);
    expect(table.commandCalls(TransactWriteCommand)).toHaveLength(3);
  });

  it('should answer false for a condition that did not hold, at once', async () => {
    table.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed'));
    expect(await transactedIf(items)).toBe(false);
    expect(table.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('should answer ERR_CONFLICT when the races go on, never that a condition did not hold', async () => {
    table.on(TransactWriteCommand).rejects(cancelled('TransactionConflict'));
    await expect(transactedIf(items)).rejects.toMatchObject({ code: 'ERR_CONFLICT' });
    expect(table.commandCalls(TransactWriteCommand)).toHaveLength(4);
  });
});
