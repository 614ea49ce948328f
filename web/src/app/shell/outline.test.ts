import { describe, expect, it } from 'vitest';
import adminEn from '../../i18n/admin/en.json';
import adminFr from '../../i18n/admin/fr.json';
import en from '../../i18n/en.json';
import fr from '../../i18n/fr.json';
import i18next, { loadAdminTexts } from '../../i18n/index.ts';
import { adminTables } from '../../common/admin-table/table-texts.ts';
import { formatAmount } from '../../common/format/format.ts';
import { memberOutline } from '../../pages/member/heading.ts';
import { plotOutline } from '../../pages/plot/heading.ts';
import { benefitRunOutline } from '../../pages/benefit-run/heading.ts';
import { plotDetail } from '../../test/member-fixtures.ts';
import { benefitRun, UPLOADER } from '../../test/benefit-run-fixtures.ts';
import { membersOutline } from '../../pages/members/heading.ts';
import { newPlotOutline } from '../../pages/new-plot/heading.ts';
import { onboardingOutline } from '../../pages/onboarding/heading.ts';
import { dashboardOutline } from '../../pages/dashboard/heading.ts';
import { homeOutline } from '../../pages/home/heading.ts';
import { waitingOutline } from '../../pages/waiting/heading.ts';
import dashboardEn from '../../i18n/screens/dashboard/en.json';
import dashboardFr from '../../i18n/screens/dashboard/fr.json';
import offlineEn from '../../i18n/screens/offline/en.json';
import offlineFr from '../../i18n/screens/offline/fr.json';
import { adminScreenTexts } from '../../navigation/screen-texts.ts';
import { catalogueText, catalogueTranslate, outlineAt, type OutlineKeys } from './outline.ts';
import { buildOutline, buildOutlineContent, outlineTexts } from './outline-draw.ts';

/** A member as its early read answers it: what the outlines draw of it. */
const awa = {
  name: 'Awa Diop',
  number: 'SF-7',
  village: 'Ndiaffate',
  contributionTotal: 12500,
  cashoutBalance: 3000,
  firstPayoutDate: null,
  firstContributionDate: null,
};

