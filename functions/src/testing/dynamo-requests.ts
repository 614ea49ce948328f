import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { vi } from 'vitest';
import { dynamo } from '#platform/aws-clients.ts';

/** A write sent to DynamoDB: its command, the tables it names and the key (or partition) it writes. */
export interface DynamoWrite {
  command: string;
  tables: string[];
  keys: unknown[];
}

/** Runs `run` while `watch` sees every request sent to DynamoDB: the command's name and input. */
const watchingDynamo = async (
  watch: (command: string, input: Record<string, unknown>) => void,
  run: () => Promise<unknown>,
): Promise<void> => {
  const name = `watch-${randomUUID()}`;
  dynamo().middlewareStack.add(
    (next, context) => (args) => {
      watch(context.commandName ?? '', args.input as Record<string, unknown>);
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    await run();
  } finally {
    dynamo().middlewareStack.remove(name);
  }
};

/** Counts the requests sent to DynamoDB while `run` runs. */
export const countDynamoRequests = async (run: () => Promise<unknown>): Promise<number> => {
  let requests = 0;
  await watchingDynamo(() => {
    requests += 1;
  }, run);
  return requests;
};

/** Records every write sent to DynamoDB while `run` runs: which command, which tables, which keys. */
export const recordDynamoWrites = async (run: () => Promise<unknown>): Promise<DynamoWrite[]> => {
  const writes: DynamoWrite[] = [];
  await watchingDynamo((command, input) => {
    if (/^(Get|Query|Scan|BatchGet)/.test(command)) return;
    const requestItems = input.RequestItems as Record<string, unknown> | undefined;
    writes.push({
      command,
      tables: requestItems ? Object.keys(requestItems) : [String(input.TableName)],
      keys: [input.Key ?? (input.Item as Record<string, unknown> | undefined)?.pk],
    });
  }, run);
  return writes;
};

/**
 * Runs `meanwhile` once, just before the next transaction is sent: a write between a read and its
 * transaction, without a race (undone by `vi.restoreAllMocks()`).
 */
export const beforeFirstTransaction = (meanwhile: () => Promise<unknown>): void => {
  const client = dynamo();
  const send = client.send.bind(client);
  let done = false;
  vi.spyOn(client, 'send').mockImplementation((async (command: unknown) => {
    if (!done && command instanceof TransactWriteCommand) {
      done = true;
      await meanwhile();
    }
    return send(command as never);
  }) as never);
};
