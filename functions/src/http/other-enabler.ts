import { getEnabler } from '#data/enablers/enablers.ts';
import type { Session } from '#platform/access-token.ts';
import { AppError } from '#platform/app-error.ts';

/** What ERR_FORBIDDEN_ADMIN names: the enabler the resource belongs to, for the screen's switch to it. */
export interface OtherEnablerDetails {
  enablerId: string;
  enablerName: string;
}

/**
 * The answer to a call on a resource of another enabler than the session's. An administrator works
 * on every enabler, one view at a time: ERR_FORBIDDEN_ADMIN names the resource's enabler so the
 * screen can offer the switch. A field agent learns nothing of other enablers: ERR_FORBIDDEN_USER.
 */
export const otherEnablersResource = async (session: Session, enablerId: string): Promise<AppError> => {
  if (session.role !== 'ADMIN') return new AppError('ERR_FORBIDDEN_USER');
  const enabler = await getEnabler(enablerId);
  const details: OtherEnablerDetails = { enablerId, enablerName: enabler?.name ?? '' };
  return new AppError('ERR_FORBIDDEN_ADMIN', { details });
};

/** Throws the answer above when the resource is not of the session's enabler. */
export const assertSessionEnabler = async (session: Session, enablerId: string): Promise<void> => {
  if (enablerId !== session.enabler) throw await otherEnablersResource(session, enablerId);
};
