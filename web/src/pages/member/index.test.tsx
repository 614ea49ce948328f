import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MemberDetail } from '../../api/members.ts';
import { fakeApi, type FakeRequest } from '../../test/fake-api.ts';
import { outbox } from '../../api/offline/outbox.ts';
import { renderApp, setSessionMarker } from '../../test/render-app.tsx';
import { cloudscape, dialogVisible, visibleDialog } from '../../test/cloudscape.ts';
import { agentRoutes, memberDetail } from '../../test/member-fixtures.ts';

/** A signed-in agent on a member's page; the member answered is the test's, possibly changed by a write. */
const openMember = async (member: MemberDetail, routes: Parameters<typeof fakeApi>[0] = {}) => {
  setSessionMarker();
  const api = fakeApi({ ...agentRoutes(), 'GET /api/members/m-1': { body: member }, ...routes });
  renderApp('/Member/m-1');
  await screen.findByRole('heading', { name: member.name, level: 1 });
  // The money forms come last (common/ui/use-stages.ts).
  await screen.findByRole('heading', { name: 'Pay a benefit', level: 2 });
  return { api, memberLoads: () => api.calls().filter((call) => call === 'GET /api/members/m-1').length };
};

const statusCards = () =>
  Object.fromEntries(
    ['Total contributions', 'First benefit', 'Pending benefits', 'Months since the first contribution'].map(
      (label) => [label, screen.getByText(label).nextElementSibling?.textContent],
    ),
  );

const formNamed = (title: string) => {
  const form = screen.getByRole('heading', { name: title, level: 2 }).closest('form');
  if (!form) throw new Error(`No form ${title}`);
  return form;
};
const cashoutForm = () => formNamed('Pay a benefit');
const contributionForm = () => formNamed('Collect a contribution');
const submitOf = (form: HTMLElement) => within(form).getByRole('button', { name: /^(Pay|Collect)$/ });
const fieldErrorOf = (form: HTMLElement) =>
  cloudscape()
    .findAllFormFields()
    .find((field) => form.contains(field.getElement()))
    ?.findError()
    ?.getElement().textContent;

