import type { Context } from 'aws-lambda';

/** How long a step may go on taking new work. */
export interface TimeBudget {
  /** True once less than the step's reserve is left of the Lambda's time. */
  timeUp(): boolean;
}

/**
 * The budget of a step that starts now: it keeps back `reserveMs` of the time left at its start
 * (enough to save its checkpoint, or to finish the job), and reads the Lambda's clock once for that.
 */
export const timeBudget = (
  context: Pick<Context, 'getRemainingTimeInMillis'>,
  reserveMs: (remainingAtStartMs: number) => number,
): TimeBudget => {
  const reserve = reserveMs(context.getRemainingTimeInMillis());
  return { timeUp: () => context.getRemainingTimeInMillis() < reserve };
};
