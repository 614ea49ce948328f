/**
 * A queue's worker as one new Lambda instance, for the benches: run in a process of its own, it
 * delivers BENCH_MESSAGE (JSON) to the worker of the queue BENCH_QUEUE as SQS would, then each next
 * step the worker sends; a delivery that fails (DynamoDB Local's lock timeouts under load) comes back,
 * up to the queue's maxReceiveCount. Prints one JSON line: how long it took, the deliveries, and the
 * process's peak resident memory. The parent passes the AWS environment.
 */
import type { SQSEvent } from 'aws-lambda';
import { lambdaContext } from '@cpbo/events/http-api-event.ts';
import type { QueueName } from '@cpbo/functions/domain/queues.ts';

const queue = process.env.BENCH_QUEUE as QueueName;
const { queueDefinitions } = await import('@cpbo/functions/domain/queues.ts');
const { workerEntry } = await import('@cpbo/functions/workers/workers.ts');
const { useQueueTransport } = await import('@cpbo/functions/platform/queue.ts');
const definition = queueDefinitions[queue];
const { handler } = (await import(
  `@cpbo/functions/${workerEntry(definition.worker).replace(/^src\//, '')}`
)) as {
  handler: (
    event: SQSEvent,
    context: ReturnType<typeof lambdaContext>,
  ) => Promise<{ batchItemFailures: unknown[] }>;
};
const pending: { body: string; receiveCount: number }[] = [
  { body: process.env.BENCH_MESSAGE as string, receiveCount: 1 },
];
useQueueTransport({
  send: async (to, message) => {
    if (to !== queue) throw new Error(`The bench delivers the ${queue} queue only, not ${to}`);
    pending.push({ body: JSON.stringify(message), receiveCount: 1 });
  },
});
const started = performance.now();
let deliveries = 0;
while (pending.length > 0) {
  const { body, receiveCount } = pending.shift() as (typeof pending)[number];
  deliveries += 1;
  const event = {
    Records: [
      {
        messageId: `bench-${deliveries}`,
        body,
        attributes: { ApproximateReceiveCount: String(receiveCount) },
      },
    ],
  } as unknown as SQSEvent;
  const answer = await handler(event, lambdaContext(`${definition.worker}-worker`, 900_000)).catch(() => ({
    batchItemFailures: [{ itemIdentifier: 'bench' }],
  }));
  if (answer.batchItemFailures.length === 0) continue;
  if (receiveCount >= definition.maxReceiveCount) throw new Error(`The ${queue} job failed`);
  pending.unshift({ body, receiveCount: receiveCount + 1 });
}
console.log(
  JSON.stringify({
    ms: performance.now() - started,
    deliveries,
    // Kilobytes, as getrusage gives it.
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
