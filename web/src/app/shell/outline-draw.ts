import { totalUnknown } from '../../common/admin-table/table-texts.ts';
import { formatAmount, formatDate } from '../../common/format/format.ts';
import { statusCards } from '../../pages/member/status-values.ts';
import { plotDetails } from '../../pages/plot/detail-values.ts';
import { reviewBarOf, runAlerts } from '../../pages/benefit-run/run-alerts.ts';
import {
  outlineSession,
  type OutlineKeys,
  type OutlineMember,
  type OutlinePlot,
  type OutlineRun,
  type OutlineSession,
  type OutlineTexts,
  type Translate,
} from './outline.ts';

/*
 * What draws a screen's outline (outline.ts) from its keys: a chunk of its own (vite.config.ts), which the page's
 * first module fetches for a signed-in screen with an outline (outline-drawing.ts), off the login page's path.
 */

/** What an outline waits for, when its keys ask for it: the session's restore, the early reads, the language. */
export interface OutlineFound {
  session?: OutlineSession;
  member?: OutlineMember;
  plot?: OutlinePlot;
  run?: OutlineRun;
  /** The language amounts and numbers are written in (English otherwise). */
  language?: string;
}

/**
 * The outline's texts: a total line as the table draws it before its first answer; with the session's
 * restore's answer, when the outline waits for it, the enabler's name in the description, and an
 * administrator's bar and button; with the member's early read, the member's name and number (and the member's
 * page's status cards); with the plot's, its name, its member's and its details; with a benefit run's, the
 * run's assessment in the heading and its alerts.
 */
export const outlineTexts = (
  keys: OutlineKeys,
  translate: Translate,
  { session = outlineSession(undefined), member, plot, run, language = 'en' }: OutlineFound = {},
): OutlineTexts => {
  const administrator = keys.admin === true || (keys.enabler === true && session.role === 'ADMIN');
  const action = keys.action ?? (administrator ? keys.adminAction : undefined);
  const named = {
    ...(keys.enabler ? { enabler: session.enablerName, username: session.username } : {}),
    ...(keys.member
      ? { member: member?.name ?? '', number: member?.number ?? '', village: member?.village ?? '' }
      : {}),
    ...(keys.plot ? { member: plot?.memberName ?? '' } : {}),
    ...(keys.run ? { assessment: run?.run.assessmentId ?? '' } : {}),
  };
  const amounts = {
    amount: (amount: number | null | undefined) => formatAmount(amount, session.currency, language),
    date: formatDate,
  };
  return {
    ...(keys.breadcrumbs ? { breadcrumbs: true } : {}),
    ...(keys.tabs ? { tabs: true } : {}),
    heading:
      keys.memberHeading && member
        ? member.name
        : keys.plot && plot
          ? plot.name
          : translate(keys.heading, named),
    loading: translate(keys.loading),
    ...(keys.search === undefined ? {} : { search: translate(keys.search) }),
    ...(keys.description === undefined
      ? {}
      : {
          description: translate(keys.description, named),
        }),
    ...(keys.banner !== undefined && keys.enabler && session.banner !== undefined
      ? { banner: { src: session.banner, alt: translate(keys.banner, named) } }
      : {}),
    ...(keys.total === undefined ? {} : { total: translate(keys.total, { amount: totalUnknown }) }),
    ...(keys.section === undefined
      ? {}
      : {
          section: {
            heading: translate(keys.section.heading),
            description: translate(keys.section.description),
            ...(keys.section.plain ? { plain: true } : {}),
          },
        }),
    ...(keys.statusCards && member ? { cards: statusCards(member, amounts, translate) } : {}),
    ...(keys.run && run
      ? {
          alerts: runAlerts(run.run, reviewBarOf(run.run, run.linkedToUploader, session.email)).map(
            ({ type, header, text, values }) => ({
              type,
              header: translate(header),
              text: translate(text, values),
            }),
          ),
        }
      : {}),
    ...(keys.details !== undefined && plot
      ? {
          details: {
            heading: translate(keys.details),
            pairs: plotDetails(plot, translate, language).map(({ label, value, copied }) => ({
              label,
              value,
              ...(copied ? { copied } : {}),
            })),
          },
        }
      : {}),
    ...(administrator ? { admin: true } : {}),
    ...(keys.actions ? { actions: true } : {}),
    ...(action === undefined ? {} : { action: translate(action) }),
    ...(action !== undefined && keys.actionIcon ? { actionIcon: true } : {}),
  };
};

const element = (tag: string, className: string, text?: string): HTMLElement => {
  const created = document.createElement(tag);
  created.className = className;
  if (text !== undefined) created.textContent = text;
  return created;
};

