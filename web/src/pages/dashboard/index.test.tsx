import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { DashboardPendingBenefits, DashboardSeries } from '../../api/dashboard.ts';
import { subscribeToErrors } from '../../api/error-bus.ts';
import i18next from '../../i18n/index.ts';
import { fakeApi, type FakeAnswer, type FakeRequest, type FakeRoutes } from '../../test/fake-api.ts';
import { agentRoutes, coopVerteInRupees } from '../../test/member-fixtures.ts';
import { DASHBOARD_REFRESH_MS } from '../../api/dashboard-queries.ts';
import { authSession, renderApp, setSessionMarker, signedInRoutes } from '../../test/render-app.tsx';
import { cloudscape, visibleDialog } from '../../test/cloudscape.ts';

// jsdom draws no canvas: the charts are recorded instead, with the configuration chart.js would get.
const charts = vi.hoisted(() => {
  interface FakeChartConfig {
    data: { labels: string[]; datasets: { data: number[] }[] };
    options: { indexAxis: string; locale: string };
  }
  const created: { config: FakeChartConfig; canvas: HTMLCanvasElement; destroyed: boolean }[] = [];
  class FakeChart {
    private readonly entry: (typeof created)[number];
    constructor(canvas: HTMLCanvasElement, config: FakeChartConfig) {
      this.entry = { config, canvas, destroyed: false };
      created.push(this.entry);
    }
    destroy() {
      this.entry.destroyed = true;
    }
  }
  return { created, FakeChart };
});
vi.mock('./components/chart-setup.ts', () => ({ Chart: charts.FakeChart }));

/** The charts on the screen now, by their accessible summary. */
const liveCharts = () =>
  charts.created
    .filter((chart) => !chart.destroyed && chart.canvas.isConnected)
    .map((chart) => ({
      summary: chart.canvas.getAttribute('aria-label') ?? '',
      labels: chart.config.data.labels,
      values: chart.config.data.datasets[0]?.data,
      horizontal: chart.config.options.indexAxis === 'y',
    }));

const points = (amounts: Record<string, number>): DashboardSeries =>
  Object.entries(amounts).map(([date, amount]) => ({ date, amount }));

const monthlyCovers = points({ '2026-09-01': 2, '2026-10-01': 0, '2026-11-01': 5 });
const monthlyContributions = points({ '2026-09-01': 1200.5, '2026-10-01': 300.25, '2026-11-01': 0 });
const monthlyBenefits = points({ '2026-09-01': 0, '2026-10-01': 4000, '2026-11-01': 250 });
const pendingBenefits: DashboardPendingBenefits = [
  { federation: 'North', amount: 3000 },
  { federation: 'South', amount: 1000.5 },
  { federation: null, amount: 250 },
];

/** The dashboard's calls answering the fixtures above, whatever the query unless a route says otherwise. */
const dashboardRoutes = (): FakeRoutes => ({
  'GET /api/dashboard/federations': { body: ['North', 'South'] },
  'GET /api/dashboard/numberOfCoversStartedByDate': { body: monthlyCovers },
  'GET /api/dashboard/totalContributionsByDate': { body: monthlyContributions },
  'GET /api/dashboard/totalBenefitsComputedByDate': { body: monthlyBenefits },
  'GET /api/dashboard/totalPendingBenefitsByFederation': { body: pendingBenefits },
  'GET /api/dashboard/numberOfCoveredPlots': { body: 42 },
});

const openDashboard = async (routes: FakeRoutes = {}, role: 'USER' | 'ADMIN' = 'USER') => {
  setSessionMarker();
  const api = fakeApi({
    ...(role === 'USER'
      ? agentRoutes()
      : {
          ...signedInRoutes('ADMIN', [coopVerteInRupees], coopVerteInRupees),
        }),
    ...dashboardRoutes(),
    ...routes,
  });
  renderApp('/Dashboard');
  return api;
};

