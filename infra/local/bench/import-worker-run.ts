/**
 * The import worker as one new Lambda instance, for `npm run bench:import`: run in a process of its own,
 * it imports the job BENCH_JOB (one SQS message, as the queue delivers it) and prints one JSON line:
 * how long the job took and the process's peak resident memory. The parent passes the AWS environment.
 */
import type { SQSEvent } from 'aws-lambda';
import { lambdaContext } from '@cpbo/events/http-api-event.ts';

const { handler } = await import('@cpbo/functions/workers/import/handler.ts');
const { queueDefinitions } = await import('@cpbo/functions/domain/queues.ts');
const started = performance.now();
// Delivered as SQS would: a job that fails (DynamoDB Local's lock timeouts under load) is delivered
// again and resumes from its saved progress, up to the queue's maxReceiveCount.
let deliveries = 0;
let failed = true;
while (failed && deliveries < queueDefinitions.import.maxReceiveCount) {
  deliveries += 1;
  const event = {
    Records: [
      {
        messageId: `bench-${deliveries}`,
        body: JSON.stringify({ jobId: process.env.BENCH_JOB }),
        attributes: { ApproximateReceiveCount: String(deliveries) },
      },
    ],
  } as unknown as SQSEvent;
  const answer = await handler(event, lambdaContext('import-worker', 900_000)).catch(() => ({
    batchItemFailures: [{ itemIdentifier: 'bench' }],
  }));
  failed = answer.batchItemFailures.length > 0;
}
if (failed) throw new Error('The import failed');
console.log(
  JSON.stringify({
    ms: performance.now() - started,
    deliveries,
    // Kilobytes, as getrusage gives it.
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