const firstOfMonthsAgo = (months: number) => {
  const today = new Date();
  const day = new Date(today.getFullYear(), today.getMonth() - months, 1);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-01`;
};

// Each test renders the whole member page (four tables, two forms) in jsdom: slow on a busy machine.
describe('member page', { timeout: 30_000 }, () => {
  it('should say "No benefit" and "No contribution" for a new member', async () => {
    await openMember(
      memberDetail({
        contributionTotal: 0,
        cashoutBalance: 0,
        firstContributionDate: null,
        firstPayoutDate: null,
        contributions: [],
        payouts: [],
        cashouts: [],
      }),
    );
    expect(statusCards()).toEqual({
      'Total contributions': '₹0.00',
      'First benefit': 'No benefit',
      'Pending benefits': '₹0.00',
      'Months since the first contribution': 'No contribution',
    });
  });

  it('should show the totals, the first benefit date and the months since the first contribution', async () => {
    await openMember(memberDetail({ firstContributionDate: firstOfMonthsAgo(3) }));
    expect(statusCards()).toEqual({
      'Total contributions': '₹300.00',
      'First benefit': '30/06/2025',
      'Pending benefits': '₹500.00',
      'Months since the first contribution': '3',
    });
    const details = Object.fromEntries(
      (cloudscape().findKeyValuePairs()?.findItems() ?? []).map((item) => [
        item.findLabel()?.getElement().textContent,
        item.findValue()?.getElement().textContent,
      ]),
    );
    expect(details).toMatchObject({ Gender: 'Female', Federation: 'North', 'Onboarding date': '15/03/2025' });
    const plotLink = screen.getByRole('link', { name: 'North field' });
    expect(plotLink.getAttribute('href')).toBe('/Member/m-1/Field/p-1');
    expect(screen.getByRole('link', { name: 'Add a plot' }).getAttribute('href')).toBe('/Member/m-1/Field');
  });

  it("should show which months of each plot's season are paid and which are due, numbered from 1", async () => {
    // 15 July 2025: four months of the plot's cover have begun; its 300 paid cover three of its 100 a month.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2025, 6, 15, 12) });
    await openMember(memberDetail());
    expect(await screen.findByRole('heading', { name: 'Months of the season', level: 2 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'North field', level: 3 })).toBeTruthy();
    expect(await screen.findByText('Paid: 3 of 6 months · Due: 1')).toBeTruthy();
    const season = screen.getByRole('list', { name: 'Months of the season: North field' });
    const months = within(season)
      .getAllByRole('listitem')
      .map((month) => month.textContent);
    expect(months).toEqual([
      'Month 1Paid01/04/2025 to 30/04/2025',
      'Month 2Paid01/05/2025 to 31/05/2025',
      'Month 3Paid01/06/2025 to 30/06/2025',
      'Month 4Due01/07/2025 to 31/07/2025',
      'Month 5Upcoming01/08/2025 to 31/08/2025',
      'Month 6Upcoming01/09/2025 to 01/10/2025',
    ]);
  });

  it('should refuse a cashout above the pending benefit: disabled, and no call', async () => {
    const { api } = await openMember(memberDetail({ cashoutBalance: 500 }));
    const amount = within(cashoutForm()).getByLabelText('Amount to pay out');

    expect((submitOf(cashoutForm()) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(amount, '500.01');
    expect(fieldErrorOf(cashoutForm())).toBe('The amount cannot be above the pending benefit (₹500.00).');
    expect((submitOf(cashoutForm()) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(submitOf(cashoutForm()));
    await userEvent.type(amount, '{Enter}');

    for (const refused of ['0', '-5', '12.345']) {
      await userEvent.clear(amount);
      await userEvent.type(amount, refused);
      expect((submitOf(cashoutForm()) as HTMLButtonElement).disabled, refused).toBe(true);
    }
    expect(visibleDialog()).toBeUndefined();
    expect(api.calls()).not.toContain('POST /api/members/m-1/cashouts');

    // The whole balance is allowed.
    await userEvent.clear(amount);
    await userEvent.type(amount, '500');
    expect((submitOf(cashoutForm()) as HTMLButtonElement).disabled).toBe(false);
    expect(fieldErrorOf(cashoutForm())).toBeUndefined();
  });

  it('should pay a cashout only once confirmed, then reload the member', async () => {
    let balance = 500;
    const { api, memberLoads } = await openMember(memberDetail(), {
      'GET /api/members/m-1': () => ({ body: memberDetail({ cashoutBalance: balance }) }),
      'POST /api/members/m-1/cashouts': (request: FakeRequest) => {
        balance -= (request.body as { amount: number }).amount;
        return { status: 201, body: { id: 'co-2', amount: 200, cashoutDate: new Date().toISOString() } };
      },
    });
    await userEvent.type(within(cashoutForm()).getByLabelText('Amount to pay out'), '200');
    await userEvent.click(submitOf(cashoutForm()));

    const dialog = visibleDialog();
    expect(dialog?.findHeader().getElement().textContent).toBe('Pay the benefit');
    expect(dialog?.findContent().getElement().textContent).toBe('Pay ₹200.00 to Asha Devi?');
    expect(api.calls()).not.toContain('POST /api/members/m-1/cashouts');

    // Cancelling sends nothing.
    await userEvent.click(
      within(dialog?.getElement() as HTMLElement).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(visibleDialog()).toBeUndefined());
    expect(api.calls()).not.toContain('POST /api/members/m-1/cashouts');

    await userEvent.click(submitOf(cashoutForm()));
    await userEvent.click(
      within(visibleDialog()?.getElement() as HTMLElement).getByRole('button', { name: 'Pay' }),
    );

    // Said under the form's button, in a region screen readers announce.
    const done = await within(cashoutForm()).findByText('A benefit of ₹200.00 was paid to Asha Devi.');
    expect(done.closest('[role="status"]')).not.toBeNull();
    expect(api.requestTo('POST /api/members/m-1/cashouts')?.body).toEqual({ amount: 200 });
    await waitFor(() => expect(memberLoads()).toBe(2));
    await waitFor(() => expect(statusCards()['Pending benefits']).toBe('₹300.00'));
    expect((within(cashoutForm()).getByLabelText('Amount to pay out') as HTMLInputElement).value).toBe('');
  });

  it('should disable the contribution form of a member without plots and say why', async () => {
    const { api } = await openMember(memberDetail({ plots: [] }));
    expect(
      within(contributionForm()).getByText(
        'The member has no plot yet: add a plot before collecting a contribution.',
      ),
    ).toBeTruthy();
    expect((submitOf(contributionForm()) as HTMLButtonElement).disabled).toBe(true);
    expect(
      (within(contributionForm()).getByLabelText('Contribution amount') as HTMLInputElement).disabled,
    ).toBe(true);
    await userEvent.click(submitOf(contributionForm()));
    expect(visibleDialog()).toBeUndefined();
    expect(api.calls()).not.toContain('POST /api/members/m-1/contribute');
  });

  it('should collect a drought contribution once confirmed, excess rain being shown but disabled', async () => {
    const { api, memberLoads } = await openMember(memberDetail(), {
      'POST /api/members/m-1/contribute': { status: 201, body: { id: 'c-3' } },
    });
    const form = contributionForm();
    expect((within(form).getByLabelText('Drought') as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByLabelText('Excess rain') as HTMLInputElement).disabled).toBe(true);

    const amount = within(form).getByLabelText('Contribution amount') as HTMLInputElement;
    // It starts at the plot's monthly drought contribution.
    expect(amount.value).toBe('100');
    await userEvent.clear(amount);
    await userEvent.type(amount, '0');
    expect((submitOf(form) as HTMLButtonElement).disabled).toBe(true);
    expect(fieldErrorOf(form)).toBe('The amount must be above 0.');
    await userEvent.clear(amount);
    await userEvent.type(amount, '150,5');
    await userEvent.click(submitOf(form));

    expect(visibleDialog()?.findContent().getElement().textContent).toBe(
      'Collect ₹150.50 from Asha Devi for the plot North field (Drought)?',
    );
    expect(api.calls()).not.toContain('POST /api/members/m-1/contribute');
    await userEvent.click(
      within(visibleDialog()?.getElement() as HTMLElement).getByRole('button', { name: 'Collect' }),
    );
    expect(
      await within(form).findByText(
        'A contribution of ₹150.50 was collected from Asha Devi for the plot North field.',
      ),
    ).toBeTruthy();
    // Back to the plot's monthly contribution, for the next one.
    expect(amount.value).toBe('100');
    expect(api.requestTo('POST /api/members/m-1/contribute')?.body).toEqual({
      amount: 150.5,
      protectionType: 'DROUGHT',
      plotId: 'p-1',
    });
    await waitFor(() => expect(memberLoads()).toBe(2));
  });

  it('should let the agent choose the plot of a contribution, the first one by default', async () => {
    const [north] = memberDetail().plots;
    const south = { ...north, id: 'p-2', name: 'South field', droughtMonthlyContrib: 60 } as typeof north;
    const { api } = await openMember(memberDetail({ plots: [north, south] as MemberDetail['plots'] }), {
      'POST /api/members/m-1/contribute': { status: 201, body: { id: 'c-3' } },
    });
    const form = contributionForm();
    const plotSelect = cloudscape()
      .findAllSelects()
      .find((select) => form.contains(select.getElement()));
    expect(plotSelect?.findTrigger().getElement().textContent).toBe('North field');
    plotSelect?.openDropdown();
    plotSelect?.selectOptionByValue('p-2', { expandToViewport: false });
    expect(plotSelect?.findTrigger().getElement().textContent).toBe('South field');

    // The amount follows the plot chosen.
    expect((within(form).getByLabelText('Contribution amount') as HTMLInputElement).value).toBe('60');
    await userEvent.clear(within(form).getByLabelText('Contribution amount'));
    await userEvent.type(within(form).getByLabelText('Contribution amount'), '80');
    await userEvent.click(submitOf(form));
    expect(visibleDialog()?.findContent().getElement().textContent).toBe(
      'Collect ₹80.00 from Asha Devi for the plot South field (Drought)?',
    );
    await userEvent.click(
      within(visibleDialog()?.getElement() as HTMLElement).getByRole('button', { name: 'Collect' }),
    );
    await waitFor(() =>
      expect(api.requestTo('POST /api/members/m-1/contribute')?.body).toEqual({
        amount: 80,
        protectionType: 'DROUGHT',
        plotId: 'p-2',
      }),
    );
  });

  it('should keep a contribution whose answer was lost and send it again with the same Idempotency-Key, a new one for the next', async () => {
    let tries = 0;
    const { api } = await openMember(memberDetail(), {
      'POST /api/members/m-1/contribute': () => {
        tries += 1;
        return tries === 1 ? { networkError: true } : { status: 201, body: { id: `c-${tries}` } };
      },
    });
    const collect = async () => {
      await userEvent.click(submitOf(contributionForm()));
      await userEvent.click(
        within(visibleDialog()?.getElement() as HTMLElement).getByRole('button', { name: 'Collect' }),
      );
    };
    await userEvent.clear(within(contributionForm()).getByLabelText('Contribution amount'));
    await userEvent.type(within(contributionForm()).getByLabelText('Contribution amount'), '150');
    await collect();
    // The answer was lost: the contribution is kept on the device, and the queue sends it again, same key.
    expect(
      await screen.findByText(
        'The contribution of ₹150.00 from Asha Devi for the plot North field is kept on this device and will be sent when the network is back.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(tries).toBe(2));
    await waitFor(() => expect(outbox.current().writes).toEqual([]));
    expect(dialogVisible()).toBe(false);

    await userEvent.clear(within(contributionForm()).getByLabelText('Contribution amount'));
    await userEvent.type(within(contributionForm()).getByLabelText('Contribution amount'), '150');
    await collect();
    expect(
      await screen.findByText(
        'A contribution of ₹150.00 was collected from Asha Devi for the plot North field.',
      ),
    ).toBeTruthy();
    expect(tries).toBe(3);

    const keys = api.requests
      .filter((request) => request.path === '/api/members/m-1/contribute')
      .map((request) => request.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('should list the contributions newest first, sortable, each row opening its plot', async () => {
    await openMember(memberDetail());
    await userEvent.click(screen.getByRole('tab', { name: 'Contributions' }));
    const table = () => cloudscape().findTabs()?.findTabContent()?.findTable();
    const dates = () =>
      table()
        ?.findRows()
        .map((row) => row.find('td')?.getElement().textContent);

    await waitFor(() => expect(dates()).toEqual(['01/05/2025', '01/04/2025']));
    expect(table()?.findBodyCell(1, 2)?.getElement().textContent).toBe('₹200.00');
    expect(table()?.findBodyCell(1, 3)?.getElement().textContent).toBe('Drought');
    expect(
      within(table()?.getElement() as HTMLElement)
        .getAllByRole('link', { name: 'North field' })[0]
        ?.getAttribute('href'),
    ).toBe('/Member/m-1/Field/p-1');
    await userEvent.click(table()?.findColumnSortingArea(2)?.getElement() as HTMLElement);
    expect(dates()).toEqual(['01/04/2025', '01/05/2025']);
  });

  it('should list the benefits and the paid benefits', async () => {
    await openMember(memberDetail());
    await userEvent.click(screen.getByRole('tab', { name: 'Benefits' }));
    const tables = () => cloudscape().findTabs()?.findTabContent()?.findAllTables() ?? [];
    await waitFor(() => expect(tables()).toHaveLength(2));
    const [payouts, cashouts] = tables();
    expect(
      payouts
        ?.findRows()[0]
        ?.findAll('td')
        .map((cell) => cell.getElement().textContent),
    ).toEqual(['30/06/2025', '₹800.00', 'KHARIF-2025', '20/06/2025', 'North field']);
    expect(
      cashouts
        ?.findRows()[0]
        ?.findAll('td')
        .map((cell) => cell.getElement().textContent),
    ).toEqual(['02/07/2025', '₹300.00']);
  });
});