const figure = (id: string) => {
  const element = document.querySelector(`[data-figure="${id}"]`);
  if (!element) throw new Error(`No figure ${id}`);
  return {
    value: element.querySelector('p')?.textContent,
    scope: element.lastElementChild?.textContent,
  };
};
/** Waits for every figure to show a value. */
const figuresShown = () =>
  waitFor(() => {
    for (const id of ['activeCovers', 'pendingBenefit', 'newCovers', 'contributions', 'benefitsComputed']) {
      expect(
        document.querySelector(
          `[data-figure="${id}"] p [role="progressbar"], [data-figure="${id}"] p button`,
        ),
      ).toBeNull();
      expect(figure(id).value, id).toBeTruthy();
      expect(figure(id).value, id).not.toBe('Loading the figures');
    }
  });

/** The rows of a chart's text alternative (its visually hidden table), named by its caption. */
const chartTable = (caption: string) =>
  within(screen.getByRole('table', { name: caption }))
    .getAllByRole('row')
    .map((row) => [...row.children].map((cell) => cell.textContent));

/** The query strings the API received for a call, in order. */
const queriesOf = (api: ReturnType<typeof fakeApi>, path: string) =>
  api.requests
    .filter((request: FakeRequest) => request.path === path)
    .map((request) => Object.fromEntries(request.url.searchParams));

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

