import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { QueueName } from '@cpbo/functions/domain/queues.ts';

const workerScript = fileURLToPath(new URL('./worker-run.ts', import.meta.url));

/** What one worker process did: how long its job took, its deliveries and its peak resident memory. */
export interface WorkerRun {
  ms: number;
  deliveries: number;
  peakRssMb: number;
}

/** Runs a queue's job (its first message, then the steps it sends) in a process of its own (worker-run.ts). */
export const runWorkerProcess = async (queue: QueueName, message: unknown): Promise<WorkerRun> => {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', workerScript], {
    env: { ...process.env, BENCH_QUEUE: queue, BENCH_MESSAGE: JSON.stringify(message) },
    maxBuffer: 1 << 24,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) as string) as WorkerRun;
};

const bareReadScript = fileURLToPath(new URL('./preview-bare-read.ts', import.meta.url));

/** The bare read of what a benefit run's preview reads (preview-bare-read.ts), in a process of its own. */
export const bareReadProcess = async (
  enablerId: string,
  assessmentId: string,
): Promise<{ ms: number; items: number }> => {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', bareReadScript], {
    env: { ...process.env, BENCH_ENABLER: enablerId, BENCH_ASSESSMENT: assessmentId },
    maxBuffer: 1 << 24,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) as string) as { ms: number; items: number };
};
