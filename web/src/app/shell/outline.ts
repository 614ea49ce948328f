import { adminTables, adminTableTotalKey } from '../../common/admin-table/table-texts.ts';
import type { AuthSession } from '../../api/auth.ts';
import type { MemberDetail } from '../../api/members.ts';
import type { Plot } from '../../api/plots.ts';
import type { RunAlert, RunAlertRun } from '../../pages/benefit-run/run-alerts.ts';
import type { AddedCatalogue } from '../../i18n/catalogue-loader.ts';
import { dashboardOutline } from '../../pages/dashboard/heading.ts';
import { homeOutline } from '../../pages/home/heading.ts';
import { memberOutline } from '../../pages/member/heading.ts';
import type { StatusMember } from '../../pages/member/status-values.ts';
import { membersOutline } from '../../pages/members/heading.ts';
import { newPlotOutline } from '../../pages/new-plot/heading.ts';
import { onboardingOutline } from '../../pages/onboarding/heading.ts';
import { plotOutline } from '../../pages/plot/heading.ts';
import { benefitRunOutline } from '../../pages/benefit-run/heading.ts';
import { waitingOutline } from '../../pages/waiting/heading.ts';
import { screenAt } from '../screen-code.ts';
import { adminScreenTexts } from '../../navigation/screen-texts.ts';
import { screenTitleKey, type ScreenId } from '../../navigation/screens.ts';

/**
 * What a screen shows first, as translation keys: its heading and its loading text, with an
 * administrator's table's description and total line, and a search field's placeholder (the member list's).
 */
export interface OutlineKeys {
  heading: string;
  loading: string;
  search?: string;
  description?: string;
  total?: string;
  /** An administrator's screen: some texts are the administrators', and their top bar has two rows on a phone. */
  admin?: boolean;
  /** An administrator's action beside the heading (add, upload): on a phone it takes a row above the description. */
  actions?: boolean;
  /**
   * A button beside the heading, by its label: drawn unseen at its size, so that it goes under the heading
   * exactly when the screen's does (a longer heading or label, a narrower screen).
   */
  action?: string;
  /** The button beside the heading has an icon before its label (an add button's "+"). */
  actionIcon?: boolean;
  /** A button beside the heading that only an administrator has (`action` otherwise): needs `enabler`. */
  adminAction?: string;
  /**
   * Some texts are of a part fetched apart (the offline field work's, the dashboard's), which then comes
   * with the first language's.
   */
  texts?: AddedCatalogue;
  /**
   * Font faces the screen's first draw uses beyond the outline's (a form's bold italic "- optional"): the
   * outline waits for them too, so that no text changes size under the screen's first draw.
   */
  faces?: readonly string[];
  /**
   * The heading or the description names the session's user or enabler (`{{username}}`, `{{enabler}}`):
   * the outline waits for the session's restore, which answers them.
   */
  enabler?: boolean;
  /** The enabler's banner under the heading, as the home page draws it (with `enabler`; its alt text's key). */
  banner?: string;
  /**
   * The description names the member of the address (`{{member}}`, `{{number}}`): the outline waits for the
   * member's early read (app/screen-reads.ts), which the page's first module begins after the session's restore.
   */
  member?: boolean;
  /** The heading is the member's name (the member's page), from the member's early read (with `member`). */
  memberHeading?: boolean;
  /** The member's status cards under the tabs (the member's page), from the member's early read (with `member`). */
  statusCards?: boolean;
  /**
   * The heading is the plot's name and the description names its member (the plot's page): the outline waits
   * for the plot's early read (app/screen-reads.ts).
   */
  plot?: boolean;
  /**
   * The heading names the benefit run of the address (`{{assessment}}`, a run's page), and its alerts follow:
   * the outline waits for the run's early read (app/screen-reads.ts) and the session's restore (who reads it).
   */
  run?: boolean;
  /** The plot's details under the description, in a section of this title's key (with `plot`). */
  details?: string;
  /** The screen has breadcrumbs above its heading: the outline keeps their row, empty until the screen draws them. */
  breadcrumbs?: boolean;
  /** The screen has tabs above its first section: the outline keeps their row, empty until the screen draws them. */
  tabs?: boolean;
  /**
   * The screen's first section (a container under an h2 title; `plain`: a table's header, with no border), by
   * its title's and description's keys.
   */
  section?: { heading: string; description: string; plain?: boolean };
}
export type OutlineTexts = Omit<
  OutlineKeys,
  | 'enabler'
  | 'texts'
  | 'adminAction'
  | 'banner'
  | 'member'
  | 'memberHeading'
  | 'statusCards'
  | 'plot'
  | 'run'
  | 'details'
