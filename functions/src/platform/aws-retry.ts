/*
 * The SDK's retries of the functions' AWS calls (docs/operations.md, "The SDK's retries"): its standard
 * mode, which backs off with jitter and stops retrying when most calls of the instance fail (its retry
 * quota). Not the adaptive mode: its client-side rate limiter slows every later call of an instance after
 * one throttle, and a Lambda instance serves one request at a time, briefly. Written out rather than left
 * to the SDK's defaults, so that a new SDK version does not change them unseen.
 */

/**
 * DynamoDB: 4 attempts (its throttling is a partition's burst, over within a second or two: the waits
 * before the 3 retries are drawn below 1, 2 and 4 s, well within API Gateway's 30 s).
 */
export const dynamoRetry = { maxAttempts: 4, retryMode: 'standard' } as const;

/** S3, SQS and SES: 3 attempts, the SDK's default for them. */
export const awsRetry = { maxAttempts: 3, retryMode: 'standard' } as const;
