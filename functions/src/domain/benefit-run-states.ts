import type { BenefitRunState } from '@cpbo/schemas/benefit-runs.ts';

/*
 * What an administrator may do with a benefit run in each state (schemas/benefit-runs.ts draws its
 * life): review it once previewed, cancel it before approval, resume it when it failed or stalled.
 */

/** Where a failed run failed: its preview or its payment. */
export type FailedIn = 'PREVIEW' | 'PAYMENT';

/** Approved or rejected, by another administrator than its uploader, once previewed. */
export const reviewable = (state: BenefitRunState): boolean => state === 'PENDING_APPROVAL';

/** Cancelled by any administrator before its approval: previewing, previewed, or its preview failed. */
export const cancellable = (state: BenefitRunState, failedIn: FailedIn | null): boolean =>
  state === 'PREVIEWING' || state === 'PENDING_APPROVAL' || (state === 'FAILED' && failedIn === 'PREVIEW');

/**
 * Where resuming takes a run: a FAILED one back to its preview or its payment; one at work (its
 * message may have been lost) stays where it is and has its step queued again, which a second
 * delivery of the step makes harmless. Undefined for a run that cannot be resumed.
 */
export const resumedState = (
  state: BenefitRunState,
  failedIn: FailedIn | null,
): BenefitRunState | undefined => {
  if (state === 'FAILED') return failedIn === 'PREVIEW' ? 'PREVIEWING' : 'PAYING';
  return state === 'PREVIEWING' || state === 'APPROVED' || state === 'PAYING' ? state : undefined;
};
