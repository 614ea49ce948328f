import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { snapshotsChangedBy } from './handler.ts';

const image = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, { S: value }]));

const record = (after: Record<string, string>, before?: Record<string, string>): DynamoDBRecord => ({
  dynamodb: { NewImage: image({ enablerId: 'e', ...after }), ...(before && { OldImage: image(before) }) },
});

describe('the snapshots a stream record changes', () => {
  it('should refresh the member list for any member change, and the record lists for a rename or a removal', () => {
    const member = { entityType: 'MEMBER', name: 'Awa', number: '1', gsi1sk: 't2#m' };
    expect(snapshotsChangedBy(record(member)).snapshots).toEqual(['members']);
    expect(snapshotsChangedBy(record(member, { ...member, gsi1sk: 't1#m' })).snapshots).toEqual(['members']);
    expect(snapshotsChangedBy(record(member, { ...member, number: '2' })).snapshots).toEqual([
      'members',
      'plots',
      'contributions',
      'payouts',
      'cashouts',
    ]);
    expect(snapshotsChangedBy(record({ entityType: 'MEMBER_REMOVED' })).snapshots).toHaveLength(5);
  });

  it('should refresh a record list when one of its records moves in its timeline, or is removed', () => {
    const contribution = { entityType: 'CONTRIBUTION', gsi1sk: 't2#c' };
    expect(snapshotsChangedBy(record(contribution)).snapshots).toEqual(['contributions']);
    // The aggregates worker's copy of a federation moves no key: nothing the list shows.
    expect(snapshotsChangedBy(record(contribution, { ...contribution })).snapshots).toEqual([]);
    expect(
      snapshotsChangedBy(record({ entityType: 'RECORD_REMOVED', recordType: 'CASHOUT' })).snapshots,
    ).toEqual(['cashouts']);
  });

  it('should refresh the plot list for a plot that moved, and the plot names of money lists for a rename', () => {
    const plot = { entityType: 'PLOT', name: 'North', gsi1sk: 't2#p' };
    // A money write moves a plot's counts only.
    expect(snapshotsChangedBy(record(plot, { ...plot })).snapshots).toEqual([]);
    expect(snapshotsChangedBy(record(plot, { ...plot, gsi1sk: 't1#p' })).snapshots).toEqual(['plots']);
    expect(snapshotsChangedBy(record(plot, { ...plot, name: 'South', gsi1sk: 't1#p' })).snapshots).toEqual([
      'plots',
      'contributions',
      'payouts',
    ]);
  });

  it('should leave every snapshot alone for other items', () => {
    expect(snapshotsChangedBy(record({ entityType: 'AUDIT' })).snapshots).toEqual([]);
  });
});
