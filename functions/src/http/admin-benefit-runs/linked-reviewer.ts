import { ofUploadersLine, reviewerLink } from '#domain/account-lineage.ts';
import type { BenefitRun } from '#data/benefit-runs/benefit-runs.ts';
import type { Session } from '#platform/access-token.ts';
import { AppError } from '#platform/app-error.ts';
import { callerAccount } from '../accounts/caller-account.ts';

/** How the caller stands to the run's uploader, as the uploader was at the upload (kept on the run). */
const linkToUploader = async (run: BenefitRun, session: Pick<Session, 'email'>) =>
  reviewerLink({ email: run.createdBy, broughtInBy: run.uploaderBroughtInBy }, await callerAccount(session));

/** Whether the caller brought the run's uploader in, or was brought in by them: then they may not review it. */
export const linkedToUploader = async (run: BenefitRun, session: Pick<Session, 'email'>): Promise<boolean> =>
  ofUploadersLine(await linkToUploader(run, session));

/**
 * Refuses a review by an account of the uploader's line (ERR_BENEFIT_RUN_LINKED_REVIEW, naming the
 * uploader and the link); the uploader's own review is refused by the review itself.
 */
export const refuseLinkedReviewer = async (
  run: BenefitRun,
  session: Pick<Session, 'email'>,
): Promise<void> => {
  const link = await linkToUploader(run, session);
  if (ofUploadersLine(link))
    throw new AppError('ERR_BENEFIT_RUN_LINKED_REVIEW', { details: { uploader: run.createdBy, link } });
};
