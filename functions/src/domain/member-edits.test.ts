import { describe, expect, it } from 'vitest';
import {
  claimMoves,
  claimValuesOf,
  MAX_RECORDS_REMOVED_AT_ONCE,
  MAX_TRANSACTION_ITEMS,
  REMOVAL_EXTRA_ITEMS,
  removalPlan,
} from './member-edits.ts';

const awa = { name: 'Awa Diop', village: 'Fissel', number: 'N-1' };

describe('duplicate claims of an edit', () => {
  it('compare without case, accents or extra spaces', () => {
    expect(claimValuesOf({ name: '  Awa   DIOP ', village: 'fissél', number: ' n-1 ' })).toEqual(
      claimValuesOf(awa),
    );
  });

  it('move only the claim whose compared value changes', () => {
    expect(claimMoves(awa, { ...awa, name: 'AWA  diop' })).toEqual({ number: false, nameVillage: false });
    expect(claimMoves(awa, { ...awa, number: 'N-2' })).toEqual({ number: true, nameVillage: false });
    expect(claimMoves(awa, { ...awa, village: 'Kaolack' })).toEqual({ number: false, nameVillage: true });
    expect(claimMoves(awa, { name: 'Fatou Sow', village: 'Kaolack', number: 'N-2' })).toEqual({
      number: true,
      nameVillage: true,
    });
  });

  it('keep name and village apart: "a b|c" is not "a|b c"', () => {
    expect(claimValuesOf({ ...awa, name: 'a b', village: 'c' }).nameVillage).not.toBe(
      claimValuesOf({ ...awa, name: 'a', village: 'b c' }).nameVillage,
    );
  });
});

describe('removal of a member', () => {
  it('takes the records in its own transaction while they fit beside its other items', () => {
    expect(removalPlan({ records: 0, cashoutBalanceCents: 0 })).toEqual({ removable: true, atOnce: true });
    expect(removalPlan({ records: MAX_RECORDS_REMOVED_AT_ONCE, cashoutBalanceCents: 0 })).toEqual({
      removable: true,
      atOnce: true,
    });
    expect(MAX_RECORDS_REMOVED_AT_ONCE + REMOVAL_EXTRA_ITEMS).toBe(MAX_TRANSACTION_ITEMS);
  });

  it('leaves the records to a job past that, whatever their number', () => {
    for (const records of [MAX_RECORDS_REMOVED_AT_ONCE + 1, 2_000, 1_000_000])
      expect(removalPlan({ records, cashoutBalanceCents: 0 })).toEqual({ removable: true, atOnce: false });
  });

  it('is refused while a benefit is pending', () => {
    expect(removalPlan({ records: 3, cashoutBalanceCents: 1 })).toEqual({
      removable: false,
      code: 'ERR_MEMBER_HAS_PENDING_BENEFIT',
    });
    expect(removalPlan({ records: 3_000, cashoutBalanceCents: 1 })).toEqual({
      removable: false,
      code: 'ERR_MEMBER_HAS_PENDING_BENEFIT',
    });
  });
});
