import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import {
  adminCashoutPageAnswerSchema,
  adminContributionAnswerSchema,
  adminPlotPageAnswerSchema,
  type AdminCashoutRow,
  type AdminContributionRow,
} from './admin-records.ts';
import { adminPageSizes } from './common.ts';

const ajv = new Ajv({ allErrors: true, strict: true });
addFormats.default(ajv);
const contributionAnswer = ajv.compile(adminContributionAnswerSchema);
const cashoutPage = ajv.compile(adminCashoutPageAnswerSchema);

const contribution: AdminContributionRow = {
  id: 'c-1',
  memberId: 'm-1',
  memberName: 'Asha',
  memberNumber: '12',
  plotId: 'p-1',
  plotName: 'North field',
  protectionType: 'DROUGHT',
  amount: 12.5,
  contributionDate: '2026-03-01T10:00:00.000Z',
  createdAt: '2026-03-01T10:00:01.000Z',
  createdBy: 'ada@example.org',
  modifiedAt: null,
  modifiedBy: null,
};
const cashout: AdminCashoutRow = {
  id: 'k-1',
  memberId: 'm-1',
  memberName: 'Asha',
  memberNumber: '12',
  amount: 3,
  cashoutDate: '2026-04-01T10:00:00.000Z',
  createdAt: '2026-04-01T10:00:00.000Z',
  createdBy: 'ada@example.org',
  modifiedAt: '2026-04-02T10:00:00.000Z',
  modifiedBy: 'bob@example.org',
};

describe('admin answers', () => {
  it('page by the sizes of the admin tables', () => {
    expect(adminPlotPageAnswerSchema.properties.pageSize.enum).toEqual(adminPageSizes.map(Number));
  });

  it('take a row with its audit fields, and refuse one without them or with a field more', () => {
    expect(contributionAnswer(contribution)).toBe(true);
    const { modifiedBy: _, ...unaudited } = contribution;
    expect(contributionAnswer(unaudited)).toBe(false);
    expect(contributionAnswer({ ...contribution, amountCents: 1250 })).toBe(false);
    expect(contributionAnswer({ ...contribution, contributionDate: '01/03/2026' })).toBe(false);
  });

  it('take a page with its count and total, and refuse another page size or a page without them', () => {
    const page = { items: [cashout], page: 3, pageSize: 10, count: 21, totalAmount: 63 };
    expect(cashoutPage(page)).toBe(true);
    expect(cashoutPage({ ...page, pageSize: 7 })).toBe(false);
    expect(cashoutPage({ ...page, count: -1 })).toBe(false);
    const { totalAmount: _, ...untotalled } = page;
    expect(cashoutPage(untotalled)).toBe(false);
    expect(cashoutPage({ ...page, items: [contribution] })).toBe(false);
    expect(cashoutPage({ ...page, nextCursor: null })).toBe(false);
  });
});
