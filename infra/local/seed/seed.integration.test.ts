import { DeleteItemCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seedOnce, SeedInterruptedError } from './index.ts';

const logins = {
  adminEmail: 'admin@demo.local',
  adminPassword: 'admin-password',
  userEmail: 'agent@demo.local',
  userPassword: 'agent-password',
};

describe('seedOnce', () => {
  const client = new DynamoDBClient({});
  const tableName = process.env.TABLE_NAME as string;
  const options = { client, tableName, logins, log: () => undefined };
  // The markers live in the table shared by the integration files; each test starts from a fresh one.
  afterEach(async () => {
    for (const state of ['STARTED', 'DONE']) {
      await client.send(
        new DeleteItemCommand({ TableName: tableName, Key: { pk: { S: 'LOCAL#SEED' }, sk: { S: state } } }),
      );
    }
  });

  it('should seed a fresh table once and never again', async () => {
    const seed = vi.fn(async () => undefined);
    expect(await seedOnce({ ...options, seed })).toBe('seeded');
    expect(await seedOnce({ ...options, seed })).toBe('already-seeded');
    expect(seed).toHaveBeenCalledTimes(1);
    expect(seed).toHaveBeenCalledWith(expect.objectContaining({ logins }));
  });

  it('should refuse to seed again over demo data an earlier start left half-written', async () => {
    const interrupted = vi.fn(async () => {
      throw new Error('stopped half-way');
    });
    await expect(seedOnce({ ...options, seed: interrupted })).rejects.toThrow('stopped half-way');
    const seed = vi.fn(async () => undefined);
    await expect(seedOnce({ ...options, seed })).rejects.toBeInstanceOf(SeedInterruptedError);
    expect(seed).not.toHaveBeenCalled();
  });
});
