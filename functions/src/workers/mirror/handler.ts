import type { FromSchema } from '@cpbo/schemas';
import {
  advanceStep,
  clearMirrorPage,
  copyPage,
  currentStep,
  finishJob,
  mirrorTableName,
  pseudonymKey,
  type ScanPage,
} from '#data/jobs/mirror.ts';
import { outboxMessage } from '#data/jobs/outbox.ts';
import { appLog } from '#data/logs/app-log.ts';
import { queueDefinitions } from '#domain/queues.ts';
import { steppedJobRunner } from '../job-runner/stepped-job.ts';

type MirrorMessage = FromSchema<typeof queueDefinitions.mirror.messageSchema>;

const mirrorValidators = () => import('#generated/validators/queue-mirror.generated.ts');

/** A step stops taking new pages when less than this is left of the Lambda's time. */
const RESERVE_MS = 2 * 60 * 1000;

/** Where a step of the refresh starts (its message says) and the items copied before it. */
type MirrorPosition = Pick<MirrorMessage, 'phase' | 'startKey'> & { copied: number };

/**
 * A refresh in steps: it empties the mirror table, then copies this one into it, page by page, from
 * where the step's message says. When time runs short, the job moves to the next step and a message
 * says where it stopped. A step delivered twice, or of a refresh that was replaced, does nothing; the
 * last delivery of a failing step marks the refresh failed, so that a new one can start at once.
 */
export const handler = steppedJobRunner({
  name: 'mirror refresh',
  queue: 'mirror',
  validators: mirrorValidators,
  load: async ({ jobId, step, phase, startKey }: MirrorMessage) => {
    const job = await currentStep(jobId, step);
    return job && { jobId, step, phase, ...(startKey && { startKey }), copied: job.copied ?? 0 };
  },
  reserveMs: () => RESERVE_MS,
  step: async (at, budget) => {
    const started = Date.now();
    const key = await pseudonymKey();
    let { phase, startKey, copied }: MirrorPosition = at;
    for (;;) {
      const page: ScanPage =
        phase === 'clear' ? await clearMirrorPage(startKey) : await copyPage(key, startKey);
      if (phase === 'copy') copied += page.handled;
      startKey = page.nextKey;
      if (!startKey && phase === 'copy')
        return { done: true, result: { copied, seconds: Math.round((Date.now() - started) / 1000) } };
      if (!startKey) phase = 'copy';
      if (budget.timeUp())
        return { done: false, checkpoint: { phase, ...(startKey && { startKey }), copied } };
    }
  },
  save: async (at, { copied, ...position }: MirrorPosition) => {
    const next = outboxMessage('mirror', { jobId: at.jobId, step: at.step + 1, ...position });
    return (await advanceStep(at.jobId, at.step, copied, new Date(), next)) ? next : undefined;
  },
  finish: async (at, { copied, seconds }) => {
    if (await finishJob(at.jobId, 'DONE', copied))
      await appLog.info(
        `Mirror refresh done: ${copied} items copied to ${mirrorTableName()} (last step in ${seconds} s)`,
      );
  },
  fail: async ({ jobId }) => ((await finishJob(jobId, 'FAILED', 0)) ? 'Mirror refresh' : undefined),
});
