import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { httpApiEvent, lambdaContext } from '@cpbo/events/http-api-event.ts';
import { startAwsSubstitutes, type AwsSubstitutes } from '../aws-substitutes.ts';
import { localClientConfig, localTableName } from '../aws-environment.ts';
import { newJwtSecret } from '../jwt-secret.ts';

/* What the benches that call the functions share: their stores, a signed-in user, batched writes. */

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
  const { createUser } = await import('@cpbo/functions/data/accounts/users.ts');
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
