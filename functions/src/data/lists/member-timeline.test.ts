import { describe, expect, it } from 'vitest';
import { summaryOfProfile, timelineProjection } from './member-timeline.ts';
import { memberItem, memberSummaryOf, toMember } from '../members/member-items.ts';

describe('the member timeline projection', () => {
  it('reads every field a member summary needs', () => {
    const item = {
      ...memberItem(
        {
          enablerId: 'enabler',
          name: 'Awa Diop',
          village: 'Fissel',
          number: 'N-1',
          federation: 'Kaolack',
          gender: true,
          phone: '+221 1',
          bankName: 'Bank',
          bankBranchName: 'Branch',
          bankIFSC: 'IFSC',
          bankAccount: '42',
          onboardingDate: '2026-01-15',
        },
        'member',
        '2026-11-23T10:00:00.000Z',
      ),
      contributionTotalCents: 1500,
      payoutTotalCents: 9000,
      cashoutTotalCents: 4000,
      cashoutBalanceCents: 5000,
      plotCount: 2,
      firstContributionDate: '2026-02-01',
      lastContributionDate: '2026-03-01',
      firstPayoutDate: '2026-10-01',
      lastPayoutDate: '2026-10-01',
    };
    const names: Record<string, string> = timelineProjection.ExpressionAttributeNames;
    const projected = Object.fromEntries(
      timelineProjection.ProjectionExpression.split(', ')
        .map((attribute) => names[attribute] ?? attribute)
        .filter((attribute) => attribute in item)
        .map((attribute) => [attribute, item[attribute as keyof typeof item]]),
    );
    expect(summaryOfProfile(projected)).toEqual(memberSummaryOf(toMember(item)));
    expect(Object.keys(projected)).not.toContain('bankAccount');
  });
});
