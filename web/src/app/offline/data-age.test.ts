import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ageText, oldestShownRead } from './data-age.ts';

describe('the age of the data shown', () => {
  const now = Date.UTC(2026, 10, 27, 12, 0);

  it('should say how long ago in the language', () => {
    expect(ageText(now - 20_000, now, 'en')).toBe('this minute');
    expect(ageText(now - 5 * 60_000, now, 'en')).toBe('5 minutes ago');
    expect(ageText(now - 3 * 3_600_000, now, 'fr')).toBe('il y a 3 heures');
    expect(ageText(now - 2 * 86_400_000, now, 'en')).toBe('2 days ago');
    // A clock set back never says "in 5 minutes".
    expect(ageText(now + 5 * 60_000, now, 'en')).toBe('this minute');
  });

  it('should take the oldest read the screen observes', () => {
    const queryClient = new QueryClient();
    expect(oldestShownRead(queryClient)).toBeUndefined();
    queryClient.setQueryData(['shown'], 1, { updatedAt: now - 60_000 });
    queryClient.setQueryData(['older', 'not shown'], 1, { updatedAt: now - 3_600_000 });
    const shown = new QueryObserver(queryClient, {
      queryKey: ['shown'],
      queryFn: () => 1,
      staleTime: Infinity,
    });
    const stop = shown.subscribe(() => undefined);
    expect(oldestShownRead(queryClient)).toBe(now - 60_000);
    stop();
  });
});
