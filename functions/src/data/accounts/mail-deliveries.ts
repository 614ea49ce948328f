import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#platform/aws-clients.ts';
import { readEnvironment } from '#platform/environment.ts';

/*
 * MAILSENT#<message id> / MAIL: a mail of the mail queue handed to SES. SQS delivers a message again
 * with the same id when its batch failed (a Lambda killed or timed out after some of its mails went
 * out): the mails already sent are passed over instead of reaching their recipient twice. Kept a day
 * (the table's TTL), far longer than the queue's redeliveries (5 within minutes).
 */
const KEEP_SECONDS = 24 * 60 * 60;

/** The partitions of these marks: the mail worker's role may read and write these alone. */
export const MAIL_DELIVERY_PARTITION_PREFIX = 'MAILSENT#';

const deliveryKey = (messageId: string) => ({
  pk: `${MAIL_DELIVERY_PARTITION_PREFIX}${messageId}`,
  sk: 'MAIL',
});

export const wasMailDelivered = async (messageId: string): Promise<boolean> => {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: readEnvironment('tableName'),
      Key: deliveryKey(messageId),
      ConsistentRead: true,
    }),
  );
  return Item !== undefined;
};

export const markMailDelivered = async (messageId: string, now = new Date()): Promise<void> => {
  await dynamo().send(
    new PutCommand({
      TableName: readEnvironment('tableName'),
      Item: {
        ...deliveryKey(messageId),
        entityType: 'MAIL_DELIVERY',
        deliveredAt: now.toISOString(),
        expiresAt: Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
      },
    }),
  );
};
