import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { MailMessage } from '@cpbo/functions/platform/mail.ts';
import { describe, expect, it } from 'vitest';
import { localQueueUrl, sdkDelivery } from './sdk-delivery.ts';

const config = {
  region: 'eu-west-1',
  credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
};

describe('sdkDelivery', () => {
  it("should hand the SQS and SES clients' sends to the local queues and outbox, answered as AWS answers", async () => {
    const queued: { queue: string; message: unknown }[] = [];
    const mailed: MailMessage[] = [];
    const plugin = sdkDelivery(
      { send: async (queue, message) => void queued.push({ queue, message }) },
      { deliver: async (message) => void mailed.push(message) },
    );
    const sqs = new SQSClient(config);
    sqs.middlewareStack.use(plugin);
    const sent = await sqs.send(
      new SendMessageCommand({ QueueUrl: localQueueUrl('mail'), MessageBody: '{"to":["a@example.org"]}' }),
    );
    expect(sent.MessageId).toEqual(expect.any(String));
    expect(queued).toEqual([{ queue: 'mail', message: { to: ['a@example.org'] } }]);

    const ses = new SESv2Client(config);
    ses.middlewareStack.use(plugin);
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: 'no-reply@example.org',
        Destination: { ToAddresses: ['a@example.org'] },
        Content: { Simple: { Subject: { Data: 'Welcome' }, Body: { Text: { Data: 'Hello' } } } },
      }),
    );
    expect(mailed).toEqual([{ to: ['a@example.org'], subject: 'Welcome', text: 'Hello' }]);
  });
});
