import { randomUUID } from 'node:crypto';
import type { SQSEvent } from 'aws-lambda';

/** The event SQS hands a worker for one message, delivered for the `receiveCount`th time. */
export const sqsEventOf = (message: unknown, receiveCount = 1): SQSEvent =>
  ({
    Records: [
      {
        messageId: randomUUID(),
        eventSource: 'aws:sqs',
        body: JSON.stringify(message),
        attributes: { ApproximateReceiveCount: String(receiveCount) },
      },
    ],
  }) as unknown as SQSEvent;
