import { MemberIndex, type MemberSummary } from '#domain/member-list.ts';
import { memberChangeKey } from './member-keys.ts';
import { allMembersOf, memberSummaryOf, membersChangedSince } from './members.ts';

/**
 * Each warm Lambda keeps the members of the enablers it served in memory, and catches up on every
 * request with one Query of the members changed since its last look (ARCHITECTURE.md, "Member list at
 * scale"). A cold start, or one every FULL_RELOAD_MS, reads the whole enabler.
 */
interface Directory {
  index: MemberIndex;
  /** Latest change seen (ISO instant). */
  seenUpTo: string;
  loadedAt: number;
}

/** Changes written by other instances may reach the index this late (clock skew, index propagation). */
export const CATCH_UP_OVERLAP_MS = 10_000;
/** A full read now and then repairs anything a catch-up could have missed. */
export const FULL_RELOAD_MS = 15 * 60_000;

const directories = new Map<string, Directory>();

const absorb = (directory: Directory, summaries: MemberSummary[]): void => {
  for (const summary of summaries) {
    directory.index.upsert(summary);
    if (summary.updatedAt > directory.seenUpTo) directory.seenUpTo = summary.updatedAt;
  }
};

/** The enabler's members, up to date with the table. */
export const memberDirectory = async (enablerId: string, now = Date.now()): Promise<MemberIndex> => {
  const directory = directories.get(enablerId);
  if (!directory || now - directory.loadedAt > FULL_RELOAD_MS) {
    const fresh: Directory = { index: new MemberIndex(), seenUpTo: '', loadedAt: now };
    absorb(fresh, (await allMembersOf(enablerId)).map(memberSummaryOf));
    directories.set(enablerId, fresh);
    return fresh.index;
  }
  const since = directory.seenUpTo
    ? new Date(Date.parse(directory.seenUpTo) - CATCH_UP_OVERLAP_MS).toISOString()
    : undefined;
  absorb(
    directory,
    (await membersChangedSince(enablerId, since ? memberChangeKey(since, '') : undefined)).map(
      memberSummaryOf,
    ),
  );
  return directory.index;
};

/** Read-your-writes: a write hands its new summary to this instance's directory at once. */
export const rememberMember = (enablerId: string, summary: MemberSummary): void => {
  const directory = directories.get(enablerId);
  if (directory) absorb(directory, [summary]);
};

/** Forgets every directory (tests). */
export const forgetMemberDirectories = (): void => directories.clear();
