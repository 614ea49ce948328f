import type { SQSClient } from '@aws-sdk/client-sqs';
import { queueUrlVariable, type QueueName } from './queues.ts';

/** Sends a message to a queue; SQS in AWS, the in-process queue on a laptop. */
export interface QueueTransport {
  send(queue: QueueName, message: unknown): Promise<void>;
}

let sqs: SQSClient | undefined;

const sqsTransport: QueueTransport = {
  async send(queue, message) {
    const queueUrl = process.env[queueUrlVariable(queue)];
    if (!queueUrl) throw new Error(`${queueUrlVariable(queue)} is not set`);
    const { SendMessageCommand, SQSClient } = await import('./aws/sqs.ts');
    sqs ??= new SQSClient({});
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message) }));
  },
};

let transport: QueueTransport = sqsTransport;

export const sendToQueue = (queue: QueueName, message: unknown): Promise<void> =>
  transport.send(queue, message);

/** Replaces SQS (the local runtime and tests). */
export const useQueueTransport = (replacement: QueueTransport): void => {
  transport = replacement;
};