> & {
  banner?: { src: string; alt: string };
  /** The status cards' labels and values. */
  cards?: { label: string; value: string }[];
  /** A benefit run's alerts: their kinds, titles and texts. */
  alerts?: { type: RunAlert['type']; header: string; text: string }[];
  /** A section of labels and values (the plot's details): `copied`, a value on one line after a copy button. */
  details?: { heading: string; pairs: { label: string; value: string; copied?: true }[] };
};

/** An administrator's table: its title, description (and total line), search field, loading text. */
const adminTableOutline = (screen: keyof typeof adminTables): OutlineKeys => {
  const table: { texts: string; total: boolean; search?: string } = adminTables[screen];
  return {
    heading: screenTitleKey(screen),
    description: `${table.texts}.description`,
    ...(table.total ? { total: adminTableTotalKey } : {}),
    ...(table.search === undefined ? {} : { search: table.search }),
    loading: `${table.texts}.loading`,
    admin: true,
    actions: true,
  };
};

/**
 * The screens whose first look is known before their code and data: a heading at the top of the content,
 * then a search field, a description or a banner, then the loading state. The home page (its welcome and the
 * enabler's banner), the member list, the new member's form and the waiting list (their description is their
 * largest text), the new plot's form (its description names the member, under its breadcrumbs), the
 * administrators' tables and their other full-page tables with a fixed description (benefit runs, reports),
 * the data screen, a new benefit run and the logs (their first section's description is their largest
 * text), and a benefit run's page (its heading names the run, under its breadcrumbs).
 */
const outlinedScreens: Partial<Record<ScreenId, OutlineKeys>> = {
  home: homeOutline,
  members: membersOutline,
  member: memberOutline,
  onboarding: onboardingOutline,
  waiting: waitingOutline,
  dashboard: dashboardOutline,
  newPlot: newPlotOutline,
  plot: plotOutline,
  benefitRun: benefitRunOutline,
  ...Object.fromEntries(
    (Object.keys(adminTables) as (keyof typeof adminTables)[]).map((screen) => [
      screen,
      adminTableOutline(screen),
    ]),
  ),
  ...Object.fromEntries(
    Object.entries(adminScreenTexts).map(([screen, texts]) => [
      screen,
      { heading: screenTitleKey(screen as ScreenId), ...texts, admin: true },
    ]),
  ),
};

/** The outline of the signed-in screen at an address (of any role, or an administrator's), if it has one. */
export const outlineAt = (pathname: string): OutlineKeys | undefined => {
  const screen = screenAt(pathname, 'signedIn') ?? screenAt(pathname, 'admin');
  return screen && outlinedScreens[screen];
};

/**
 * The font faces the outline's texts and the screen's first render use (heading, placeholder, other texts).
 * It is drawn once they are here: drawn in a fallback font first, its texts would be smaller than the
 * screen's, which would then count as the page's largest paint although nothing new appeared.
 */
export const outlineFaces = ['700 24px "Open Sans"', 'italic 400 14px "Open Sans"', '400 14px "Open Sans"'];

/** A translation by its dotted key, without i18next (not loaded yet). */
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

/** A text by its key, its `{{name}}` placeholders filled with the values given (i18next's t, or catalogueTranslate). */
export type Translate = (key: string, values?: Record<string, string>) => string;

/** Translate from a language's texts, without i18next (not loaded yet). */
export const catalogueTranslate =
  (catalogue: Record<string, unknown>): Translate =>
  (key, values = {}) =>
    Object.entries(values).reduce(
      (text, [name, value]) => text.replaceAll(`{{${name}}}`, value),
      catalogueText(catalogue, key),
    );

/** Who the session's restore answered: what an outline that waits for it draws (`enabler`). */
export interface OutlineSession {
  enablerName: string;
  role: string;
  username: string;
  /** The user's email (who uploaded a benefit run is told by it). */
  email: string;
  /** The enabler's currency (ISO 4217), which the member's amounts are in. */
  currency?: string;
  /** The enabler's banner (a data URL), if it has one. */
  banner?: string;
}

/** What an outline draws of the member of the address, as its early read answered (`member`). */
export type OutlineMember = Pick<MemberDetail, 'name' | 'number' | 'village'> & StatusMember;

/** What an outline draws of the plot of the address: its early read's answer (`plot`). */
export type OutlinePlot = Plot;

/** What an outline draws of the benefit run of the address, as its early read answered (`run`). */
export interface OutlineRun {
  run: RunAlertRun;
  linkedToUploader?: boolean;
}

/** What an outline draws of the session's restore's answer. */
export const outlineSession = (restored: AuthSession | undefined): OutlineSession => ({
  enablerName: restored?.enablerName ?? '',
  role: restored?.role ?? '',
  username: restored?.username ?? '',
  email: restored?.email ?? '',
  ...(restored?.currentEnabler?.config?.currency
    ? { currency: restored.currentEnabler.config.currency }
    : {}),
  ...(restored?.currentEnabler?.banner ? { banner: restored.currentEnabler.banner } : {}),
});
