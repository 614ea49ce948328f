import fc from 'fast-check';
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

  it('should pair two names of a village exactly when their edit distance is within the bound, whatever filter comes first', () => {
    // Names of one word from three letters, the second made from the first by a few edits: many pairs
    // near the bound, on both sides of it, and of either bound (10 letters or fewer: one edit; more: two).
    const edit = fc.record({
      at: fc.nat(),
      kind: fc.constantFrom('swap', 'substitute', 'insert', 'delete'),
      letter: fc.constantFrom('a', 'b', 'c'),
    });
    const applied = (name: string, { at, kind, letter }: { at: number; kind: string; letter: string }) => {
      const index = at % (name.length + 1);
      if (kind === 'insert') return name.slice(0, index) + letter + name.slice(index);
      if (index >= name.length) return name;
      if (kind === 'delete') return name.slice(0, index) + name.slice(index + 1);
      if (kind === 'substitute') return name.slice(0, index) + letter + name.slice(index + 1);
      return index + 1 < name.length
        ? name.slice(0, index) + name[index + 1] + name[index] + name.slice(index + 2)
        : name;
    };
    fc.assert(
      fc.property(fc.stringMatching(/^[abc]{6,14}$/), fc.array(edit, { maxLength: 4 }), (first, edits) => {
        const second = edits.reduce(applied, first);
        fc.pre(second.length > 0);
        const bound = Math.max(first.length, second.length) <= 10 ? 1 : 2;
        const paired =
          duplicateBeneficiaries([member('1', { name: first }), member('2', { name: second })], new Map())
            .length > 0;
        expect(paired).toBe(editDistance(first, second, bound) <= bound);
      }),
      { numRuns: 3000 },
    );
  });
});
