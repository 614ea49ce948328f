import middy from '@middy/core';
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSEvent, SQSRecord, Context } from 'aws-lambda';
import type { FromSchema } from '@cpbo/schemas';
import { assertMatches, loadValidators } from '#platform/http/validator.ts';
import { logger } from '#platform/logger.ts';
import { deliverMail } from '#platform/mail.ts';
import { observability } from '#platform/observability.ts';
import { queueDefinitions } from '#platform/queues.ts';

const processor = new BatchProcessor(EventType.SQS);

const { messageSchema } = queueDefinitions.mail;
type MailMessage = FromSchema<typeof messageSchema>;

const mailValidators = () => import('#platform/http/validators/queue-mail.generated.ts');

const deliver = async (record: SQSRecord): Promise<void> => {
  const message: unknown = JSON.parse(record.body);
  assertMatches(await loadValidators(mailValidators), messageSchema, message, 'message');
  const mail = message as MailMessage;
  await deliverMail({ to: [...mail.to], subject: mail.subject, text: mail.text });
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

/** Delivers the mails of the mail queue; a mail that fails is retried alone, then dead-lettered. */
export const handler = middy(async (event: SQSEvent, context: Context) =>
  processPartialResponse(event, deliverRecord, processor, { context }),
).use(observability());
