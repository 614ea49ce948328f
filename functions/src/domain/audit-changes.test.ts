import { describe, expect, it } from 'vitest';
import { changedFields, monthsOfRange, stateOf } from './audit-changes.ts';

describe('changedFields', () => {
  it('should keep only the fields that differ, absent as null', () => {
    expect(
      changedFields(
        { name: 'Awa', bankAccount: '001', phone: null, village: 'Ndiaye' },
        { name: 'Awa', bankAccount: '002', phone: '+221', village: 'Ndiaye' },
      ),
    ).toEqual({
      before: { bankAccount: '001', phone: null },
      after: { bankAccount: '002', phone: '+221' },
    });
    expect(changedFields({ active: true }, {})).toEqual({
      before: { active: true },
      after: { active: null },
    });
  });

  it('should say nothing changed, and look at the fields named only', () => {
    expect(changedFields({ name: 'Awa', phone: undefined }, { name: 'Awa', phone: null })).toBeNull();
    expect(changedFields({ name: 'Awa', role: 'USER' }, { name: 'Awa', role: 'ADMIN' }, ['name'])).toBeNull();
  });
});

describe('stateOf', () => {
  it('should hold the fields named, undefined as null', () => {
    expect(stateOf({ name: 'Awa', phone: undefined, extra: 1 }, ['name', 'phone'])).toEqual({
      name: 'Awa',
      phone: null,
    });
  });
});

describe('monthsOfRange', () => {
  it('should list the months of a range newest first, across a year', () => {
    expect(monthsOfRange('2026-11-30T23:00:00.000Z', '2026-12-01T22:59:59.999Z')).toEqual([
      '2026-12',
      '2026-11',
    ]);
    expect(monthsOfRange('2025-12-15T00:00:00.000Z', '2026-02-01T00:00:00.000Z')).toEqual([
      '2026-02',
      '2026-01',
      '2025-12',
    ]);
    expect(monthsOfRange('2026-05-01T00:00:00.000Z', '2026-05-31T00:00:00.000Z')).toEqual(['2026-05']);
    expect(monthsOfRange('2026-06-01T00:00:00.000Z', '2026-05-31T00:00:00.000Z')).toEqual([]);
  });
});
