import { getMember } from '#data/members.ts';
import type { Member } from '#data/member-items.ts';
import type { Session } from '#platform/access-token.ts';
import { AppError } from '#platform/app-error.ts';

/**
 * The member a call is about, if it belongs to the session's enabler. Another enabler's member is
 * ERR_FORBIDDEN_USER for an agent and ERR_FORBIDDEN_ADMIN for an administrator (who can switch view).
 */
export const memberInScope = async (session: Session, memberId: string): Promise<Member> => {
  const member = await getMember(memberId);
  if (!member) throw new AppError('ERR_NOT_FOUND');
  if (member.enablerId !== session.enabler) {
    throw new AppError(session.role === 'ADMIN' ? 'ERR_FORBIDDEN_ADMIN' : 'ERR_FORBIDDEN_USER');
  }
  return member;
};

/**
 * The member an administrator's call is about, in the administrator's current enabler: another
 * enabler's member answers as if it did not exist (ERR_NOT_FOUND).
 */
export const memberOfEnabler = async (enablerId: string, memberId: string): Promise<Member> => {
  const member = await getMember(memberId);
  if (!member || member.enablerId !== enablerId) throw new AppError('ERR_NOT_FOUND');
  return member;
};
