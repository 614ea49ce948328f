import { beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from './aws-clients.ts';
import { s3 } from './s3.ts';

beforeAll(() => {
  process.env.AWS_REGION ??= 'eu-west-1';
});

describe("the functions' SDK clients", () => {
  it('should retry in the standard mode, 5 attempts for DynamoDB and 3 for S3', async () => {
    const clients = [
      { config: dynamo().config, attempts: 5 },
      { config: s3().config, attempts: 3 },
    ];
    for (const { config, attempts } of clients) {
      expect(await config.maxAttempts()).toBe(attempts);
      expect(await config.retryStrategy()).toMatchObject({ mode: 'standard' });
    }
  });
});
