import { describe, expect, it } from 'vitest';
import { benefitRunStates } from '@cpbo/schemas/benefit-runs.ts';
import { cancellable, resumedState, reviewable } from './benefit-run-states.ts';

describe("a benefit run's steps", () => {
  it('should be reviewed only once previewed', () => {
    expect(benefitRunStates.filter(reviewable)).toEqual(['PENDING_APPROVAL']);
  });

  it('should be cancelled only before its approval, or when its preview failed', () => {
    expect(benefitRunStates.filter((state) => cancellable(state, null))).toEqual([
      'PREVIEWING',
      'PENDING_APPROVAL',
    ]);
    expect(cancellable('FAILED', 'PREVIEW')).toBe(true);
    expect(cancellable('FAILED', 'PAYMENT')).toBe(false);
  });

  it('should resume a failed run where it failed, and queue again a run at work', () => {
    expect(resumedState('FAILED', 'PREVIEW')).toBe('PREVIEWING');
    expect(resumedState('FAILED', 'PAYMENT')).toBe('PAYING');
    expect(
      Object.fromEntries(
        benefitRunStates
          .filter((state) => state !== 'FAILED')
          .map((state) => [state, resumedState(state, null)]),
      ),
    ).toEqual({
      PREVIEWING: 'PREVIEWING',
      PENDING_APPROVAL: undefined,
      APPROVED: 'APPROVED',
      PAYING: 'PAYING',
      PAID: undefined,
      REJECTED: undefined,
      CANCELLED: undefined,
    });
  });
});
