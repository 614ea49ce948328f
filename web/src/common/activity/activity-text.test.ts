import { describe, expect, it } from 'vitest';
import { auditedFields } from '@cpbo/schemas/activity.ts';
import type { ActivityEntry } from '../../api/activity.ts';
import { actionKeyOf, changesOf, fieldLabelKey } from './activity-text.ts';

const entry = (fields: Partial<ActivityEntry>): ActivityEntry => ({
  at: '2026-11-29T10:00:00.000Z',
  action: 'UPDATE',
  recordType: 'MEMBER',
  recordId: 'm1',
  label: 'Awa Diop',
  enablerId: 'e1',
  enablerName: 'Sahel',
  memberId: 'm1',
  memberName: 'Awa Diop',
  memberNumber: 'N-1',
  by: 'admin@example.org',
  byName: 'Admin',
  before: null,
  after: null,
  ...fields,
});

describe('an audit entry as a person reads it', () => {
  it('should name the step of a run by the states it moved between', () => {
    const run = (
      before: string | null,
      after: Record<string, string>,
      action: 'CREATE' | 'UPDATE' = 'UPDATE',
    ) =>
      actionKeyOf(
        entry({ recordType: 'BENEFIT_RUN', action, before: before ? { state: before } : null, after }),
      );
    expect(run(null, { state: 'PREVIEWING' }, 'CREATE')).toBe('BENEFIT_RUN.upload');
    expect(run(null, { state: 'PREVIEWING', reverses: 'r1' }, 'CREATE')).toBe('BENEFIT_RUN.reverse');
    expect(run('PENDING_APPROVAL', { state: 'APPROVED', comment: 'ok' })).toBe('BENEFIT_RUN.approve');
    expect(run('PENDING_APPROVAL', { state: 'REJECTED' })).toBe('BENEFIT_RUN.reject');
    expect(run('PENDING_APPROVAL', { state: 'CANCELLED' })).toBe('BENEFIT_RUN.cancel');
    expect(run('PENDING_APPROVAL', { state: 'PREVIEWING' })).toBe('BENEFIT_RUN.preview');
    expect(run('FAILED', { state: 'PAYING' })).toBe('BENEFIT_RUN.resume');
  });

  it("should say what an account's and a member's change was about", () => {
    const user = (after: Record<string, string | boolean>) =>
      actionKeyOf(entry({ recordType: 'USER', before: {}, after }));
    expect(user({ role: 'ADMIN' })).toBe('USER.role');
    expect(user({ active: false })).toBe('USER.deactivate');
    expect(user({ active: true })).toBe('USER.reactivate');
    expect(user({ blocked: 'RENEWAL_FORCED' })).toBe('USER.renewal');
    expect(user({ username: 'Awa' })).toBe('USER.UPDATE');
    expect(actionKeyOf(entry({ recordType: 'USER', action: 'CREATE' }))).toBe('USER.CREATE');
    expect(actionKeyOf(entry({ before: { bankAccount: '1' }, after: { bankAccount: '2' } }))).toBe(
      'MEMBER.bank',
    );
    expect(actionKeyOf(entry({ before: { phone: '1' }, after: { phone: '2' } }))).toBe('MEMBER.UPDATE');
  });

  it('should list each field with what it was and became, a run state aside', () => {
    expect(
      changesOf(
        entry({ before: { bankAccount: '1', phone: null }, after: { bankAccount: '2', phone: '3' } }),
      ),
    ).toEqual([
      { field: 'bankAccount', before: '1', after: '2' },
      { field: 'phone', before: null, after: '3' },
    ]);
    expect(changesOf(entry({ action: 'CREATE', after: { name: 'Awa' } }))).toEqual([
      { field: 'name', after: 'Awa' },
    ]);
    expect(
      changesOf(
        entry({
          recordType: 'BENEFIT_RUN',
          before: { state: 'PENDING_APPROVAL' },
          after: { state: 'APPROVED', comment: 'ok' },
        }),
      ),
    ).toEqual([{ field: 'comment', after: 'ok' }]);
  });
});

describe("the activity's field labels", () => {
  it('should name every field with a label that exists in both languages', async () => {
    const catalogues = await Promise.all(
      [
        '../../i18n/en.json',
        '../../i18n/admin/en.json',
        '../../i18n/fr.json',
        '../../i18n/admin/fr.json',
      ].map(async (path) => (await import(path)) as { default: Record<string, unknown> }),
    );
    const [en, enAdmin, fr, frAdmin] = catalogues.map((module) => module.default);
    const leaf = (catalogue: Record<string, unknown>, key: string) =>
      key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
    // Besides each record's fields: what a member's deletion keeps of its records and totals, a forced
    // renewal's `blocked`, and a run's step's comment.
    const fields = [
      ...new Set([
        ...Object.values(auditedFields).flat(),
        'plots',
        'contributions',
        'payouts',
        'cashouts',
        'contributionTotalCents',
        'payoutTotalCents',
        'cashoutTotalCents',
        'cashoutBalanceCents',
        'blocked',
        'comment',
      ]),
    ];
    for (const field of fields)
      for (const catalogue of [
        { ...en, ...enAdmin },
        { ...fr, ...frAdmin },
      ])
        expect(typeof leaf(catalogue, fieldLabelKey(field)), field).toBe('string');
  });
});