describe('screen outline', () => {
  it('should outline the member list, the administrators’ tables and their screens with a fixed description, at their addresses as the router reads them', () => {
    expect(outlineAt('/Members')).toBe(membersOutline);
    expect(outlineAt('/members/')).toBe(membersOutline);
    expect(outlineAt('/onboarding')).toBe(onboardingOutline);
    expect(outlineAt('/Waiting')).toBe(waitingOutline);
    expect(outlineAt('/AdminContributions')).toEqual({
      heading: 'screens.adminContributions',
      description: 'adminRecords.contributions.description',
      total: 'adminLists.total',
      loading: 'adminRecords.contributions.loading',
      admin: true,
      actions: true,
    });
    expect(outlineAt('/adminmembers/')).toMatchObject({ search: 'members.list.search.placeholder' });
    expect(outlineAt('/AdminFields')).not.toHaveProperty('total');
    expect(outlineAt('/Account')).toBeUndefined();
    // Its description names the enabler; an administrator's has the recompute button beside the heading.
    expect(outlineAt('/Dashboard')).toMatchObject({
      enabler: true,
      adminAction: 'dashboard.recompute.action',
    });
    // Their heading, description and status cards are the member's, from the member's early read.
    expect(outlineAt('/Member/m.1')).toBe(memberOutline);
    // Its description names the member, from the member's early read.
    expect(outlineAt('/member/m.1/field/')).toBe(newPlotOutline);
    // Its heading, description and details are the plot's, from the plot's early read.
    expect(outlineAt('/Member/m.1/Field/p.1')).toBe(plotOutline);
    expect(outlineAt('/AdminBenefitRuns')).toEqual({
      heading: 'screens.adminBenefitRuns',
      description: 'benefitRuns.list.description',
      search: 'benefitRuns.list.searchPlaceholder',
      loading: 'benefitRuns.list.loading',
      admin: true,
      actions: true,
    });
    expect(outlineAt('/adminreports')).toMatchObject({
      description: 'adminReports.description',
      admin: true,
    });
    // Under their tabs, the activity table's header.
    expect(outlineAt('/AdminLogs')).toMatchObject({
      tabs: true,
      section: { heading: 'adminLogs.tabs.activity', description: 'activity.description', plain: true },
    });
    // Their largest text is their first section's description, which the outline draws too.
    expect(outlineAt('/AdminDatas')).toEqual({
      heading: 'screens.adminDatas',
      description: 'datas.description',
      loading: 'app.loading',
      section: { heading: 'datas.export.title', description: 'datas.export.description' },
      admin: true,
    });
    expect(outlineAt('/newbenefitrun')).toMatchObject({
      breadcrumbs: true,
      section: { heading: 'benefitRuns.covered.title', description: 'benefitRuns.covered.description' },
    });
    // Its description names the enabler, which the session's restore answers.
    expect(outlineAt('/AdminUsers')).toMatchObject({
      description: 'adminUsers.description',
      enabler: true,
      admin: true,
    });
    // Its heading names the run, and its alerts follow, from the run's early read.
    expect(outlineAt('/benefitrun/r-1')).toBe(benefitRunOutline);
  });

  it('should find every text of the outlines in both languages', () => {
    for (const catalogue of [
      { ...en, ...adminEn, ...offlineEn, ...dashboardEn },
      { ...fr, ...adminFr, ...offlineFr, ...dashboardFr },
    ]) {
      for (const screen of [
        '/Members',
        '/Onboarding',
        '/Waiting',
        '/Dashboard',
        '/BenefitRun/r-1',
        ...[...Object.keys(adminTables), ...Object.keys(adminScreenTexts)].map((id) => `/${id}`),
      ]) {
        const keys = outlineAt(screen);
        expect(keys, screen).toBeDefined();
        for (const key of [
          keys?.heading,
          keys?.description,
          keys?.total,
          keys?.search,
          keys?.loading,
          keys?.section?.heading,
          keys?.section?.description,
        ]) {
          if (key !== undefined) expect(catalogueText(catalogue, key), key).not.toBe(key);
        }
      }
    }
    expect(catalogueText(fr, membersOutline.heading)).toBe('Membres');
    // A missing key shows as itself, as i18next shows it.
    expect(catalogueText(en, 'members.list.nothing')).toBe('members.list.nothing');
    expect(catalogueText(en, 'members.list')).toBe('members.list');
  });

  it('should draw the screen’s part alone as the whole outline draws its content area, for the frame to wait with', () => {
    const texts = outlineTexts(newPlotOutline, catalogueTranslate(fr), { member: awa });
    const content = buildOutlineContent(texts);
    const inPage = buildOutline(texts).querySelector('.app-shell__body > .app-shell__content');

    expect(content.outerHTML).toBe(inPage?.outerHTML);
    expect(content.querySelector('.screen-outline__heading')?.textContent).toBe(texts.heading);
    expect(content.querySelector('.top-bar, .app-shell__navigation')).toBeNull();
  });

  it('should draw the heading, a disabled search field and a loading status, hidden from assistive technology but the status', () => {
    const outline = buildOutline({
      heading: 'Members',
      search: 'Search members',
      loading: 'Loading members',
    });
    document.body.replaceChildren(outline);

    const heading = outline.querySelector('.screen-outline__heading');
    expect(heading?.textContent).toBe('Members');
    expect(heading?.getAttribute('aria-hidden')).toBe('true');
    // Not a level-1 heading: the screen brings its own.
    expect(outline.querySelector('h1, [role="heading"]')).toBeNull();
    const search = outline.querySelector('input');
    expect(search?.placeholder).toBe('Search members');
    expect(search?.disabled).toBe(true);
    expect(search?.getAttribute('aria-hidden')).toBe('true');
    expect(outline.querySelector('[role="status"]')?.textContent).toBe('Loading members');
    expect(outline.querySelector('.screen-outline__description')).toBeNull();
    expect(outline.querySelector('.screen-outline__bar--admin')).toBeNull();
  });

  it('should draw an administrator’s table with its description, its total held with a dash, and their bar', async () => {
    // What React's outline shows (i18next's total line) is what the page's first module drew.
    await loadAdminTexts();
    await i18next.loadLanguages('fr');
    const keys = outlineAt('/AdminPayouts');
    const outline = buildOutline(
      outlineTexts(keys ?? { heading: '', loading: '' }, catalogueTranslate({ ...fr, ...adminFr })),
    );
    document.body.replaceChildren(outline);

    expect(outline.querySelector('.screen-outline__heading')?.textContent).toBe('Indemnités');
    const description = outline.querySelector('.screen-outline__description');
    expect(description?.getAttribute('aria-hidden')).toBe('true');
    expect(description?.querySelector('.screen-outline__total')?.textContent).toBe(
      i18next.getFixedT('fr')('adminLists.total', { amount: '–' }),
    );
    expect(description?.textContent).toContain(catalogueText(adminFr, 'adminRecords.payouts.description'));
    expect(outline.querySelector('input')).toBeNull();
    expect(outline.querySelector('.screen-outline__bar--admin')).not.toBeNull();
    // On a phone the add button's row comes between the heading and the description.
    expect(description?.classList.contains('screen-outline__description--under-actions')).toBe(true);
    expect(outline.querySelector('[role="status"]')?.textContent).toBe(
      catalogueText(adminFr, 'adminRecords.payouts.loading'),
    );
  });

  it('should draw the users’ description with the name of the enabler the session’s restore answered', () => {
    const keys = outlineAt('/AdminUsers');
    const outline = buildOutline(
      outlineTexts(keys ?? { heading: '', loading: '' }, catalogueTranslate({ ...fr, ...adminFr }), {
        session: { enablerName: 'Coop Sine', role: 'ADMIN', username: 'Awa', email: 'awa@coop.example' },
      }),
    );
    document.body.replaceChildren(outline);

    expect(outline.querySelector('.screen-outline__description')?.textContent).toBe(
      catalogueText(adminFr, 'adminUsers.description').replace('{{enabler}}', 'Coop Sine'),
    );
    expect(outline.querySelector('.screen-outline__description')?.textContent).toContain('Coop Sine');
    expect(outline.querySelector('input')?.placeholder).toBe(
      catalogueText(adminFr, 'adminUsers.filter.placeholder'),
    );
  });

  it('should draw the dashboard’s description with the enabler’s name, and its recompute button and two-row bar for an administrator only', () => {
    const translate = catalogueTranslate({ ...fr, ...dashboardFr });
    const description = catalogueText(dashboardFr, 'dashboard.description').replace(
      '{{enabler}}',
      'Coop Sine',
    );
    const forAdmin = buildOutline(
      outlineTexts(dashboardOutline, translate, {
        session: { enablerName: 'Coop Sine', role: 'ADMIN', username: 'Awa', email: 'awa@coop.example' },
      }),
    );
    expect(forAdmin.querySelector('.screen-outline__description')?.textContent).toBe(description);
    expect(forAdmin.querySelector('.screen-outline__action')?.textContent).toBe(
      catalogueText(dashboardFr, 'dashboard.recompute.action'),
    );
    expect(forAdmin.querySelector('.screen-outline__action--icon')).not.toBeNull();
    expect(forAdmin.querySelector('.screen-outline__bar--admin')).not.toBeNull();

    const forAgent = buildOutline(
      outlineTexts(dashboardOutline, translate, {
        session: { enablerName: 'Coop Sine', role: 'USER', username: 'Awa', email: 'awa@coop.example' },
      }),
    );
    expect(forAgent.querySelector('.screen-outline__description')?.textContent).toBe(description);
    expect(forAgent.querySelector('.screen-outline__action')).toBeNull();
    expect(forAgent.querySelector('.screen-outline__bar--admin')).toBeNull();
  });

  it('should draw the home page’s welcome with the user’s name, and the enabler’s banner when it has one', () => {
    const translate = catalogueTranslate(fr);
    const session = {
      enablerName: 'Coop Sine',
      role: 'USER',
      username: 'Awa Diop',
      email: 'awa@coop.example',
    };
    const banner = 'data:image/png;base64,iVBORw0KGgo=';
    const withBanner = buildOutline(
      outlineTexts(homeOutline, translate, { session: { ...session, banner } }),
    );

    expect(withBanner.querySelector('.screen-outline__heading')?.textContent).toBe(
      catalogueText(fr, 'home.welcome').replace('{{username}}', 'Awa Diop'),
    );
    const image = withBanner.querySelector('img');
    expect(image?.getAttribute('src')).toBe(banner);
    expect(image?.alt).toBe(catalogueText(fr, 'home.bannerAlt').replace('{{enabler}}', 'Coop Sine'));
    expect(image?.classList.contains('home-banner')).toBe(true);

    const without = buildOutline(outlineTexts(homeOutline, translate, { session }));
    expect(without.querySelector('img')).toBeNull();
    expect(outlineAt('/')).toBe(homeOutline);
  });

  it('should draw the new member’s heading and description, with no row of actions between them', () => {
    const outline = buildOutline(outlineTexts(onboardingOutline, catalogueTranslate(fr)));
    document.body.replaceChildren(outline);

    expect(outline.querySelector('.screen-outline__heading')?.textContent).toBe(
      catalogueText(fr, 'members.onboarding.title'),
    );
    const description = outline.querySelector('.screen-outline__description');
    expect(description?.textContent).toBe(catalogueText(fr, 'members.onboarding.description'));
    expect(description?.classList.contains('screen-outline__description--under-actions')).toBe(false);
    expect(outline.querySelector('input')).toBeNull();
    expect(outline.querySelector('.screen-outline__bar--admin')).toBeNull();
  });

  it('should draw the waiting list’s send button unseen beside its heading, so that the description sits where the screen’s does', () => {
    const outline = buildOutline(outlineTexts(waitingOutline, catalogueTranslate({ ...fr, ...offlineFr })));
    document.body.replaceChildren(outline);

    const row = outline.querySelector('.screen-outline__heading-row');
    expect(row?.getAttribute('aria-hidden')).toBe('true');
    expect(row?.querySelector('.screen-outline__heading')?.textContent).toBe(
      catalogueText(fr, 'screens.waiting'),
    );
    expect(row?.querySelector('.screen-outline__action')?.textContent).toBe(offlineFr.offline.list.sendNow);
    // Only drawn, and not a button: nothing there works yet.
    expect(outline.querySelector('button')).toBeNull();
    const description = outline.querySelector('.screen-outline__description');
    expect(description?.textContent).toBe(offlineFr.offline.list.description);
    expect(description?.classList.contains('screen-outline__description--under-actions')).toBe(false);
    expect(outline.querySelector('.screen-outline__bar--admin')).toBeNull();
  });

  it('should draw the new plot’s heading and the description naming the member, under an empty row where its breadcrumbs go', () => {
    const outline = buildOutline(outlineTexts(newPlotOutline, catalogueTranslate(fr), { member: awa }));
    document.body.replaceChildren(outline);

    const content = outline.querySelector('.app-shell__content');
    const breadcrumbs = content?.firstElementChild;
    expect(breadcrumbs?.className).toBe('screen-outline__breadcrumbs');
    expect(breadcrumbs?.textContent).toBe('');
    expect(breadcrumbs?.getAttribute('aria-hidden')).toBe('true');
    expect(breadcrumbs?.nextElementSibling?.className).toBe('screen-outline__heading');
    expect(outline.querySelector('.screen-outline__heading')?.textContent).toBe(
      catalogueText(fr, 'screens.newPlot'),
    );
    expect(outline.querySelector('.screen-outline__description')?.textContent).toBe(
      catalogueText(fr, 'plots.new.description')
        .replace('{{member}}', 'Awa Diop')
        .replace('{{number}}', 'SF-7'),
    );
    // The other outlines keep no such row.
    expect(
      buildOutline(outlineTexts(onboardingOutline, catalogueTranslate(fr))).querySelector(
        '.screen-outline__breadcrumbs',
      ),
    ).toBeNull();
  });

  it('should draw the member’s page: the member’s name, number and village, the tabs’ row, and the status cards in the enabler’s currency', () => {
    const session = {
      enablerName: 'Sahel Farmers Mutual',
      role: 'AGENT',
      username: 'agent',
      email: 'agent@demo.local',
      currency: 'XOF',
    };
    const outline = buildOutline(
      outlineTexts(memberOutline, catalogueTranslate(fr), { session, member: awa, language: 'fr' }),
    );
    document.body.replaceChildren(outline);

    expect(outline.querySelector('.screen-outline__heading')?.textContent).toBe('Awa Diop');
    expect(outline.querySelector('.screen-outline__description')?.textContent).toBe(
      catalogueText(fr, 'members.member.description')
        .replace('{{number}}', 'SF-7')
        .replace('{{village}}', 'Ndiaffate'),
    );
    const cards = outline.querySelector('.screen-outline__cards');
    expect(cards?.previousElementSibling?.className).toBe('screen-outline__tabs');
    expect(cards?.getAttribute('aria-hidden')).toBe('true');
    const shown = [...(cards?.children ?? [])].map((card) => [
      card.querySelector('.screen-outline__card-label')?.textContent,
      card.querySelector('.screen-outline__card-value')?.textContent,
    ]);
    expect(shown).toEqual([
      [catalogueText(fr, 'members.member.status.contributionTotal'), formatAmount(12500, 'XOF', 'fr')],
      [
        catalogueText(fr, 'members.member.status.firstBenefit'),
        catalogueText(fr, 'members.member.status.noBenefit'),
      ],
      [catalogueText(fr, 'members.member.status.pendingBenefits'), formatAmount(3000, 'XOF', 'fr')],
      [
        catalogueText(fr, 'members.member.status.monthsSinceFirstContribution'),
        catalogueText(fr, 'members.member.status.noContribution'),
      ],
    ]);
    expect(formatAmount(12500, 'XOF', 'fr')).toMatch(/^12\s500\sF\sCFA$/u);
    // Without the member's read, no cards, and the screen's title as its heading.
    const waiting = outlineTexts(memberOutline, catalogueTranslate(fr), { session, language: 'fr' });
    expect(waiting.cards).toBeUndefined();
    expect(waiting.heading).toBe(catalogueText(fr, 'screens.member'));
  });

  it('should draw a benefit run’s page: its heading naming the run, then the alerts the page draws, for whoever reads it', () => {
    const translate = catalogueTranslate({ ...fr, ...adminFr });
    const session = {
      enablerName: 'Coop Sine',
      role: 'ADMIN',
      username: 'Uma',
      email: UPLOADER.toUpperCase(),
    };
    const run = benefitRun({ assessmentId: 'DRY-2026' });
    const outline = buildOutline(outlineTexts(benefitRunOutline, translate, { session, run: { run } }));
    document.body.replaceChildren(outline);
    expect(outline.querySelector('.screen-outline__breadcrumbs')).not.toBeNull();
    expect(outline.querySelector('.screen-outline__heading')?.textContent).toBe(
      catalogueText(adminFr, 'benefitRuns.run.title').replace('{{assessment}}', 'DRY-2026'),
    );
    // Its uploader (whatever the case of the email) is told that another administrator must review it.
    const alerts = () =>
      [...document.querySelectorAll('.screen-outline__alert')].map((alert) => [
        alert.className,
        alert.querySelector('.screen-outline__alert-header')?.textContent,
        alert.querySelector('.screen-outline__alert-text')?.textContent,
      ]);
    expect(alerts()).toEqual([
      [
        'screen-outline__alert screen-outline__alert--info',
        catalogueText(adminFr, 'benefitRuns.run.ownRunTitle'),
        catalogueText(adminFr, 'benefitRuns.run.ownRun'),
      ],
    ]);
    // Another administrator of the uploader's line is told so; any other sees no alert.
    const other = { ...session, email: 'ada@example.org' };
    document.body.replaceChildren(
      buildOutline(
        outlineTexts(benefitRunOutline, translate, { session: other, run: { run, linkedToUploader: true } }),
      ),
    );
    expect(alerts()).toEqual([
      [
        'screen-outline__alert screen-outline__alert--info',
        catalogueText(adminFr, 'benefitRuns.run.linkedRunTitle'),
        catalogueText(fr, 'errors.ERR_BENEFIT_RUN_LINKED_REVIEW').replace('{{uploader}}', UPLOADER),
      ],
    ]);
    document.body.replaceChildren(
      buildOutline(outlineTexts(benefitRunOutline, translate, { session: other, run: { run } })),
    );
    expect(alerts()).toEqual([]);
    // A failed payment's alert is an error's.
    const failed = benefitRun({ state: 'FAILED', failure: { in: 'PAYMENT', at: run.createdAt } });
    document.body.replaceChildren(
      buildOutline(outlineTexts(benefitRunOutline, translate, { session: other, run: { run: failed } })),
    );
    expect(alerts().map(([className, , text]) => [className, text])).toEqual([
      [
        'screen-outline__alert screen-outline__alert--error',
        catalogueText(adminFr, 'benefitRuns.run.paymentFailed'),
      ],
    ]);
  });

  it('should draw the plot’s page: its name, its member’s, its details (the id on one line), then its location’s section', () => {
    expect(outlineAt('/Member/m-1/Field/p-1')).toBe(plotOutline);
    const plot = plotDetail({ cropDescription: 'Mil', isIrrigated: false });
    const outline = buildOutline(outlineTexts(plotOutline, catalogueTranslate(fr), { plot, language: 'fr' }));
    document.body.replaceChildren(outline);

    const content = outline.querySelector('.app-shell__content');
    expect(content?.firstElementChild?.className).toBe('screen-outline__breadcrumbs');
    expect(outline.querySelector('.screen-outline__heading')?.textContent).toBe('North field');
    expect(outline.querySelector('.screen-outline__description')?.textContent).toBe(
      catalogueText(fr, 'plots.detail.description').replace('{{member}}', 'Asha Devi'),
    );
    const [details, location] = [...outline.querySelectorAll('.screen-outline__section')];
    expect(details?.querySelector('.screen-outline__section-heading')?.textContent).toBe(
      catalogueText(fr, 'plots.detail.details'),
    );
    const pairs = [...(details?.querySelectorAll('.screen-outline__pair') ?? [])].map((pair) => [
      pair.firstElementChild?.textContent,
      pair.lastElementChild?.textContent,
    ]);
    expect(pairs).toEqual([
      [catalogueText(fr, 'plots.fields.name'), 'North field'],
      [catalogueText(fr, 'plots.fields.id'), 'p-1'],
      [
        catalogueText(fr, 'plots.fields.member'),
        catalogueText(fr, 'plots.values.member')
          .replace('{{name}}', 'Asha Devi')
          .replace('{{number}}', 'F-0042'),
      ],
      [catalogueText(fr, 'plots.fields.crop'), 'Mil'],
      [catalogueText(fr, 'plots.fields.irrigated'), catalogueText(fr, 'plots.values.no')],
      [
        catalogueText(fr, 'plots.fields.coordinates'),
        catalogueText(fr, 'plots.values.coordinates')
          .replace('{{latitude}}', '10,5')
          .replace('{{longitude}}', '78,25'),
      ],
      [
        catalogueText(fr, 'plots.fields.configVersion'),
        catalogueText(fr, 'plots.values.configVersion').replace('{{version}}', '3'),
      ],
    ]);
    expect(details?.querySelectorAll('.screen-outline__pair-value--copied')).toHaveLength(1);
    expect(location?.querySelector('.screen-outline__section-description')?.textContent).toBe(
      catalogueText(fr, 'plots.location.description'),
    );
    // A plot kept on the device has no id to copy yet.
    const local = outlineTexts(plotOutline, catalogueTranslate(fr), { plot: plotDetail({ id: 'local-1' }) });
    expect(local.details?.pairs[1]).toEqual({ label: catalogueText(fr, 'plots.fields.id'), value: '—' });
    // Without the plot's read, no details, and the screen's title as its heading.
    const waiting = outlineTexts(plotOutline, catalogueTranslate(fr));
    expect(waiting.details).toBeUndefined();
    expect(waiting.heading).toBe(catalogueText(fr, 'screens.plot'));
  });

  it('should draw a screen’s first section, its title and description, after the screen’s own description', () => {
    const translate = catalogueTranslate({ ...fr, ...adminFr });
    const outline = buildOutline(outlineTexts(outlineAt('/AdminDatas') as OutlineKeys, translate));
    document.body.replaceChildren(outline);

    const section = outline.querySelector('.screen-outline__section');
    expect(section?.getAttribute('aria-hidden')).toBe('true');
    expect(section?.previousElementSibling?.className).toBe('screen-outline__description');
    expect(section?.querySelector('.screen-outline__section-heading')?.textContent).toBe(
      catalogueText(adminFr, 'datas.export.title'),
    );
    expect(section?.querySelector('.screen-outline__section-description')?.textContent).toBe(
      catalogueText(adminFr, 'datas.export.description'),
    );
    // No row of actions: nothing is beside the heading.
    expect(outline.querySelector('.screen-outline__description--under-actions')).toBeNull();
    expect(
      buildOutline(outlineTexts(onboardingOutline, translate)).querySelector('.screen-outline__section'),
    ).toBeNull();
  });

  it('should draw the logs’ tabs as an empty row, and their activity table’s header with no border', () => {
    const translate = catalogueTranslate({ ...fr, ...adminFr });
    const outline = buildOutline(outlineTexts(outlineAt('/AdminLogs') as OutlineKeys, translate));

    const tabs = outline.querySelector('.screen-outline__tabs');
    expect(tabs?.textContent).toBe('');
    expect(tabs?.getAttribute('aria-hidden')).toBe('true');
    const section = tabs?.nextElementSibling;
    expect(section?.classList.contains('screen-outline__section--plain')).toBe(true);
    expect(section?.querySelector('.screen-outline__section-description')?.textContent).toBe(
      catalogueText(adminFr, 'activity.description'),
    );
    expect(
      buildOutline(outlineTexts(outlineAt('/AdminDatas') as OutlineKeys, translate)).querySelector(
        '.screen-outline__tabs, .screen-outline__section--plain',
      ),
    ).toBeNull();
  });
});
