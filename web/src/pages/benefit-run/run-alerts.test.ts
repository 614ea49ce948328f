import { describe, expect, it } from 'vitest';
import { BENEFIT_RULE_VERSION } from '@cpbo/schemas/benefit-rule.ts';
import { benefitRun, UPLOADER } from '../../test/benefit-run-fixtures.ts';
import { isUploader, reviewBarOf, runAlerts } from './run-alerts.ts';

const headers = (...args: Parameters<typeof runAlerts>) => runAlerts(...args).map(({ header }) => header);
const nobody = { uploader: false, linked: false };

describe("a benefit run's alerts", () => {
  it('should tell the uploader, whatever the case of the email, and an administrator of its line apart', () => {
    const run = benefitRun();
    expect(isUploader(run, UPLOADER.toUpperCase())).toBe(true);
    expect(reviewBarOf(run, true, UPLOADER)).toEqual({ uploader: true, linked: false });
    expect(reviewBarOf(run, true, 'ada@example.org')).toEqual({ uploader: false, linked: true });
    expect(reviewBarOf(run, undefined, 'ada@example.org')).toEqual(nobody);
  });

  it('should say who may not review a run only while it waits for approval', () => {
    const waiting = benefitRun();
    expect(headers(waiting, { uploader: true, linked: false })).toEqual(['benefitRuns.run.ownRunTitle']);
    expect(runAlerts(waiting, { uploader: false, linked: true })).toEqual([
      {
        type: 'info',
        header: 'benefitRuns.run.linkedRunTitle',
        text: 'errors.ERR_BENEFIT_RUN_LINKED_REVIEW',
        values: { uploader: UPLOADER },
      },
    ]);
    expect(headers(waiting, nobody)).toEqual([]);
    expect(headers(benefitRun({ state: 'APPROVED' }), { uploader: true, linked: false })).toEqual([]);
  });

  it('should say where a failed run failed, and that a run previewed under an earlier rule must be previewed again', () => {
    const failedAt = { at: '2026-02-16T09:00:00.000Z' };
    expect(
      runAlerts(benefitRun({ state: 'FAILED', failure: { in: 'PREVIEW', ...failedAt } }), nobody),
    ).toEqual([
      { type: 'error', header: 'benefitRuns.run.failedTitle', text: 'benefitRuns.run.previewFailed' },
    ]);
    expect(
      runAlerts(benefitRun({ state: 'FAILED', failure: { in: 'PAYMENT', ...failedAt } }), nobody)[0]?.text,
    ).toBe('benefitRuns.run.paymentFailed');
    const run = benefitRun();
    const preview = run.preview && { ...run.preview, ruleVersion: BENEFIT_RULE_VERSION - 1 };
    expect(headers({ ...run, preview }, nobody)).toEqual(['benefitRuns.run.staleTitle']);
    expect(headers({ ...run, preview, kind: 'REVERSAL' }, nobody)).toEqual([]);
  });

  it('should open the run a reversal takes back, and the run reversing a paid one', () => {
    expect(
      runAlerts(benefitRun({ kind: 'REVERSAL', reverses: 'run-1', state: 'PREVIEWING' }), nobody),
    ).toEqual([
      {
        type: 'info',
        header: 'benefitRuns.run.reversalTitle',
        text: 'benefitRuns.run.reversal',
        values: { assessment: 'DRY-2026' },
        opens: 'run-1',
      },
    ]);
    expect(runAlerts(benefitRun({ state: 'PAID', reversedBy: 'run-2' }), nobody)).toEqual([
      {
        type: 'info',
        header: 'benefitRuns.run.reversedTitle',
        text: 'benefitRuns.run.reversed',
        opens: 'run-2',
      },
    ]);
  });
});
