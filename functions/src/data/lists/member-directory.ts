import { MemberIndex, type MemberSummary } from '#domain/lists/member-list.ts';
import { directoriesOf, refreshSnapshot, type DirectoryKind, type SnapshotRefresh } from './directories.ts';
import { memberSnapshotRebuiltAt, readMemberSnapshot, writeMemberSnapshot } from './member-snapshots.ts';
import { allMembersOf, memberChangesSince } from './member-timeline.ts';

/**
 * The member list of each enabler an instance served, in memory (data/lists/directories.ts;
 * docs/architecture.md, "The member list at scale"), from the members' snapshot and change timeline.
 */
const memberKind: DirectoryKind<MemberIndex> = {
  name: 'member',
  readSnapshot: async (enablerId) => {
    const snapshot = await readMemberSnapshot(enablerId);
    return snapshot && { ...snapshot, index: MemberIndex.fromData(snapshot) };
  },
  snapshotRebuiltAt: memberSnapshotRebuiltAt,
  fromTable: async (enablerId) => MemberIndex.fromSummaries(await allMembersOf(enablerId)),
  catchUp: async (enablerId, index, since) => {
    let applied = 0;
    for (const change of await memberChangesSince(enablerId, since)) if (index.apply(change)) applied += 1;
    return applied;
  },
  sizeOf: (index) => index.size,
};
const members = directoriesOf(memberKind);

/** The enabler's members, up to date with the table. */
export const memberDirectory = (enablerId: string, now = Date.now()): Promise<MemberIndex> =>
  members.current(enablerId, now);

/** Read-your-writes: a write hands its new summary to this instance's directory at once. */
export const rememberMember = (enablerId: string, summary: MemberSummary): void =>
  members.update(enablerId, (index) => index.upsert(summary));

/** Read-your-writes for a removal (at the instant of its tombstone). */
export const forgetMember = (enablerId: string, memberId: string, removedAt: string): void =>
  members.update(enablerId, (index) => index.remove(memberId, removedAt));

/** Forgets every directory (tests, and the bench's new instances). */
export const forgetMemberDirectories = (): void => members.forgetAll();

/** Brings the enabler's member snapshot up to date (the lists worker). */
export const refreshMemberSnapshot = (enablerId: string, now = Date.now()): Promise<SnapshotRefresh> =>
  refreshSnapshot(
    memberKind,
    (index, times) => writeMemberSnapshot({ ...times, ...index.toData() }),
    enablerId,
    now,
  );
