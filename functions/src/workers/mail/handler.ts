import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSEvent, SQSRecord, Context } from 'aws-lambda';
import type { FromSchema } from '@cpbo/schemas';
import { assertMatches, loadValidators } from '#platform/http/validator.ts';
import { deliverMail } from '#platform/mail.ts';
import { queueDefinitions } from '#platform/queues.ts';

const processor = new BatchProcessor(EventType.SQS);

const { messageSchema } = queueDefinitions.mail;
type MailMessage = FromSchema<typeof messageSchema>;

const deliverRecord = async (record: SQSRecord): Promise<void> => {
  const message: unknown = JSON.parse(record.body);
  await loadValidators();
  assertMatches(messageSchema, message, 'message');
  const mail = message as MailMessage;
  await deliverMail({ to: [...mail.to], subject: mail.subject, text: mail.text });
};

/** Delivers the mails of the mail queue; a mail that fails is retried alone, then dead-lettered. */
export const handler = async (event: SQSEvent, context: Context) =>
  processPartialResponse(event, deliverRecord, processor, { context });
