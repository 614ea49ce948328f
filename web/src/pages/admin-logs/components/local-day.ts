/*
 * A day of the administrator's calendar (their time zone): the instants it starts and ends at, which the
 * activity is asked between, and the days around it.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** A local day as dd/MM/yyyy, as the screens type dates. */
export const dayText = (date: Date): string =>
  `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;

/** The local day a dd/MM/yyyy text names, at its midnight; undefined when it names none. */
export const localDayOf = (text: string): Date | undefined => {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day
    ? date
    : undefined;
};

/** The first and last instants of the local day, as the API takes them (ISO, UTC). */
export const dayBounds = (day: Date): { from: string; to: string } => {
  const next = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1);
  return { from: day.toISOString(), to: new Date(next.getTime() - 1).toISOString() };
};

/** The local day `days` away. */
export const dayAfter = (day: Date, days: number): Date =>
  new Date(day.getFullYear(), day.getMonth(), day.getDate() + days);
