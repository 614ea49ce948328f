/**
 * The import worker as one new Lambda instance, for `npm run bench:import`: run in a process of its own,
 * it imports the job BENCH_JOB (one SQS message, as the queue delivers it) and prints one JSON line:
 * how long the job took and the process's peak resident memory. The parent passes the AWS environment.
 */
import type { SQSEvent } from 'aws-lambda';
import { lambdaContext } from '@cpbo/events/http-api-event.ts';

const { handler } = await import('@cpbo/functions/workers/import/handler.ts');
const started = performance.now();
const event = {
  Records: [
    {
      messageId: 'bench',
      body: JSON.stringify({ jobId: process.env.BENCH_JOB }),
      attributes: { ApproximateReceiveCount: '1' },
    },
  ],
} as unknown as SQSEvent;
const answer = await handler(event, lambdaContext('import-worker', 900_000));
if (answer.batchItemFailures.length) throw new Error('The import failed');
console.log(
  JSON.stringify({
    ms: performance.now() - started,
    // Kilobytes, as getrusage gives it.
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
