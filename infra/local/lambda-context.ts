import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { localRegion } from './aws-environment.ts';

/** What Lambda hands a handler beside the event: ids, names and the time left before the timeout. */
export const lambdaContext = (functionName: string, timeoutMs: number): Context => {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${localRegion}:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
};
