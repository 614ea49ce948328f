import type { ScheduledEvent } from 'aws-lambda';
import { lambdaContext } from '@cpbo/events/http-api-event.ts';
import { scheduledWorkers, type ScheduledWorker } from '@cpbo/functions/workers/workers.ts';
import { loadWorkerHandler, workerFunction } from '../functions-code.ts';

const MINUTE_MS = 60_000;

export interface LocalSchedules {
  stop(): void;
}

/** The event EventBridge hands a scheduled Lambda. */
const scheduledEvent = (): ScheduledEvent =>
  ({
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    time: new Date().toISOString(),
  }) as ScheduledEvent;

/** Runs a scheduled worker once; a failure is logged, as the rule's retries would leave it. */
const runOnce = async (worker: ScheduledWorker, log: (line: string) => void): Promise<void> => {
  const timeoutMs = scheduledWorkers[worker].timeoutSeconds * 1000;
  try {
    const handler = await loadWorkerHandler<ScheduledEvent>(worker);
    await handler(scheduledEvent(), lambdaContext(`local-${workerFunction(worker)}`, timeoutMs));
  } catch (error) {
    log(`[schedule] ${worker} failed: ${(error as Error).message}`);
  }
};

/**
 * The stack's schedules on a laptop: each scheduled worker runs once now (a laptop is seldom up for
 * hours, and a restart on old data is when they are needed), then at its rate.
 */
export const startLocalSchedules = async (options: { log(line: string): void }): Promise<LocalSchedules> => {
  const workers = Object.keys(scheduledWorkers) as ScheduledWorker[];
  await Promise.all(workers.map((worker) => runOnce(worker, options.log)));
  const timers = workers.map((worker) => {
    const timer = setInterval(
      () => void runOnce(worker, options.log),
      scheduledWorkers[worker].everyMinutes * MINUTE_MS,
    );
    timer.unref();
    return timer;
  });
  return { stop: () => timers.forEach((timer) => clearInterval(timer)) };
};
