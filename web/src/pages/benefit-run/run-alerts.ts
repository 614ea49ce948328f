import { BENEFIT_RULE_VERSION } from '@cpbo/schemas/benefit-rule.ts';
import type { BenefitRun } from '../../api/benefit-runs.ts';

/*
 * What a benefit run's page says above its figures (its alerts), as keys: the page draws them with
 * Cloudscape's alerts, and the frame's outline draws their texts before the page's code has come
 * (app/shell/outline.ts): the uploader's alert is the page's largest text.
 */

/** Who may not review the run: its uploader, and an administrator of the uploader's line (the API says who). */
export interface ReviewBar {
  uploader: boolean;
  linked: boolean;
}

/** Whether the signed-in administrator uploaded the run. */
export const isUploader = (run: Pick<BenefitRun, 'createdBy'>, email: string): boolean =>
  run.createdBy.toLowerCase() === email.toLowerCase();

/** Who the signed-in administrator is to the run, from the run's read and the session's email. */
export const reviewBarOf = (
  run: Pick<BenefitRun, 'createdBy'>,
  linkedToUploader: boolean | undefined,
  email: string,
): ReviewBar => {
  const uploader = isUploader(run, email);
  return { uploader, linked: !uploader && linkedToUploader === true };
};

export type RunAlertRun = Pick<
  BenefitRun,
  'assessmentId' | 'createdBy' | 'state' | 'failure' | 'kind' | 'preview' | 'reverses' | 'reversedBy'
>;

/** An alert of the page: its kind, its title's and text's keys with their values, and the run it opens. */
export interface RunAlert {
  type: 'info' | 'error' | 'warning';
  header: string;
  text: string;
  values?: Record<string, string>;
  /** Another run, which the alert's button opens (a reversal's run, or the run reversing it). */
  opens?: string;
}

/** The alerts of a run's page, in the order it draws them. */
export const runAlerts = (run: RunAlertRun, { uploader, linked }: ReviewBar): RunAlert[] => {
  const alerts: RunAlert[] = [];
  const waiting = run.state === 'PENDING_APPROVAL';
  if (uploader && waiting)
    alerts.push({ type: 'info', header: 'benefitRuns.run.ownRunTitle', text: 'benefitRuns.run.ownRun' });
  if (linked && waiting)
    alerts.push({
      type: 'info',
      header: 'benefitRuns.run.linkedRunTitle',
      text: 'errors.ERR_BENEFIT_RUN_LINKED_REVIEW',
      values: { uploader: run.createdBy },
    });
  if (run.state === 'FAILED')
    alerts.push({
      type: 'error',
      header: 'benefitRuns.run.failedTitle',
      text: run.failure?.in === 'PAYMENT' ? 'benefitRuns.run.paymentFailed' : 'benefitRuns.run.previewFailed',
    });
  if (run.kind === 'PAYMENT' && waiting && run.preview?.ruleVersion !== BENEFIT_RULE_VERSION)
    alerts.push({ type: 'warning', header: 'benefitRuns.run.staleTitle', text: 'benefitRuns.run.stale' });
  if (run.reverses)
    alerts.push({
      type: 'info',
      header: 'benefitRuns.run.reversalTitle',
      text: 'benefitRuns.run.reversal',
      values: { assessment: run.assessmentId },
      opens: run.reverses,
    });
  if (run.reversedBy)
    alerts.push({
      type: 'info',
      header: 'benefitRuns.run.reversedTitle',
      text: 'benefitRuns.run.reversed',
      opens: run.reversedBy,
    });
  return alerts;
};
