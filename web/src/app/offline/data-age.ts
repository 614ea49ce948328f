import type { QueryClient } from '@tanstack/react-query';

/**
 * When the oldest read shown was made (ms): the reads the screen observes now, those with data. Undefined
 * when the screen shows none.
 */
export function oldestShownRead(queryClient: QueryClient): number | undefined {
  const times = queryClient
    .getQueryCache()
    .findAll({ type: 'active' })
    .map((query) => query.state.dataUpdatedAt)
    .filter((time) => time > 0);
  return times.length ? Math.min(...times) : undefined;
}

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];

/** How long ago, the way the language says it ("5 minutes ago", "il y a 5 minutes", "this minute"). */
export function ageText(time: number, now: number, language: string): string {
  const elapsed = Math.max(0, now - time);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const [unit, length] = units.find(([, size]) => elapsed >= size) ?? ['minute', 60 * 1000];
  return format.format(-Math.floor(elapsed / length), unit);
}
