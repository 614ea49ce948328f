import { describe, expect, it } from 'vitest';
import { orNull, readItem } from './item-values.ts';

describe('orNull', () => {
  it('should read an absent attribute as null and keep a stored one', () => {
    expect(orNull(undefined)).toBeNull();
    expect(orNull(null)).toBeNull();
    expect(orNull('')).toBe('');
    expect(orNull(0)).toBe(0);
  });
});

describe('readItem', () => {
  const item = { id: 'm1', latitude: 12.5, phone: 'x', bankName: '', plotCount: 3, extra: 'not read' };

  it('should read the named attributes of each kind, and no other', () => {
    expect(
      readItem(item, {
        text: ['id'],
        number: ['latitude'],
        optional: ['phone', 'federation'],
        count: ['plotCount', 'contributionTotalCents'],
        blankable: ['bankName', 'bankIFSC'],
      }),
    ).toEqual({
      id: 'm1',
      latitude: 12.5,
      phone: 'x',
      federation: null,
      plotCount: 3,
      contributionTotalCents: 0,
      bankName: null,
      bankIFSC: null,
    });
  });

  it('should keep an optional empty string, which only a blankable attribute reads as null', () => {
    expect(readItem({ a: '', b: '', c: 'y' }, { optional: ['a'], blankable: ['b', 'c'] })).toEqual({
      a: '',
      b: null,
      c: 'y',
    });
  });

  it('should read a count stored as null as 0', () => {
    expect(readItem({ n: null }, { count: ['n'] })).toEqual({ n: 0 });
  });
});
