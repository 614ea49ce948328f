/**
 * Page-level navigation that leaves the single-page app (full reloads). Kept behind one object so
 * tests can replace it: jsdom does not implement navigation.
 */
export const browser = {
  reload(): void {
    window.location.reload();
  },
  /** Loads the URL as a new page (a reload when it is the current one). */
  load(url: string): void {
    window.location.assign(url);
  },
};
