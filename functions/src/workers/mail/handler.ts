import middy from '@middy/core';
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSEvent, SQSRecord, Context } from 'aws-lambda';
import type { FromSchema } from '@cpbo/schemas';
import { markMailDelivered, wasMailDelivered } from '#data/accounts/mail-deliveries.ts';
import { assertMessageMatches, loadValidators } from '#platform/validator.ts';
import { logger } from '#platform/logger.ts';
import { deliverMail } from '#platform/mail.ts';
import { observability } from '#platform/observability.ts';
import { queueDefinitions } from '#domain/queues.ts';

const { messageSchema } = queueDefinitions.mail;
type MailMessage = FromSchema<typeof messageSchema>;

const mailValidators = () => import('#generated/validators/queue-mail.generated.ts');

/**
 * Sends a mail once per message: a message delivered again (its batch failed after the mail went out)
 * is passed over. Only a failure between SES's acceptance and the mark can still send it twice.
 */
const deliver = async (record: SQSRecord): Promise<void> => {
  const message: unknown = JSON.parse(record.body);
  assertMessageMatches(await loadValidators(mailValidators), messageSchema, message);
  const mail = message as MailMessage;
  if (await wasMailDelivered(record.messageId)) return;
  await deliverMail({ to: [...mail.to], subject: mail.subject, text: mail.text });
  await markMailDelivered(record.messageId);
};

// The message id only: the mail's text holds its one-time link.
const deliverRecord = async (record: SQSRecord): Promise<void> => {
  try {
    await deliver(record);
  } catch (error) {
    await logger.error('Mail not delivered', { messageId: record.messageId, error });
    throw error;
  }
};

/**
 * Delivers the mails of the mail queue; a mail that fails is retried alone, then dead-lettered. One
 * after the other: a Lambda that dies mid-batch has then sent at most one mail it had not marked yet
 * (in parallel, every mail in flight could reach its recipient again with the batch's redelivery).
 */
export const handler = middy(async (event: SQSEvent, context: Context) =>
  processPartialResponse(
    event,
    deliverRecord,
    // One per invocation: a processor holds its batch, and the local runtime and tests may run two at once.
    new BatchProcessor(EventType.SQS),
    { context, processInParallel: false },
  ),
).use(observability());
