import { describe, expect, it } from 'vitest';
import {
  claimMoves,
  claimValuesOf,
  MAX_REMOVABLE_PARTITION_ITEMS,
  MAX_TRANSACTION_ITEMS,
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
  it('fits in one transaction with its claims, tombstone, count and audit, or is refused', () => {
    expect(removalPlan({ partitionItems: 1, cashoutBalanceCents: 0 })).toEqual({
      removable: true,
      transactionItems: 6,
    });
    expect(removalPlan({ partitionItems: MAX_REMOVABLE_PARTITION_ITEMS, cashoutBalanceCents: 0 })).toEqual({
      removable: true,
      transactionItems: MAX_TRANSACTION_ITEMS,
    });
    expect(
      removalPlan({ partitionItems: MAX_REMOVABLE_PARTITION_ITEMS + 1, cashoutBalanceCents: 0 }),
    ).toEqual({ removable: false, code: 'ERR_MEMBER_TOO_MANY_RECORDS' });
  });

  it('is refused while a benefit is pending', () => {
    expect(removalPlan({ partitionItems: 3, cashoutBalanceCents: 1 })).toEqual({
      removable: false,
      code: 'ERR_MEMBER_HAS_PENDING_BENEFIT',
    });
  });
});
