/*
 * Who brought an account in: the administrator who created it (POST /admin/users) and each one who
 * promoted it to administrator, with everyone who brought those in, kept on the account itself
 * (`broughtInBy`, e-mails) when it is created or promoted. Kept whole on each account rather than as a
 * chain of links, so deleting an account in between breaks nothing. Accounts made by a script have
 * none. E-mails rather than account ids: an address that once brought an account in still counts after
 * it is deleted and given to someone else, which can only refuse more (docs/decisions.md).
 */

/** An account and the accounts that brought it in, directly or through accounts they brought in. */
export interface AccountLineage {
  email: string;
  broughtInBy: readonly string[];
}

/** Who brings in an account that `by` creates or promotes: `by`, and whoever brought `by` in, added to what it had. */
export const lineageBroughtInBy = (by: AccountLineage, had: readonly string[] = []): string[] =>
  [...new Set([...had, by.email, ...by.broughtInBy])].sort();

/**
 * How a benefit run's reviewer stands to its uploader: the same account; brought in by the uploader;
 * the one who brought the uploader in; or independent, the only one who may review it.
 */
export type ReviewerLink = 'SAME_ACCOUNT' | 'BROUGHT_IN_BY_UPLOADER' | 'BROUGHT_IN_UPLOADER' | 'INDEPENDENT';

/**
 * The uploader's lineage as it was at the upload (kept on the run), the reviewer's as it is now: an
 * account the uploader brought in is the uploader's hand, and so is one who brought the uploader in
 * (an administrator who makes a puppet, uploads with it and approves with their own account).
 */
export const reviewerLink = (uploader: AccountLineage, reviewer: AccountLineage): ReviewerLink => {
  if (reviewer.email === uploader.email) return 'SAME_ACCOUNT';
  if (reviewer.broughtInBy.includes(uploader.email)) return 'BROUGHT_IN_BY_UPLOADER';
  if (uploader.broughtInBy.includes(reviewer.email)) return 'BROUGHT_IN_UPLOADER';
  return 'INDEPENDENT';
};

/** A link of the uploader's line (another account than theirs): it bars the review. */
export const ofUploadersLine = (
  link: ReviewerLink,
): link is 'BROUGHT_IN_BY_UPLOADER' | 'BROUGHT_IN_UPLOADER' =>
  link === 'BROUGHT_IN_BY_UPLOADER' || link === 'BROUGHT_IN_UPLOADER';
