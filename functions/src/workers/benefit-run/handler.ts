import type { FromSchema } from '@cpbo/schemas';
import {
  advanceRunPayment,
  benefitRunToRun,
  endRunPayment,
  endRunPreview,
  failBenefitRun,
} from '#data/benefit-runs/benefit-runs.ts';
import { outboxMessage } from '#data/jobs/outbox.ts';
import { appLog } from '#data/logs/app-log.ts';
import { fromCents } from '@cpbo/schemas/money.ts';
import type { queueDefinitions } from '#domain/queues.ts';
import { steppedJobRunner } from '../job-runner/stepped-job.ts';
import { payRun } from './payment.ts';
import { paymentReport } from './payment-report.ts';
import { previewRun } from './preview.ts';

type BenefitRunMessage = FromSchema<(typeof queueDefinitions)['benefit']['messageSchema']>;

/**
 * A step stops paying when less than this is left of the Lambda's time (a quarter of what it had at
 * its start, at most 2 minutes): enough for the chunk under way, and for the report when it was the last.
 */
const RESERVE_MS = 2 * 60 * 1000;

type Ended =
  ({ kind: 'preview' } & Awaited<ReturnType<typeof previewRun>>) | { kind: 'payment'; written: number };

/**
 * The benefit-run queue's job (docs/decisions.md, "Benefit runs"). A PREVIEWING run's step is its
 * whole preview, which ends it PENDING_APPROVAL. An approved run's steps pay its accepted rows, each
 * from where the step before stopped, and the last writes the report and the payment files and ends
 * it PAID. At its step's last delivery a failing run is FAILED, and an administrator may resume it.
 */
export const handler = steppedJobRunner({
  name: 'benefit run',
  queue: 'benefit',
  validators: () => import('#generated/validators/queue-benefit.generated.ts'),
  load: ({ jobId, step }: BenefitRunMessage) => benefitRunToRun(jobId, step),
  reserveMs: (remainingAtStartMs) => Math.min(RESERVE_MS, remainingAtStartMs / 4),
  step: async (run, budget) => {
    if (run.state === 'PREVIEWING')
      return { done: true, result: { kind: 'preview', ...(await previewRun(run)) } as Ended };
    const paid = await payRun(run, budget);
    return paid.done ? { done: true, result: { kind: 'payment', ...paid.result } as Ended } : paid;
  },
  save: async (run, { written, total }) => {
    const next = outboxMessage('benefit', { jobId: run.id, step: run.step + 1 });
    return (await advanceRunPayment(run, written, { done: written, total }, next)) ? next : undefined;
  },
  finish: async (run, ended) => {
    if (ended.kind === 'preview') {
      const { kind: _, ...preview } = ended;
      if (await endRunPreview(run, preview))
        await appLog.info(
          `Benefit run ${run.id} (${run.assessmentId}) previewed: ${preview.preview.accepted.plots} plots, ` +
            `${fromCents(preview.preview.accepted.amountCents)} to pay, ${preview.preview.refused} rows refused`,
        );
      return;
    }
    const { payment, files } = await paymentReport(run);
    if (await endRunPayment(run, { payment, files: [...run.files, ...files], written: ended.written }))
      await appLog.info(
        `Benefit run ${run.id} (${run.assessmentId}) paid: ${payment.paid.plots} payouts, ` +
          `${fromCents(payment.paid.amountCents)} in all, ${payment.notPaid} accepted rows not paid`,
      );
  },
  fail: async ({ jobId, step }) => ((await failBenefitRun(jobId, step)) ? `Benefit run ${jobId}` : undefined),
});
