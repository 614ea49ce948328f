/**
 * Reads begun by the page's first module for the screen at its address, as soon as the session is restored:
 * they travel while the app's code arrives, instead of after it has run. The API client hands each to the
 * screen's first read of that address (`takeEarlyRead`), once. What the screen did not take soon, or anything
 * read before a write, is dropped: a later read asks the server.
 */
export const EARLY_READ_LIFETIME_MS = 15_000;

interface EarlyRead {
  answer: Promise<unknown>;
  started: number;
}

const reads = new Map<string, EarlyRead>();
/**
 * The same reads for a screen's outline (app/shell/outline.ts), which draws a few of their fields before the
 * screen's code has come: not taken by the screen, dropped with the others.
 */
const outlined = new Map<string, Promise<unknown>>();
const outlinedAnswers = new Map<string, unknown>();

/** Keeps the answer of a read begun early, by its API address. */
export function keepEarlyRead(path: string, answer: Promise<unknown>, now = Date.now()): void {
  reads.set(path, { answer, started: now });
  outlined.set(path, answer);
  answer.then(
    (value) => {
      // Not an answer dropped since (a write, another session).
      if (outlined.get(path) === answer) outlinedAnswers.set(path, value);
    },
    // Its failure is the screen's to see, through its own read (api-client.ts).
    () => undefined,
  );
}

/** An early read's answer for an outline to wait for, without taking it from the screen. */
export function outlinedRead<T>(path: string): Promise<T> | undefined {
  return outlined.get(path) as Promise<T> | undefined;
}

/** An early read's answer, once it has come, for an outline drawn again by React. */
export function outlinedAnswer<T>(path: string): T | undefined {
  return outlinedAnswers.get(path) as T | undefined;
}

/** The early read of an address, if one was begun lately and not taken yet; it is taken once. */
export function takeEarlyRead<T>(path: string, now = Date.now()): Promise<T> | undefined {
  const read = reads.get(path);
  reads.delete(path);
  return read && now - read.started <= EARLY_READ_LIFETIME_MS ? (read.answer as Promise<T>) : undefined;
}

/** A write may change what was read early: every early read is dropped. */
export function forgetEarlyReads(): void {
  reads.clear();
  outlined.clear();
  outlinedAnswers.clear();
}
