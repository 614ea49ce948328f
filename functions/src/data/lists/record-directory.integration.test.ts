import { describe, expect, it } from 'vitest';
import { adminListSortFields } from '@cpbo/schemas/admin-list-query.ts';
import { recordOrderPieces, recordOrdersApart } from '#domain/lists/record-snapshot.ts';
import { writeSnapshotBytes } from './directory-snapshots.ts';
import { forgetRecordDirectories, recordDirectory, refreshRecordSnapshot } from './record-directory.ts';
import { givenMember } from '../../testing/member-fixtures.ts';
import { givenContribution } from '../../testing/money-fixtures.ts';
import { givenAdministeredEnabler } from '../../testing/signed-in-users.ts';

describe('a record list read from its snapshot', () => {
  it('reads an order kept apart when a page first sorts by it, and passes over one of another writing', async () => {
    const { enablerId } = await givenAdministeredEnabler();
    const { memberId, plotIds } = await givenMember(enablerId, 2);
    for (let index = 0; index < 6; index += 1)
      await givenContribution(memberId, 100 * (6 - index), { plotId: plotIds[index % 2] as string });
    await refreshRecordSnapshot('contributions', enablerId);
    forgetRecordDirectories();

    const [first] = adminListSortFields.contributions;
    const apart = recordOrdersApart('contributions') as (typeof adminListSortFields.contributions)[number][];
    expect(apart).toContain('amount');
    expect(apart).toContain('memberName');
    const index = await recordDirectory('contributions', enablerId, first);
    expect(index.hasOrder(first)).toBe(true);
    for (const field of apart) expect(index.hasOrder(field), field).toBe(false);

    // A contribution after the snapshot: the order read apart takes it in.
    await givenContribution(memberId, 50, { plotId: plotIds[0] as string });
    expect(await recordDirectory('contributions', enablerId, 'amount')).toBe(index);
    expect(index.hasOrder('amount')).toBe(true);
    const firstPage = (field: 'amount' | 'memberName') =>
      index.list({ page: 1, pageSize: 10, sort: { field, direction: 'asc' }, filters: {} });
    expect(firstPage('amount').records.map((record) => record.amountCents)).toEqual([
      50, 100, 200, 300, 400, 500, 600,
    ]);

    // Pages sorted by one column at once read its order once, and each takes it.
    const together = await Promise.all(
      [1, 2, 3].map(() => recordDirectory('contributions', enablerId, 'memberNumber')),
    );
    expect(together.every((each) => each === index)).toBe(true);
    expect(index.hasOrder('memberNumber')).toBe(true);

    // Another writing's order fits other rows: the list sorts by itself instead.
    const times = { enablerId, seenUpTo: new Date().toISOString(), rebuiltAt: new Date().toISOString() };
    await writeSnapshotBytes(
      `records/${enablerId}/contributions.order.memberName.gz`,
      recordOrderPieces('contributions', {
        generation: 'another writing',
        field: 'memberName',
        rows: Int32Array.from({ length: 6 }, (_, row) => row),
      }),
      times,
      {},
    );
    await recordDirectory('contributions', enablerId, 'memberName');
    expect(index.hasOrder('memberName')).toBe(false);
    expect(firstPage('memberName').count).toBe(7);
  });
});
