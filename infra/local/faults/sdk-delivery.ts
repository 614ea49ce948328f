import { createHash, randomUUID } from 'node:crypto';
import type { SendMessageCommandInput } from '@aws-sdk/client-sqs';
import type { SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import type { ClientPlugin } from '@cpbo/functions/platform/client-plugins.ts';
import type { MailTransport } from '@cpbo/functions/platform/mail.ts';
import type { QueueTransport } from '@cpbo/functions/platform/queue.ts';
import { localRegion } from '../aws-environment.ts';

/*
 * The functions' own SQS and SES clients (platform/queue.ts and mail.ts, as in AWS), ending in the
 * in-process queues and the outbox: a middleware answers SendMessage and SendEmail where the request
 * would go out. The fault mode sends this way, so that SQS's and SES's throttling meets the SDK's
 * retries as it does in AWS.
 */

/** A queue's URL as SQS writes it; the name is its last segment. */
export const localQueueUrl = (queue: string): string =>
  `https://sqs.${localRegion}.amazonaws.com/000000000000/${queue}`;

const answer = (output: Record<string, unknown>) => ({
  response: { statusCode: 200, headers: {} },
  output: { $metadata: { httpStatusCode: 200 }, ...output },
});

export const sdkDelivery = (queues: QueueTransport, mail: MailTransport): ClientPlugin => ({
  applyToStack: (stack) => {
    stack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'SendMessageCommand') {
          const { QueueUrl = '', MessageBody = '' } = args.input as SendMessageCommandInput;
          await queues.send(QueueUrl.split('/').at(-1) as string, JSON.parse(MessageBody));
          // The SQS client checks the digest of what it sent.
          const MD5OfMessageBody = createHash('md5').update(MessageBody).digest('hex');
          return answer({ MessageId: randomUUID(), MD5OfMessageBody });
        }
        if (context.commandName === 'SendEmailCommand') {
          const { Destination, Content } = args.input as SendEmailCommandInput;
          await mail.deliver({
            to: Destination?.ToAddresses ?? [],
            subject: Content?.Simple?.Subject?.Data ?? '',
            text: Content?.Simple?.Body?.Text?.Data ?? '',
          });
          return answer({ MessageId: randomUUID() });
        }
        return next(args);
      },
      // After the retries, the signature and the faults (finalizeRequest): where the request is sent.
      { step: 'deserialize', priority: 'high', name: 'sdkDelivery' },
    );
  },
});
