import { describe, expect, it } from 'vitest';
import { previewMember } from '../testing/preview-fixtures.ts';
import { duplicateBeneficiaries, editDistance } from './duplicate-beneficiaries.ts';

const member = previewMember;

describe('possible duplicate beneficiaries', () => {
  it('should count edits, a swap of neighbours as one, and stop past its bound', () => {
    expect(editDistance('awa diop', 'awa diop', 1)).toBe(0);
    expect(editDistance('awa diop', 'awa dipo', 1)).toBe(1);
    expect(editDistance('awa diop', 'awa dop', 1)).toBe(1);
    expect(editDistance('awa diop', 'fatou sarr', 2)).toBe(3);
    expect(editDistance('a', 'abcd', 2)).toBe(3);
  });

  it('should group members by a shared bank account or phone, as compared, and by near-identical names in one village', () => {
    const members = [
      member('1', { name: 'Awa Diop', bankAccount: 'SN12 3456', phone: '+221 77 123 45 67' }),
      member('2', { name: 'Fatou Sarr', bankAccount: 'sn12-3456' }),
      member('3', { name: 'Moussa Ndiaye', phone: '771234567' }),
      member('4', { name: 'Diop  Awà' }),
      member('5', { name: 'Awa Diop', village: 'Ndiaffate' }),
      member('6', { name: 'Awa Dioup', village: 'Ndiaffate' }),
      member('7', { name: 'Ousmane Ba', village: 'Ndiaffate' }),
    ];
    const benefits = new Map([['1', 2400]]);
    const groups = duplicateBeneficiaries(members, benefits).map(
      ({ group, kind, value, member, benefitCents }) => [group, kind, value, member.id, benefitCents],
    );
    expect(groups).toEqual([
      [1, 'BANK_ACCOUNT', 'SN123456', '1', 2400],
      [1, 'BANK_ACCOUNT', 'SN123456', '2', 0],
      [2, 'PHONE', '771234567', '1', 2400],
      [2, 'PHONE', '771234567', '3', 0],
      [3, 'SIMILAR_NAMES', 'Fissel', '1', 2400],
      [3, 'SIMILAR_NAMES', 'Fissel', '4', 0],
      [4, 'SIMILAR_NAMES', 'Ndiaffate', '5', 0],
      [4, 'SIMILAR_NAMES', 'Ndiaffate', '6', 0],
    ]);
  });

  it('should flag nobody when accounts, phones and names differ', () => {
    expect(
      duplicateBeneficiaries(
        [
          member('1', { name: 'Awa Diop', bankAccount: '1' }),
          member('2', { name: 'Awa Sarr', bankAccount: '2' }),
        ],
        new Map(),
      ),
    ).toEqual([]);
  });
});