/**
 * The signed-in frame (its bar, its menu's place on wide screens) with the screen's heading, its description,
 * its first section and a disabled search field as it has them, and its loading text, in plain DOM: the page's first module draws it before React
 * and the app's code have arrived, and React draws the same until the frame and the screen replace it. The
 * heading and the description are drawn where the screen draws its own and in their fonts (app.css), so
 * nothing moves; nothing in it works yet, and it says so to screen readers (a loading status).
 */
export function buildOutline(texts: OutlineTexts): HTMLElement {
  const body = element('div', 'app-shell__body');
  body.append(element('div', 'app-shell__navigation screen-outline__navigation'), buildOutlineContent(texts));
  const outline = element('div', 'app-shell screen-outline');
  const bar = element(
    'div',
    `top-bar screen-outline__bar${texts.admin ? ' screen-outline__bar--admin' : ''}`,
  );
  outline.append(bar, body);
  return outline;
}

/** The screen's part of the outline (its content area), where the frame waits for the screen's first draw. */
export function buildOutlineContent(texts: OutlineTexts): HTMLElement {
  // Only drawn: the screen brings its own heading (a level-1 heading) and fields.
  const drawn = (shown: HTMLElement) => {
    shown.setAttribute('aria-hidden', 'true');
    return shown;
  };
  const content = element('div', 'app-shell__content');
  if (texts.breadcrumbs) content.append(drawn(element('div', 'screen-outline__breadcrumbs')));
  const heading = element('div', 'screen-outline__heading', texts.heading);
  if (texts.action === undefined) content.append(drawn(heading));
  else {
    const row = element('div', 'screen-outline__heading-row');
    const action = `screen-outline__action${texts.actionIcon ? ' screen-outline__action--icon' : ''}`;
    row.append(heading, element('span', action, texts.action));
    content.append(drawn(row));
  }
  if (texts.banner !== undefined) {
    const banner = document.createElement('img');
    banner.className = 'home-banner screen-outline__banner';
    banner.src = texts.banner.src;
    banner.alt = texts.banner.alt;
    content.append(drawn(banner));
  }
  if (texts.description !== undefined) {
    const description = element(
      'div',
      `screen-outline__description${texts.actions ? ' screen-outline__description--under-actions' : ''}`,
      texts.description,
    );
    if (texts.total !== undefined) description.append(element('span', 'screen-outline__total', texts.total));
    content.append(drawn(description));
  }
  if (texts.tabs) content.append(drawn(element('div', 'screen-outline__tabs')));
  for (const { type, header, text } of texts.alerts ?? []) {
    const alert = element('div', `screen-outline__alert screen-outline__alert--${type}`);
    alert.append(
      element('div', 'screen-outline__alert-header', header),
      element('div', 'screen-outline__alert-text', text),
    );
    content.append(drawn(alert));
  }
  if (texts.cards !== undefined) {
    const cards = element('div', 'screen-outline__cards');
    for (const { label, value } of texts.cards) {
      const card = element('div', 'screen-outline__card');
      card.append(
        element('div', 'screen-outline__card-label', label),
        element('div', 'screen-outline__card-value', value),
      );
      cards.append(card);
    }
    content.append(drawn(cards));
  }
  if (texts.details !== undefined) {
    const details = element('div', 'screen-outline__section screen-outline__section--pairs');
    details.append(element('div', 'screen-outline__section-heading', texts.details.heading));
    const pairs = element('div', 'screen-outline__pairs');
    for (const { label, value, copied } of texts.details.pairs) {
      const pair = element('div', 'screen-outline__pair');
      pair.append(
        element('div', 'screen-outline__pair-label', label),
        element('div', copied ? 'screen-outline__pair-value--copied' : '', value),
      );
      pairs.append(pair);
    }
    details.append(pairs);
    content.append(drawn(details));
  }
  if (texts.section !== undefined) {
    const section = element(
      'div',
      `screen-outline__section${texts.section.plain ? ' screen-outline__section--plain' : ''}`,
    );
    section.append(
      element('div', 'screen-outline__section-heading', texts.section.heading),
      element('div', 'screen-outline__section-description', texts.section.description),
    );
    content.append(drawn(section));
  }
  if (texts.search !== undefined) {
    const search = document.createElement('input');
    search.className = 'screen-outline__search';
    search.type = 'search';
    search.placeholder = texts.search;
    // What is typed here would be lost when the screen replaces the outline.
    search.disabled = true;
    content.append(drawn(search));
  }
  const status = element('div', 'screen-outline__status');
  status.setAttribute('role', 'status');
  status.append(element('span', 'screen-outline__spinner'), element('span', '', texts.loading));
  content.append(status);
  return content;
}