// Cloudscape's containers and selects take a while to render in jsdom on a busy machine.
describe('dashboard', { timeout: 30_000 }, () => {
  it('should show a field agent the figures and the four charts, monthly, every federation', async () => {
    const api = await openDashboard();
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeTruthy();
    await figuresShown();

    expect(figure('activeCovers')).toEqual({ value: '42', scope: 'Today' });
    expect(figure('pendingBenefit')).toEqual({ value: '₹4,250.50', scope: 'Today' });
    expect(figure('newCovers')).toEqual({ value: '7', scope: 'Last 3 months' });
    expect(figure('contributions')).toEqual({ value: '₹1,500.75', scope: 'Last 3 months' });
    expect(figure('benefitsComputed')).toEqual({ value: '₹4,250.00', scope: 'Last 3 months' });

    expect(chartTable('Covers started per month')).toEqual([
      ['Month', 'Covers started'],
      ['09/2026', '2'],
      ['10/2026', '0'],
      ['11/2026', '5'],
    ]);
    expect(chartTable('Contributions per month')).toEqual([
      ['Month', 'Contributions'],
      ['09/2026', '₹1,200.50'],
      ['10/2026', '₹300.25'],
      ['11/2026', '₹0.00'],
    ]);
    expect(chartTable('Benefits computed per month').slice(1)).toEqual([
      ['09/2026', '₹0.00'],
      ['10/2026', '₹4,000.00'],
      ['11/2026', '₹250.00'],
    ]);
    expect(chartTable('Pending benefit by federation')).toEqual([
      ['Federation', 'Pending benefit'],
      ['North', '₹3,000.00'],
      ['South', '₹1,000.50'],
      ['No federation', '₹250.00'],
    ]);

    await waitFor(() => expect(liveCharts()).toHaveLength(4));
    expect(liveCharts()).toEqual([
      {
        summary: 'Covers started per month, 09/2026 to 11/2026: 7 in all; highest: 5 (11/2026).',
        labels: ['09/2026', '10/2026', '11/2026'],
        values: [2, 0, 5],
        horizontal: false,
      },
      {
        summary:
          'Contributions per month, 09/2026 to 11/2026: ₹1,500.75 in all; highest: ₹1,200.50 (09/2026).',
        labels: ['09/2026', '10/2026', '11/2026'],
        values: [1200.5, 300.25, 0],
        horizontal: false,
      },
      {
        summary:
          'Benefits computed per month, 09/2026 to 11/2026: ₹4,250.00 in all; highest: ₹4,000.00 (10/2026).',
        labels: ['09/2026', '10/2026', '11/2026'],
        values: [0, 4000, 250],
        horizontal: false,
      },
      {
        summary: 'Pending benefit by federation: ₹4,250.50 in all; highest: ₹3,000.00 (North).',
        labels: ['North', 'South', 'No federation'],
        values: [3000, 1000.5, 250],
        horizontal: true,
      },
    ]);
    // Each canvas is an image named by its summary.
    expect([...document.querySelectorAll('canvas')].map((canvas) => canvas.getAttribute('role'))).toEqual([
      'img',
      'img',
      'img',
      'img',
    ]);

    // Spec section 9: monthly by default, every federation; the pending benefit takes no filter.
    const monthly = [{ timeScale: 'monthly' }];
    expect(queriesOf(api, '/api/dashboard/numberOfCoversStartedByDate')).toEqual(monthly);
    expect(queriesOf(api, '/api/dashboard/totalContributionsByDate')).toEqual(monthly);
    expect(queriesOf(api, '/api/dashboard/totalBenefitsComputedByDate')).toEqual(monthly);
    expect(queriesOf(api, '/api/dashboard/numberOfCoveredPlots')).toEqual([{}]);
    expect(queriesOf(api, '/api/dashboard/totalPendingBenefitsByFederation')).toEqual([{}]);
    // Only administrators repair the figures.
    expect(screen.queryByRole('button', { name: 'Recompute' })).toBeNull();
  });

  it('should read the time charts again per week, and for one federation, the benefits staying monthly', async () => {
    const weekly = points({ '2026-11-09': 1, '2026-11-16': 3, '2026-11-23': 0 });
    const api = await openDashboard({
      'GET /api/dashboard/numberOfCoversStartedByDate': ({ url }) => ({
        body: url.searchParams.get('timeScale') === 'weekly' ? weekly : monthlyCovers,
      }),
      'GET /api/dashboard/numberOfCoveredPlots': ({ url }) => ({
        body: url.searchParams.get('federation') === 'South' ? 7 : 42,
      }),
    });
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    await figuresShown();

    const scale = cloudscape().findSegmentedControl();
    act(() => scale?.findSegments()[1]?.click());
    expect(await screen.findByRole('table', { name: 'Covers started per week' })).toBeTruthy();
    expect(chartTable('Covers started per week')).toEqual([
      ['Week starting', 'Covers started'],
      ['09/11/2026', '1'],
      ['16/11/2026', '3'],
      ['23/11/2026', '0'],
    ]);
    await waitFor(() => expect(figure('newCovers')).toEqual({ value: '4', scope: 'Last 3 weeks' }));
    expect(screen.getByRole('table', { name: 'Benefits computed per month' })).toBeTruthy();

    // The scale's segmented control holds a select of its own, for narrow screens.
    const federation = cloudscape()
      .findAllSelects()
      .find((select) => select.getElement().closest('.dashboard-filters__federation'));
    act(() => federation?.openDropdown());
    act(() => federation?.selectOptionByValue('South'));
    await waitFor(() => expect(figure('activeCovers').value).toBe('7'));
    // The total pending benefit of one federation is its own entry.
    expect(figure('pendingBenefit').value).toBe('₹1,000.50');
    // The pending benefit by federation takes no filter.
    expect(chartTable('Pending benefit by federation')).toHaveLength(4);

    await waitFor(() =>
      expect(queriesOf(api, '/api/dashboard/numberOfCoversStartedByDate').at(-1)).toEqual({
        timeScale: 'weekly',
        federation: 'South',
      }),
    );
    expect(queriesOf(api, '/api/dashboard/totalContributionsByDate').at(-1)).toEqual({
      timeScale: 'weekly',
      federation: 'South',
    });
    expect(queriesOf(api, '/api/dashboard/totalBenefitsComputedByDate')).toEqual([
      { timeScale: 'monthly' },
      { timeScale: 'monthly', federation: 'South' },
    ]);
    expect(queriesOf(api, '/api/dashboard/numberOfCoveredPlots').at(-1)).toEqual({ federation: 'South' });
    expect(queriesOf(api, '/api/dashboard/totalPendingBenefitsByFederation')).toEqual([{}]);
    // A chart that shows other data is drawn anew; the one it replaces is let go.
    await waitFor(() => expect(liveCharts()).toHaveLength(4));
    expect(charts.created.filter((chart) => !chart.destroyed && !chart.canvas.isConnected)).toEqual([]);
  });

  it("should start on the user's default federation, offered even before it has members", async () => {
    const api = await openDashboard({
      'GET /api/auth/refresh': {
        body: { ...authSession('USER', coopVerteInRupees), defaultFederation: 'Kaolack' },
      },
    });
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    await figuresShown();
    // Every read of the first screen is of the default federation: none is made for all first.
    for (const path of [
      '/api/dashboard/numberOfCoversStartedByDate',
      '/api/dashboard/totalContributionsByDate',
      '/api/dashboard/numberOfCoveredPlots',
    ])
      expect(queriesOf(api, path), path).toEqual([expect.objectContaining({ federation: 'Kaolack' })]);
    const federation = () =>
      cloudscape()
        .findAllSelects()
        .find((select) => select.getElement().closest('.dashboard-filters__federation'));
    expect(federation()?.findTrigger().getElement().textContent).toBe('Kaolack');
    // The user can widen the view to every federation.
    act(() => federation()?.openDropdown());
    act(() => federation()?.selectOptionByValue(''));
    await waitFor(() => expect(queriesOf(api, '/api/dashboard/numberOfCoveredPlots').at(-1)).toEqual({}));
  });

  it('should switch to French where it stands: texts, numbers and amounts', async () => {
    await openDashboard();
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    await figuresShown();
    // The screen's own texts in French are fetched then, beside the app's.
    await act(() => i18next.changeLanguage('fr'));
    expect(await screen.findByRole('heading', { name: 'Tableau de bord', level: 1 })).toBeTruthy();
    await figuresShown();
    expect(plain(figure('pendingBenefit').value)).toBe('4 250,50 ₹');
    expect(figure('newCovers').scope).toBe('3 derniers mois');
    expect(chartTable('Cotisations par mois').map((row) => row.map(plain))).toEqual([
      ['Mois', 'Cotisations'],
      ['09/2026', '1 200,50 ₹'],
      ['10/2026', '300,25 ₹'],
      ['11/2026', '0,00 ₹'],
    ]);
    expect(chartTable('Indemnités en attente par fédération').at(-1)?.map(plain)).toEqual([
      'Sans fédération',
      '250,00 ₹',
    ]);
    expect(cloudscape().findSegmentedControl()?.findSelectedSegment()?.getElement().textContent).toBe(
      'Mensuel',
    );
  });

  it('should say when a chart has nothing to show', async () => {
    await openDashboard({
      'GET /api/dashboard/totalContributionsByDate': {
        body: points({ '2026-09-01': 0, '2026-10-01': 0, '2026-11-01': 0 }),
      },
      'GET /api/dashboard/totalPendingBenefitsByFederation': { body: [] },
    });
    expect(await screen.findByText('No contribution over these periods.')).toBeTruthy();
    expect(screen.getByText('No benefit is pending.')).toBeTruthy();
    await figuresShown();
    expect(figure('contributions').value).toBe('₹0.00');
    expect(figure('pendingBenefit').value).toBe('₹0.00');
    expect(screen.queryByRole('table', { name: 'Contributions per month' })).toBeNull();
    await waitFor(() => expect(liveCharts()).toHaveLength(2));
  });

  it('should show a failed read in the error dialog, and read it again on request', async () => {
    let fail = true;
    const api = await openDashboard({
      'GET /api/dashboard/totalContributionsByDate': () =>
        fail
          ? { status: 500, body: { code: 'ERR_INTERNAL', message: 'Boom' } }
          : { body: monthlyContributions },
    });
    await waitFor(() => expect(visibleDialog()).toBeDefined());
    expect(visibleDialog()?.findHeader().getElement().textContent).toBe('An error occured');
    await userEvent.click(
      within(visibleDialog()?.getElement() as HTMLElement).getByRole('button', { name: 'OK' }),
    );

    fail = false;
    const retries = screen.getAllByRole('button', { name: 'Try again' });
    // The figure and the chart that need the contributions each offer to read them again.
    expect(retries).toHaveLength(2);
    await userEvent.click(retries[0] as HTMLElement);
    expect(await screen.findByRole('table', { name: 'Contributions per month' })).toBeTruthy();
    expect(queriesOf(api, '/api/dashboard/totalContributionsByDate')).toHaveLength(2);
    expect(screen.queryAllByRole('button', { name: 'Try again' })).toEqual([]);
  });

  it('should read the figures again every 10 seconds, a failed refresh keeping them without a dialog', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const published: string[] = [];
    onTestFinished(subscribeToErrors((error) => published.push(error.message)));
    const answers: FakeAnswer[] = [
      { body: 42 },
      { body: 43 },
      { status: 503, body: { code: 'ERR_UNAVAILABLE', message: 'Try later' } },
      { body: 44 },
    ];
    let reads = 0;
    await openDashboard({
      'GET /api/dashboard/numberOfCoveredPlots': () =>
        answers[Math.min((reads += 1), answers.length) - 1] as FakeAnswer,
    });
    await figuresShown();
    expect(figure('activeCovers').value).toBe('42');
    await waitFor(() => expect(liveCharts()).toHaveLength(4));
    const drawn = charts.created.length;

    await act(() => vi.advanceTimersByTimeAsync(DASHBOARD_REFRESH_MS));
    await waitFor(() => expect(figure('activeCovers').value).toBe('43'));
    // The series read again are the same: no chart is drawn anew.
    expect(charts.created.length).toBe(drawn);
    await act(() => vi.advanceTimersByTimeAsync(DASHBOARD_REFRESH_MS));
    await waitFor(() => expect(reads).toBe(3));
    expect(figure('activeCovers').value).toBe('43');
    await act(() => vi.advanceTimersByTimeAsync(DASHBOARD_REFRESH_MS));
    await waitFor(() => expect(figure('activeCovers').value).toBe('44'));
    // The failed refresh went to no error dialog.
    expect(published).toEqual([]);
    expect(visibleDialog()).toBeUndefined();
  });

  it('should let an administrator recompute the figures, once confirmed, showing the job until it is done', async () => {
    const id = '0f0e0d0c-0b0a-4908-8706-050403020100';
    const job = (state: string, records: number) => ({
      body: {
        job: { id, state, records, aggregates: state === 'DONE' ? 96 : 0, createdAt: 'c', updatedAt: 'u' },
      },
    });
    const polls = [job('RUNNING', 600), job('DONE', 1234)];
    let reads = 0;
    const api = await openDashboard(
      {
        'POST /api/dashboard/rebuild': () => ({ status: 202, ...job('QUEUED', 0) }),
        [`GET /api/dashboard/rebuild/${id}`]: () =>
          polls[Math.min((reads += 1), polls.length) - 1] as FakeAnswer,
        'GET /api/dashboard/numberOfCoveredPlots': () => ({ body: reads >= 2 ? 43 : 42 }),
      },
      'ADMIN',
    );
    await figuresShown();
    // The header's action; the dialog's own button is in the page too, hidden.
    const recompute = (await screen.findAllByRole('button', { name: 'Recompute' }))[0] as HTMLElement;

    await userEvent.click(recompute);
    const dialog = () => within(visibleDialog()?.getElement() as HTMLElement);
    expect(visibleDialog()?.findHeader().getElement().textContent).toBe('Recompute the dashboard');
    expect(visibleDialog()?.findContent().getElement().textContent).toContain(
      'Every figure of Coop Verte will be computed again from its records.',
    );
    await userEvent.click(dialog().getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(visibleDialog()).toBeUndefined());
    expect(api.calls()).not.toContain('POST /api/dashboard/rebuild');

    await userEvent.click(recompute);
    await userEvent.click(dialog().getByRole('button', { name: 'Recompute' }));
    // Running (polled), then done.
    expect(
      await screen.findByText('Recomputing the dashboard… 600 records read so far.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(
      await screen.findByText('The dashboard was recomputed from 1,234 records.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(api.calls().filter((call) => call === 'POST /api/dashboard/rebuild')).toHaveLength(1);
    expect(reads).toBe(2);
    // Every figure is read again.
    await waitFor(() => expect(figure('activeCovers').value).toBe('43'));
  }, 20_000);

  it('should say so when the recomputation failed', async () => {
    const id = '0f0e0d0c-0b0a-4908-8706-050403020101';
    const job = (state: string) => ({
      body: { job: { id, state, records: 0, aggregates: 0, createdAt: 'c', updatedAt: 'u' } },
    });
    await openDashboard(
      {
        'POST /api/dashboard/rebuild': () => ({ status: 202, ...job('QUEUED') }),
        [`GET /api/dashboard/rebuild/${id}`]: () => job('FAILED'),
      },
      'ADMIN',
    );
    await figuresShown();
    await userEvent.click((await screen.findAllByRole('button', { name: 'Recompute' }))[0] as HTMLElement);
    await userEvent.click(
      within(visibleDialog()?.getElement() as HTMLElement).getByRole('button', { name: 'Recompute' }),
    );
    expect(
      await screen.findByText(/The dashboard could not be recomputed/, {}, { timeout: 5000 }),
    ).toBeTruthy();
  }, 20_000);
});
