import type { SQSClient } from '@aws-sdk/client-sqs';
import { noteStoodInCall } from './aws-call-observer.ts';
import { awsRetry } from './aws-retry.ts';
import { plugged } from './client-plugins.ts';

/** The environment variable that carries a queue's URL to the functions that send to it. */
export const queueUrlVariable = (queue: string): string => `${queue.toUpperCase()}_QUEUE_URL`;

/** Sends a message to a queue, by its name; SQS in AWS, the in-process queue on a laptop. */
export interface QueueTransport {
  send(queue: string, message: unknown): Promise<void>;
}

let sqs: SQSClient | undefined;

const sqsTransport: QueueTransport = {
  async send(queue, message) {
    const queueUrl = process.env[queueUrlVariable(queue)];
    if (!queueUrl) throw new Error(`${queueUrlVariable(queue)} is not set`);
    const { SendMessageCommand, SQSClient } = await import('./aws/sqs.ts');
    sqs ??= plugged(new SQSClient(awsRetry));
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message) }));
  },
};

let transport: QueueTransport = sqsTransport;

export const sendToQueue = (queue: string, message: unknown): Promise<void> => {
  // Noted whichever transport takes it: the local queues have no URL.
  noteStoodInCall('SQSClient', 'SendMessageCommand', queueUrlVariable(queue));
  return transport.send(queue, message);
};

/** Replaces SQS (the local runtime and tests). */
export const useQueueTransport = (replacement: QueueTransport): void => {
  transport = replacement;
};
