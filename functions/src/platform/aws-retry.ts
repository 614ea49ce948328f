/*
 * The SDK's retries of the functions' AWS calls (docs/operations.md, "The SDK's retries"): its standard
 * mode, which backs off with jitter and stops retrying when most calls of the instance fail (its retry
 * quota). Not the adaptive mode: its client-side rate limiter slows every later call of an instance after
 * one throttle, and a Lambda instance serves one request at a time, briefly. Written out rather than left
 * to the SDK's defaults, so that a new SDK version does not change them unseen.
 */

/**
 * DynamoDB: 5 attempts, one more than the SDK's default. Its throttling is part of normal operation (a
 * partition's burst, gone within seconds: the SDK's v2 retried it 10 times), and a failed money call costs
 * a field agent a new try on a poor connection. The waits before the 4 retries are drawn below 1, 2, 4 and
 * 8 s: even the longest, 15 s, leaves a call within the API functions' 29 s.
 */
export const dynamoRetry = { maxAttempts: 5, retryMode: 'standard' } as const;

/** S3, SQS and SES: 3 attempts, the SDK's default for them. */
export const awsRetry = { maxAttempts: 3, retryMode: 'standard' } as const;
