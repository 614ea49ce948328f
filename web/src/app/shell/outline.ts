import { membersOutline } from '../../pages/members/heading.ts';
import { screenAt } from '../screen-code.ts';
import type { ScreenId } from '../../navigation/screens.ts';

/** What a screen shows first, as translation keys: its heading, its search field's placeholder, its loading text. */
export interface OutlineKeys {
  heading: string;
  search: string;
  loading: string;
}
export type OutlineTexts = OutlineKeys;

/**
 * The screens whose first look is known before their code and data: a heading at the top of the content,
 * a search field under it, then the loading state. The member list (a full-page table).
 */
const outlinedScreens: Partial<Record<ScreenId, OutlineKeys>> = { members: membersOutline };

/** The outline of the signed-in screen at an address, if that screen has one. */
export const outlineAt = (pathname: string): OutlineKeys | undefined => {
  const screen = screenAt(pathname, 'signedIn');
  return screen && outlinedScreens[screen];
};

/**
 * The font faces the outline's texts use (heading, placeholder, loading text). It is drawn once they are
 * here: drawn in a fallback font first, its texts would be smaller than the screen's, which would then count
 * as the page's largest paint although nothing new appeared.
 */
export const outlineFaces = ['700 24px "Open Sans"', 'italic 400 14px "Open Sans"', '400 14px "Open Sans"'];

/**
 * The signed-in frame (its bar, its menu's place on wide screens) with the screen's heading, a disabled search
 * field and its loading text, in plain DOM: the page's first module draws it before React and the app's
 * code have arrived, and React draws the same until the frame and the screen replace it. The heading is
 * drawn where the screen draws its own and in its font (app.css), so nothing moves; nothing in it works
 * yet, and it says so to screen readers (a loading status).
 */
export function buildOutline(texts: OutlineTexts): HTMLElement {
  const element = (tag: string, className: string, text?: string): HTMLElement => {
    const created = document.createElement(tag);
    created.className = className;
    if (text !== undefined) created.textContent = text;
    return created;
  };
  const heading = element('div', 'screen-outline__heading', texts.heading);
  // The screen's own heading (a level-1 heading) comes with it; this one is only drawn.
  heading.setAttribute('aria-hidden', 'true');
  const search = document.createElement('input');
  search.className = 'screen-outline__search';
  search.type = 'search';
  search.placeholder = texts.search;
  // What is typed here would be lost when the screen replaces the outline.
  search.disabled = true;
  search.setAttribute('aria-hidden', 'true');
  const status = element('div', 'screen-outline__status');
  status.setAttribute('role', 'status');
  status.append(element('span', 'screen-outline__spinner'), element('span', '', texts.loading));

  const content = element('div', 'app-shell__content');
  content.append(heading, search, status);
  const body = element('div', 'app-shell__body');
  body.append(element('div', 'app-shell__navigation screen-outline__navigation'), content);
  const outline = element('div', 'app-shell screen-outline');
  outline.append(element('div', 'top-bar screen-outline__bar'), body);
  return outline;
}

/** A translation of the app's catalogue by its dotted key, without i18next (not loaded yet). */
export const catalogueText = (catalogue: Record<string, unknown>, key: string): string => {
  const found = key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
      catalogue,
    );
  return typeof found === 'string' ? found : key;
};
