import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { httpApiEvent, lambdaContext } from '@cpbo/events/http-api-event.ts';
import { startAwsSubstitutes, type AwsSubstitutes } from '../aws-substitutes.ts';
import { localClientConfig, localTableName } from '../aws-environment.ts';
import { newJwtSecret } from '../jwt-secret.ts';
import type { BenchFigure } from './results.ts';

/* What the benches that call the functions share: their stores, a signed-in user, their statistics. */

/** The p-th percentile of the values (nearest rank). */
export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};

export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** What a bench prints of a new instance's runs: their first answers (and median), module load, next answer. */
export const coldLine = (
  label: string,
  runs: readonly { firstMs: number; moduleMs: number; secondMs: number }[],
): string => {
  const p50 = (pick: (run: (typeof runs)[number]) => number) => percentile(runs.map(pick), 50);
  return (
    `${label}: ${p50((run) => run.firstMs).toFixed(0)} ms (first answer of a new instance, median of ` +
    `${runs.map((run) => run.firstMs.toFixed(0)).join(', ')} ms; module load ` +
    `${p50((run) => run.moduleMs).toFixed(0)} ms; next answer ${p50((run) => run.secondMs).toFixed(1)} ms)`
  );
};

/** A new instance's first answer (the median of its runs) beside its module's load, under its bound if any. */
export const coldFigure = (
  name: string,
  median: number,
  moduleMs: number[],
  bound: number | undefined,
): BenchFigure => ({
  name,
  value: median,
  unit: 'ms',
  reference: { name: 'its module load', value: percentile(moduleMs, 50), unit: 'ms' },
  ...(bound === undefined ? {} : { target: { op: '≤', value: bound } as const }),
});

/** A warm call's p50 beside the bare one-page Query's of the same run, its target a multiple of it. */
export const warmFigure = (name: string, p50: number, queryP50: number, times: number): BenchFigure => ({
  name,
  value: p50,
  unit: 'ms',
  reference: { name: 'bare DynamoDB Query', value: queryP50, unit: 'ms' },
  target: { op: '≤', value: times, timesReference: true },
});

/**
 * DynamoDB Local and s3rver in memory, the environment the functions read (set before a bench imports
 * them: their modules read it once), and a document client on the table for the bench's own writes.
 */
export const startBenchStores = async (): Promise<{
  substitutes: AwsSubstitutes;
  client: DynamoDBDocumentClient;
}> => {
  const substitutes = await startAwsSubstitutes({ inMemory: true });
  // The sign-in's metrics read the environment's name.
  Object.assign(process.env, substitutes.environment, {
    JWT_SECRET: newJwtSecret(),
    LOG_LEVEL: 'warn',
    ENVIRONMENT_NAME: 'bench',
    POWERTOOLS_METRICS_DISABLED: 'true',
  });
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient(localClientConfig(substitutes.dynamoEndpoint)),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  return { substitutes, client };
};

/**
 * A new user of the role in the enabler, signed in through the auth function: a real session, which
 * every call the bench measures reads, as in production. Answers the access token.
 */
export const benchSignIn = async (
  email: string,
  role: 'USER' | 'ADMIN',
  enablerId: string,
): Promise<string> => {
  const { createUser } = await import('@cpbo/functions/data/users.ts');
  const { hashPassword } = await import('@cpbo/functions/platform/password-hashing.ts');
  const { handler: auth } = await import('@cpbo/functions/http/auth/handler.ts');
  const password = 'bench password';
  await createUser({
    email,
    username: 'Bench',
    role,
    enablerId,
    defaultFederation: null,
    passwordHash: await hashPassword(password),
  });
  const signedIn = await auth(
    httpApiEvent({
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password }),
    }),
    lambdaContext('auth'),
  );
  return (JSON.parse(signedIn.body ?? '{}') as { accessToken: string }).accessToken;
};

/**
 * Writes the items 25 per BatchWriteItem, `writers` requests at a time (they share the iterator, taken
 * synchronously); `written` hears the running count after each batch. Answers how many were written.
 */
export const writeInBatches = async (
  client: DynamoDBDocumentClient,
  items: Iterator<Record<string, unknown>>,
  writers: number,
  written?: (count: number) => void,
): Promise<number> => {
  let count = 0;
  const writer = async () => {
    for (;;) {
      const batch: Record<string, unknown>[] = [];
      while (batch.length < 25) {
        const next = items.next();
        if (next.done) break;
        batch.push(next.value);
      }
      if (!batch.length) return;
      let requests: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = {
        [localTableName]: batch.map((Item) => ({ PutRequest: { Item } })),
      };
      while (requests && Object.keys(requests).length) {
        const result = await client.send(new BatchWriteCommand({ RequestItems: requests }));
        requests = result.UnprocessedItems as typeof requests;
      }
      count += batch.length;
      written?.(count);
    }
  };
  await Promise.all(Array.from({ length: writers }, writer));
  return count;
};
