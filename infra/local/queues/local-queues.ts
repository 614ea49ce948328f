import type { SQSEvent } from 'aws-lambda';
import { queueDefinitions, queueNames, type QueueName } from '@cpbo/functions/domain/queues.ts';
import type { QueueTransport } from '@cpbo/functions/platform/queue.ts';
import { loadWorkerHandler } from '../functions-code.ts';
import { InProcessQueue, type DeadLetter } from './in-process-queue.ts';

export interface LocalQueues {
  /** Hand it to useQueueTransport: what the functions send lands in the in-process queues. */
  transport: QueueTransport;
  idle(): Promise<void>;
  deadLetters(): DeadLetter[];
  stop(): void;
}

/** One in-process queue per queue definition, each feeding its worker like an event source mapping. */
export const startLocalQueues = (options: {
  log(line: string): void;
  retryDelayMs?: number;
}): LocalQueues => {
  const queues = Object.fromEntries(
    queueNames.map((name) => {
      const definition = queueDefinitions[name];
      const queue = new InProcessQueue({
        name,
        batchSize: definition.batchSize,
        maxReceiveCount: definition.maxReceiveCount,
        handler: async (event, context) =>
          (await loadWorkerHandler<SQSEvent>(definition.worker))(event, context),
        ...options,
      });
      return [name, queue];
    }),
  ) as Record<QueueName, InProcessQueue>;
  const all = Object.values(queues);
  return {
    transport: {
      send: async (queue, message) => {
        // As SQS would, a name the definitions lack is refused (its URL variable is never set).
        const target = (queues as Partial<Record<string, InProcessQueue>>)[queue];
        if (!target) throw new Error(`There is no queue ${queue}`);
        target.send(JSON.stringify(message));
      },
    },
    idle: async () => {
      await Promise.all(all.map((queue) => queue.idle()));
    },
    deadLetters: () => all.flatMap((queue) => queue.deadLetters),
    stop: () => all.forEach((queue) => queue.stop()),
  };
};
