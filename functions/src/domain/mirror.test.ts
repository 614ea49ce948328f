import { describe, expect, it } from 'vitest';
import { isMirrored, pseudonymiseItem, pseudonymOf } from './mirror.ts';

const key = new TextEncoder().encode('a key of the environment');
const otherKey = new TextEncoder().encode('another key');

const member = {
  pk: 'MEMBER#m-1',
  sk: 'PROFILE',
  name: 'Awa Diop',
  village: 'Fissel',
  phone: '+91 98765 43210',
  bankName: 'State Bank',
  bankAccount: '004512345678',
  bankBranchName: 'Kaolack Main',
  bankIFSC: 'SBIN0004321',
  totals: { contributions: 1200 },
};

describe('pseudonymiseItem', () => {
  it('should replace the phone, bank account, branch and IFSC, and keep every other field', () => {
    const copy = pseudonymiseItem(member, key);
    for (const field of ['phone', 'bankAccount', 'bankBranchName', 'bankIFSC'] as const) {
      expect(copy[field]).not.toBe(member[field]);
    }
    const { phone: _phone, bankAccount: _account, bankBranchName: _branch, bankIFSC: _ifsc, ...rest } = copy;
    const { phone: _p, bankAccount: _a, bankBranchName: _b, bankIFSC: _i, ...original } = member;
    expect(rest).toEqual(original);
  });

  it('should keep the shape of each value: digits for digits, letters for letters, the rest in place', () => {
    const copy = pseudonymiseItem(member, key);
    expect(copy.phone).toMatch(/^\+\d\d \d{5} \d{5}$/);
    expect(copy.bankAccount).toMatch(/^\d{12}$/);
    expect(copy.bankIFSC).toMatch(/^[A-Z]{4}\d[A-Z0-9]{6}$/);
    expect(copy.bankBranchName).toMatch(/^[A-Z][a-z]{6} [A-Z][a-z]{3}$/);
  });

  it('should give the same copy every time, and another one with another key', () => {
    expect(pseudonymiseItem(member, key)).toEqual(pseudonymiseItem(member, key));
    expect(pseudonymiseItem(member, otherKey).phone).not.toBe(pseudonymiseItem(member, key).phone);
  });

  it('should give two members with the same phone the same pseudonym, and different phones different ones', () => {
    const a = pseudonymOf('phone', '9876543210', key);
    expect(pseudonymOf('phone', '9876543210', key)).toBe(a);
    expect(pseudonymOf('phone', '9876543211', key)).not.toBe(a);
    // The same value in another field is hidden differently.
    expect(pseudonymOf('bankAccount', '9876543210', key)).not.toBe(a);
  });

  it('should reach nested maps and lists, and leave empty or missing values as they are', () => {
    const item = {
      pk: 'ENABLER#e#AUDIT#2026-11',
      sk: 'x',
      before: { phone: '12345', nested: [{ bankAccount: '999' }] },
      phone: '',
      bankIFSC: null,
    };
    const copy = pseudonymiseItem(item, key);
    expect(copy.before.phone).toMatch(/^\d{5}$/);
    expect(copy.before.phone).not.toBe('12345');
    expect(copy.before.nested[0]?.bankAccount).toMatch(/^\d{3}$/);
    expect(copy.phone).toBe('');
    expect(copy.bankIFSC).toBeNull();
  });

  it('should not change the item it copies', () => {
    const original = structuredClone(member);
    pseudonymiseItem(member, key);
    expect(member).toEqual(original);
  });

  it('should hide a value longer than one hash', () => {
    const long = '1'.repeat(100);
    const copy = pseudonymOf('bankAccount', long, key);
    expect(copy).toMatch(/^\d{100}$/);
    expect(copy.slice(40)).not.toBe('1'.repeat(60));
  });
});

describe('isMirrored', () => {
  it.each([
    [{ pk: 'MEMBER#m', sk: 'PROFILE' }, true],
    [{ pk: 'USER#a@b.org', sk: 'PROFILE' }, true],
    [{ pk: 'ENABLER#e', sk: 'CONFIG#000001' }, true],
    [{ pk: 'USER#a@b.org', sk: 'SESSION#s-1' }, false],
    [{ pk: 'LOG#warn', sk: 'N#000000000000001' }, false],
    [{ pk: 'REPORTS', sk: 'COUNTER' }, false],
    [{ pk: 'MIRROR', sk: 'JOB' }, false],
    [{ pk: 'MIRRORED#x', sk: 'a' }, true],
    [{ pk: 'REPORTSX', sk: 'a' }, true],
    [{ pk: 'TOKEN#abc', sk: 'TOKEN' }, false],
    [{ pk: 'IDEMPOTENCY#a@b.org', sk: 'KEY#k' }, false],
    [{ pk: 'AGGMARK#e', sk: 'MARK' }, false],
    [{ pk: 'DATAJOB#j', sk: 'JOB' }, false],
    [{ pk: 'REBUILDJOB#j', sk: 'JOB' }, false],
    [{ pk: 'REBUILDLOCK#e', sk: 'LOCK' }, false],
    [{ pk: 'IMPORTLOCK', sk: 'LOCK' }, false],
    [{ pk: 'OUTBOX#m', sk: 'MESSAGE' }, false],
    [{ pk: 'RECORDID#r', sk: 'CLAIM' }, true],
  ])('%o is copied: %s', (key, copied) => {
    expect(isMirrored(key)).toBe(copied);
  });
});
