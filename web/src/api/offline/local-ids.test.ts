import { describe, expect, it } from 'vitest';
import { isLocalId, newLocalId } from './local-ids.ts';

describe('local ids', () => {
  it('should tell the ids the device made from the server’s', () => {
    expect(isLocalId(newLocalId())).toBe(true);
    expect(isLocalId('4b0c8a3e-1f2d-4c5b-9a8e-7d6c5b4a3f21')).toBe(false);
    expect(newLocalId()).not.toBe(newLocalId());
  });
});
