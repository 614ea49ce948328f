import { getMember } from '#data/members/members.ts';
import { removedMemberEnabler } from '#data/lists/member-timeline.ts';
import type { Member } from '#data/members/member-items.ts';
import type { Session } from '#platform/access-token.ts';
import { AppError } from '#platform/app-error.ts';
import { assertSessionEnabler } from '../other-enabler.ts';

/**
 * The member a call is about, if it belongs to the session's enabler. Another enabler's member is
 * ERR_FORBIDDEN_USER for an agent and ERR_FORBIDDEN_ADMIN for an administrator (who can switch view,
 * to the enabler its details name); a member of the enabler deleted lately (its records may still be
 * going) is ERR_MEMBER_DELETED; one that exists nowhere is ERR_NOT_FOUND.
 */
export const memberInScope = async (session: Session, memberId: string): Promise<Member> => {
  const member = await getMember(memberId);
  if (!member) {
    const removedFrom = await removedMemberEnabler(memberId);
    throw new AppError(removedFrom === session.enabler ? 'ERR_MEMBER_DELETED' : 'ERR_NOT_FOUND');
  }
  await assertSessionEnabler(session, member.enablerId);
  return member;
};
