import { describe, expect, it } from 'vitest';
import {
  benefitRunActionsByStage,
  benefitRunAllows,
  benefitRunAtWork,
  benefitRunStates,
  resumedBenefitRunState,
  type RunStanding,
} from './benefit-runs.ts';

const standing = (overrides: Partial<RunStanding>): RunStanding => ({
  state: 'PENDING_APPROVAL',
  failedIn: null,
  kind: 'PAYMENT',
  reversedBy: null,
  paidPlots: 0,
  ...overrides,
});

describe("a benefit run's table of actions", () => {
  it('should be reviewed or previewed again once previewed, cancelled before its approval only', () => {
    expect(benefitRunActionsByStage.PENDING_APPROVAL).toEqual(['approve', 'reject', 'preview', 'cancel']);
    for (const state of benefitRunStates) {
      const failedIn = state === 'FAILED' ? ('PAYMENT' as const) : null;
      const cancellable = benefitRunAllows(standing({ state, failedIn }), 'cancel');
      expect(cancellable, state).toBe(state === 'PREVIEWING' || state === 'PENDING_APPROVAL');
    }
    expect(benefitRunAllows(standing({ state: 'FAILED', failedIn: 'PREVIEW' }), 'cancel')).toBe(true);
  });

  it('should be resumed when it failed or while a job works on it, back where it failed', () => {
    for (const state of benefitRunStates)
      expect(benefitRunAllows(standing({ state, failedIn: 'PREVIEW' }), 'resume'), state).toBe(
        state === 'FAILED' || benefitRunAtWork(state),
      );
    expect(resumedBenefitRunState({ state: 'FAILED', failedIn: 'PREVIEW' })).toBe('PREVIEWING');
    expect(resumedBenefitRunState({ state: 'FAILED', failedIn: 'PAYMENT' })).toBe('PAYING');
    expect(resumedBenefitRunState({ state: 'APPROVED', failedIn: null })).toBe('APPROVED');
  });

  it('should reverse a paid payment run that paid, once', () => {
    const paid = standing({ state: 'PAID', paidPlots: 3 });
    expect(benefitRunAllows(paid, 'reverse')).toBe(true);
    expect(benefitRunAllows({ ...paid, reversedBy: 'r-1' }, 'reverse')).toBe(false);
    expect(benefitRunAllows({ ...paid, kind: 'REVERSAL' }, 'reverse')).toBe(false);
    expect(benefitRunAllows({ ...paid, paidPlots: 0 }, 'reverse')).toBe(false);
    expect(benefitRunAllows(standing({ state: 'APPROVED', paidPlots: 3 }), 'reverse')).toBe(false);
  });
});
