import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#platform/aws-clients.ts';
import { epochSeconds, ifConditionHeld, tableName, updateItem, written } from '../table/table.ts';

/*
 * A lease: an item that one job holds (jobId) until lockedUntil (epoch seconds), so that another job
 * waits or is refused while it runs (one import at a time, one rebuild per enabler). The job extends
 * it as it goes and frees it when it ends; a lease whose job was lost lapses, and the TTL removes it.
 */

type LeaseKey = { pk: string; sk: string };

/** The put that takes the lease for the job: it holds when the lease is free, lapsed, or the job's own. */
export const leasePut = (
  key: LeaseKey,
  entityType: string,
  jobId: string,
  seconds: number,
  now = new Date(),
) => {
  const at = epochSeconds(now);
  return {
    TableName: tableName(),
    Item: { ...key, entityType, jobId, lockedUntil: at + seconds, expiresAt: at + seconds },
    ConditionExpression: 'attribute_not_exists(pk) OR lockedUntil < :now OR jobId = :jobId',
    ExpressionAttributeValues: { ':now': at, ':jobId': jobId },
  };
};

/** Takes the lease for the job: false while another job holds it. */
export const takeLease = (key: LeaseKey, entityType: string, jobId: string, seconds: number) =>
  written(dynamo().send(new PutCommand(leasePut(key, entityType, jobId, seconds))));

/** Extends the job's lease by `seconds` from now: false when the job does not hold it. */
export const extendLease = (key: LeaseKey, jobId: string, seconds: number): Promise<boolean> => {
  const until = epochSeconds() + seconds;
  return written(
    updateItem({
      Key: key,
      UpdateExpression: 'SET lockedUntil = :until, expiresAt = :until',
      ConditionExpression: 'jobId = :jobId',
      ExpressionAttributeValues: { ':until': until, ':jobId': jobId },
    }),
  );
};

/** Frees the lease if the job still holds it. */
export const releaseLease = async (key: LeaseKey, jobId: string): Promise<void> => {
  await ifConditionHeld(
    dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: key,
        ConditionExpression: 'jobId = :jobId',
        ExpressionAttributeValues: { ':jobId': jobId },
      }),
    ),
  );
};
