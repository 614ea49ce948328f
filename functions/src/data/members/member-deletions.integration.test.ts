import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { givenEnabler } from '../../testing/fixtures.ts';
import { givenMember, newPlotFields } from '../../testing/member-fixtures.ts';
import { writeItems } from '../../testing/table-items.ts';
import {
  advanceMemberDeletion,
  deleteMemberRecords,
  getMemberDeletion,
  memberDeletionToRun,
  recordMemberDeletionProgress,
} from './member-deletions.ts';
import { readMemberPartition } from './member-page.ts';
import { deleteMember } from './members.ts';
import { plotItem } from './plot-items.ts';

/** A member of `records` plots (written as an import would) removed: its records left to a job. */
const admin = { email: 'admin@example.org', name: 'Admin' };

const givenRemovedMember = async (records: number) => {
  const enablerId = (await givenEnabler()).id;
  const { memberId } = await givenMember(enablerId, 0);
  const at = new Date().toISOString();
  await writeItems(
    Array.from({ length: records }, (_, index) =>
      plotItem(newPlotFields({ id: memberId, enablerId }, { name: `Plot ${index}` }), randomUUID(), at),
    ),
  );
  const { deletion } = await deleteMember(enablerId, memberId, admin);
  expect(deletion).toMatchObject({ state: 'QUEUED', total: records, deleted: 0 });
  return deletion;
};

describe("a member's records deleted by a job", () => {
  it('show their progress on the job after each page, while the step runs', async () => {
    const deletion = await givenRemovedMember(250);
    const job = await memberDeletionToRun(deletion.id, 0);
    if (!job) throw new Error('the job runs its first step');
    const shown: (number | undefined)[] = [];
    const outcome = await deleteMemberRecords(
      job.memberId,
      () => false,
      async (deleted) => {
        expect(await recordMemberDeletionProgress(job, deleted)).toBe(true);
        shown.push((await getMemberDeletion(job.id))?.deleted);
      },
    );
    expect(outcome).toEqual({ deleted: 250, finished: true });
    // After the two full pages; the last, short one ends the job, which then counts them all.
    expect(shown).toEqual([100, 200]);
    expect(await readMemberPartition(job.memberId)).toEqual([]);
  });

  it('keep the progress of the step the job is at: a late delivery of an earlier step cannot write it', async () => {
    const deletion = await givenRemovedMember(120);
    const job = await memberDeletionToRun(deletion.id, 0);
    if (!job) throw new Error('the job runs its first step');
    expect(await advanceMemberDeletion(job, 100)).toBe(true);
    expect(await recordMemberDeletionProgress(job, 20)).toBe(false);
    expect(await getMemberDeletion(job.id)).toMatchObject({ step: 1, deleted: 100 });
  });
});
