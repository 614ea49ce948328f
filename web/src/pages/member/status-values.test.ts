import { describe, expect, it } from 'vitest';
import { monthsBetween } from './status-values.ts';

describe('monthsBetween', () => {
  it.each([
    ['2025-01-15', '2025-01-20', 0],
    ['2025-01-15', '2025-02-14', 0],
    ['2025-01-15', '2025-02-15', 1],
    ['2025-01-31', '2025-03-01', 1],
    ['2024-11-01', '2025-02-01', 3],
    ['2025-03-01', '2025-02-01', 0],
  ])('should count the whole months from %s to %s', (from, to, months) => {
    expect(monthsBetween(new Date(`${from}T12:00:00`), new Date(`${to}T12:00:00`))).toBe(months);
  });
});
