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

/** Opens an in-app address in a new tab (ctrl-click or middle-click on a table row). */
export const openInNewTab = (href: string): void => {
  window.open(href, '_blank', 'noopener');
};
