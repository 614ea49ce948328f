import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BenefitRun } from '../../api/benefit-runs.ts';
import en from '../../i18n/en.json';
import i18next from '../../i18n/index.ts';
import { adminRoutes } from '../../test/admin-fixtures.ts';
import {
  benefitRow,
  benefitRun,
  duplicate,
  pageOf,
  paidRun,
  UPLOADER,
} from '../../test/benefit-run-fixtures.ts';
import { fakeApi, type FakeAnswer, type FakeRequest, type FakeRoutes } from '../../test/fake-api.ts';
import { renderApp, setSessionMarker } from '../../test/render-app.tsx';
import { cloudscape, dialogTexts, visibleDialog } from '../../test/cloudscape.ts';
import { userEvent } from '../../test/user-event.ts';

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
const text = () => plain(document.body.textContent);

const accepted = [
  benefitRow({
    row: 4,
    memberName: '=Moussa Ba',
    memberId: 'm-3',
    plotId: 'p-3',
    seasonContributions: 30,
    paidShare: 1,
    benefit: 40,
  }),
  benefitRow(),
  benefitRow({
    row: 5,
    memberName: 'Awa Dioup',
    memberId: 'm-2',
    plotId: 'p-2',
    seasonContributions: 10,
    bankName: null,
    bankBranchName: null,
    bankAccount: null,
    benefit: 20,
  }),
];
const refused = [
  benefitRow({
    row: 1,
    benefit: 0,
    seasonContributions: 0,
    paidShare: 0,
    status: 'REFUSED',
    reason: 'ZERO_BENEFIT',
  }),
  benefitRow({
    row: 2,
    damageIndex: null,
    givenAmount: 5000,
    benefit: 0,
    status: 'REFUSED',
    reason: 'ABOVE_MAXIMUM',
  }),
  benefitRow({
    row: 3,
    plotId: 'x-1',
    plotName: null,
    memberId: null,
    memberName: null,
    memberNumber: null,
    village: null,
    federation: null,
    seasonContributions: null,
    month: null,
    factor: null,
    damageIndex: 0.9,
    maximum: null,
    contributionsDue: null,
    paidShare: null,
    bankName: null,
    bankBranchName: null,
    bankAccount: null,
    benefit: 0,
    status: 'REFUSED',
    reason: 'UNKNOWN_PLOT',
  }),
];

/** Answers the rows as the server would: the refused ones or all, 6 in all. */
const rowsAnswer = (request: FakeRequest): FakeAnswer => {
  const status = request.url.searchParams.get('filter:status');
  const items = status === 'REFUSED' ? refused : [...refused, ...accepted];
  return { body: { ...pageOf(items, 6), count: items.length } };
};

const duplicates = [
  duplicate({ kind: 'BANK_ACCOUNT', value: 'SN-001', bankAccount: 'SN-001', phone: null }),
  duplicate({
    kind: 'BANK_ACCOUNT',
    value: 'SN-001',
    memberId: 'm-3',
    memberName: '=Moussa Ba',
    bankAccount: 'sn 001',
  }),
  duplicate({ group: 2, kind: 'SIMILAR_NAMES', value: 'Ndiaffate' }),
  duplicate({
    group: 2,
    kind: 'SIMILAR_NAMES',
    value: 'Ndiaffate',
    memberId: 'm-2',
    memberName: 'Awa Dioup',
  }),
];

const runAnswer = (run: BenefitRun): FakeAnswer => ({ body: { run } });

const openRun = async (run: BenefitRun | ((request: FakeRequest) => FakeAnswer), routes: FakeRoutes = {}) => {
  setSessionMarker();
  const api = fakeApi({
    ...adminRoutes(),
    'GET /api/admin/benefit-runs/run-1': typeof run === 'function' ? run : runAnswer(run),
    'GET /api/admin/benefit-runs/run-1/rows': rowsAnswer,
    'GET /api/admin/benefit-runs/run-1/duplicates': { body: pageOf(duplicates) },
    ...routes,
  });
  renderApp('/BenefitRun/run-1');
  return api;
};

const tableNamed = (name: string) =>
  cloudscape()
    .findAllTables()
    .find((table) => table.getElement().querySelector('table')?.getAttribute('aria-label') === name);

const cellsOf = (name: string) =>
  (tableNamed(name)?.findRows() ?? []).map((row) =>
    Array.from(row.getElement().querySelectorAll('th, td')).map((cell) => plain(cell.textContent)),
  );

const queriesTo = (api: ReturnType<typeof fakeApi>, path: string) =>
  api.requests
    .filter((request) => request.path === `/api/admin/benefit-runs/run-1/${path}`)
    .map((request) => Object.fromEntries(request.url.searchParams));

const heading = () =>
  screen.findByRole('heading', { name: 'Benefit run DRY-2026', level: 1 }, { timeout: 15_000 });

/** The run's page drawn whole: its overview comes in its second part, its preview's tables in its third. */
const drawnWhole = async () => {
  await heading();
  await waitFor(() => expect(tableNamed('Steps')).toBeDefined());
  await screen.findByRole('tab', { name: /^Rows/ });
};

/** Clicks the open confirmation's confirm button (the second of its footer). */
const confirm = async () => {
  const button = visibleDialog()?.findFooter()?.findAllButtons()[1]?.getElement();
  if (!button) throw new Error('No confirmation dialog is open');
  await userEvent.click(button);
};

describe('a benefit run', { timeout: 40_000 }, () => {
  it('should show what the preview found: its figures, per federation, and who did what when', async () => {
    await openRun(benefitRun());
    await drawnWhole();
    expect(text()).toContain('Plots to pay3');
    expect(text()).toContain('TotalF CFA 26');
    expect(text()).toContain('Refused rows3');
    expect(text()).toContain('Possible duplicate beneficiaries4');
    expect(cellsOf('Per federation')).toEqual([
      ['Kaolack', '2', '2', 'F CFA 22'],
      ['No federation', '1', '1', 'F CFA 4'],
    ]);
    const steps = cellsOf('Steps');
    expect(steps.map((step) => [step[0], step[1]])).toEqual([
      ['Uploaded', UPLOADER],
      ['Previewed', 'The job'],
    ]);
    expect(steps[0]?.[2]).toMatch(/^16\/02\/2026 \d\d:\d\d$/);
    expect(screen.getByRole('button', { name: 'Approve' }).hasAttribute('disabled')).toBe(false);
  });

  it("should show every row with its benefit's inputs, sorted and counted by the server", async () => {
    const api = await openRun(benefitRun());
    await heading();
    await waitFor(() => expect(cellsOf('Rows')).toHaveLength(6));
    expect(queriesTo(api, 'rows')[0]).toEqual({ page: '1', pageSize: '10', 'sort:row': 'asc' });
    // The rule's inputs in its order, whom it pays, then the status and the benefit.
    expect(cellsOf('Rows')[3]).toEqual([
      '4',
      'North field',
      '=Moussa BaF-0001',
      'F CFA 100',
      'Month 2 (× 1)',
      '0.4',
      'F CFA 30 of F CFA 20',
      '1',
      'CBAO, Kaolack: SN-001',
      'Accepted',
      'F CFA 40',
    ]);
    expect(cellsOf('Rows')[5]?.slice(6, 9)).toEqual(['F CFA 10 of F CFA 20', '0.5', 'Paid in cash']);
    expect(cellsOf('Rows')[2]?.[9]).toBe('Refused: Unknown plot');
    expect(screen.getByRole('tab', { name: 'Rows (6)' })).toBeTruthy();
    await userEvent.click(within(tableNamed('Rows')?.getElement() as HTMLElement).getByText('Benefit'));
    await waitFor(() => expect(queriesTo(api, 'rows').at(-1)).toMatchObject({ 'sort:benefit': 'asc' }));
    await userEvent.click(within(tableNamed('Rows')?.getElement() as HTMLElement).getByText('Benefit'));
    await waitFor(() => expect(queriesTo(api, 'rows').at(-1)).toMatchObject({ 'sort:benefit': 'desc' }));
  });

  it('should list the refused rows with their reasons, and the possible duplicates', async () => {
    const api = await openRun(benefitRun());
    await drawnWhole();
    await userEvent.click(screen.getByRole('tab', { name: 'Refused rows (3)' }));
    await waitFor(() => expect(cellsOf('Refused rows')).toHaveLength(3));
    expect(queriesTo(api, 'rows').at(-1)).toMatchObject({ 'filter:status': 'REFUSED' });
    expect(cellsOf('Refused rows').map((row) => [row[0], row[5], row[6], row[7]])).toEqual([
      ['1', '-', 'F CFA 100', 'Nothing to pay'],
      ['2', 'F CFA 5,000', 'F CFA 100', "Amount above the plot's Maximum"],
      ['3', '-', '-', 'Unknown plot'],
    ]);
    expect(text()).toContain('Refused rows (3/6)');
    await userEvent.click(screen.getByRole('tab', { name: 'Possible duplicates (4)' }));
    await waitFor(() => expect(cellsOf('Possible duplicate beneficiaries')).toHaveLength(4));
    expect(cellsOf('Possible duplicate beneficiaries').map((row) => row.slice(0, 4))).toEqual([
      ['1', 'Same bank account', 'SN-001', 'Awa DiopF-0001'],
      ['1', 'Same bank account', 'SN-001', '=Moussa BaF-0001'],
      ['2', 'Similar names in a village', 'Ndiaffate', 'Awa DiopF-0001'],
      ['2', 'Similar names in a village', 'Ndiaffate', 'Awa DioupF-0001'],
    ]);
  });

  it('should approve the run with a comment, after a confirmation that says what it pays', async () => {
    const approved = benefitRun({
      state: 'APPROVED',
      review: {
        decision: 'APPROVED',
        by: 'ada@example.org',
        at: '2026-02-16T10:00:00.000Z',
        comment: 'Checked',
      },
    });
    const api = await openRun(benefitRun(), {
      'POST /api/admin/benefit-runs/run-1/approve': { status: 202, body: { run: approved } },
    });
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(plain(dialogTexts()?.content)).toContain(
      'Approving pays F CFA 26 to 3 members for 3 plots of the assessment DRY-2026, at once.',
    );
    expect(dialogTexts()?.content).toContain(
      '4 members may be duplicate beneficiaries: check the possible duplicates first.',
    );
    await confirm();
    expect(dialogTexts()?.content).toContain('Write a comment.');
    expect(api.calls()).not.toContain('POST /api/admin/benefit-runs/run-1/approve');
    await userEvent.type(screen.getByRole('textbox', { name: 'Comment (required)' }), ' Checked ');
    await confirm();
    await waitFor(() =>
      expect(api.requestTo('POST /api/admin/benefit-runs/run-1/approve')?.body).toEqual({
        comment: 'Checked',
        previewComputedAt: '2026-02-16T09:01:00.000Z',
      }),
    );
    expect(
      api.requestTo('POST /api/admin/benefit-runs/run-1/approve')?.headers.get('Idempotency-Key'),
    ).toBeTruthy();
  });

  it('should tell the uploader that another administrator must review the run, and let them cancel it', async () => {
    const own = benefitRun({ createdBy: 'ada@example.org' });
    const api = await openRun(own, {
      'POST /api/admin/benefit-runs/run-1/cancel': {
        body: {
          run: {
            ...own,
            state: 'CANCELLED',
            cancellation: { by: 'ada@example.org', at: '2026-02-16T11:00:00.000Z', comment: null },
          },
        },
      },
    });
    await heading();
    expect(text()).toContain('You uploaded this runAnother administrator must approve or reject it.');
    expect(screen.getByRole('button', { name: 'Approve' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Reject' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the run' }));
    await confirm();
    await waitFor(() => expect(api.requestTo('POST /api/admin/benefit-runs/run-1/cancel')?.body).toEqual({}));
  });

  it("should tell an administrator of the uploader's line that another one must review the run", async () => {
    await openRun(() => ({ body: { run: benefitRun(), linkedToUploader: true } }));
    await heading();
    expect(text()).toContain(
      `Another administrator must review this runYou cannot approve or reject this benefit run: your account and that of ${UPLOADER}, who uploaded it,`,
    );
    expect(screen.getByRole('button', { name: 'Approve' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Reject' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Cancel the run' }).hasAttribute('disabled')).toBe(false);
  });

  it("should say why a review by an administrator of the uploader's line was refused, in French too", async () => {
    const refusal = {
      status: 403,
      body: {
        code: 'ERR_BENEFIT_RUN_LINKED_REVIEW',
        message: 'An administrator who brought in the uploader of a benefit run…',
        details: { uploader: UPLOADER, link: 'BROUGHT_IN_BY_UPLOADER' },
      },
    };
    await i18next.changeLanguage('fr');
    await openRun(benefitRun(), { 'POST /api/admin/benefit-runs/run-1/approve': refusal });
    await screen.findByRole(
      'heading',
      { name: "Paiement d'indemnités DRY-2026", level: 1 },
      { timeout: 15_000 },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Approuver' }));
    await userEvent.type(screen.getByRole('textbox', { name: /^Commentaire/ }), 'Vérifié');
    await confirm();
    await waitFor(() =>
      expect(dialogTexts()?.content).toContain(
        `Vous ne pouvez ni approuver ni rejeter ce paiement d'indemnités : votre compte et celui de ${UPLOADER}, qui l'a déposé,`,
      ),
    );
  });

  it('should show an error code of a refused move in the error dialog', async () => {
    await openRun(benefitRun(), {
      'POST /api/admin/benefit-runs/run-1/reject': {
        status: 409,
        body: {
          code: 'ERR_BENEFIT_RUN_STATE',
          message: 'The benefit run is not in a state that allows this.',
        },
      },
    });
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Comment (required)' }), 'Wrong index');
    await confirm();
    await waitFor(() => expect(dialogTexts()?.content).toContain(en.errors.ERR_BENEFIT_RUN_STATE));
  });

  it("should follow the preview's progress until the run waits for approval", async () => {
    let reads = 0;
    await openRun(() =>
      runAnswer(
        ++reads === 1
          ? benefitRun({ state: 'PREVIEWING', preview: null, files: [], progress: { done: 40, total: 100 } })
          : benefitRun(),
      ),
    );
    await heading();
    expect(text()).toContain('40 of 100 plots examined');
    expect(cloudscape().findProgressBar()?.findPercentageText()?.getElement().textContent).toBe('40%');
    await waitFor(() => expect(text()).toContain('Plots to pay3'), { timeout: 10_000 });
    expect(cloudscape().findProgressBar()).toBeNull();
  });

  it('should show the payment and download its files', async () => {
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const url = 'http://files.example/benefit-runs/run-1/bank-CBAO.csv?X-Amz-Signature=abc';
    await openRun(paidRun(), {
      'GET /api/admin/benefit-runs/run-1/files/bank-1': {
        body: { url, fileName: 'benefit-run-DRY-2026-bank-CBAO.csv' },
      },
    });
    await drawnWhole();
    expect(text()).toContain('Amount paidF CFA 26');
    expect(text()).toContain('Rows not paid1 · paid meanwhile for this assessment: 1');
    expect(cellsOf('Steps').map((step) => [step[0], step[1], step[3]])).toEqual([
      ['Uploaded', UPLOADER, '-'],
      ['Previewed', 'The job', '-'],
      ['Approved', 'ada@example.org', 'Matches the index report'],
      ['Paid', 'ada@example.org', '-'],
    ]);
    expect(cellsOf('Files').map((row) => row.slice(0, 4))).toEqual([
      ['Preview (every row)', 'benefit-run-DRY-2026-preview.csv', '-', '-'],
      ['Possible duplicate beneficiaries', 'benefit-run-DRY-2026-duplicates.csv', '-', '-'],
      ['Bank transfers: CBAO', 'benefit-run-DRY-2026-bank-CBAO.csv', '1', 'F CFA 10'],
      ['Cash payments (members without bank details)', 'benefit-run-DRY-2026-cash.csv', '1', 'F CFA 4'],
    ]);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    await userEvent.click(
      screen.getByRole('button', { name: 'Download benefit-run-DRY-2026-bank-CBAO.csv' }),
    );
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect((saved.mock.contexts[0] as HTMLAnchorElement).href).toBe(url);
  });

  it('should mark a payee whose bank details changed, and preview the run again', async () => {
    const changed = [benefitRow({ bankChanged: true })];
    const api = await openRun(benefitRun(), {
      'GET /api/admin/benefit-runs/run-1/rows': { body: pageOf(changed) },
      'POST /api/admin/benefit-runs/run-1/preview': {
        status: 202,
        body: { run: benefitRun({ state: 'PREVIEWING', progress: { done: 1, total: 5 } }) },
      },
    });
    await heading();
    await waitFor(() => expect(cellsOf('Rows')).toHaveLength(1));
    expect(cellsOf('Rows')[0]?.[8]).toBe('CBAO, Kaolack: SN-001Changed since the preview');
    await userEvent.click(screen.getByRole('button', { name: 'Preview again' }));
    expect(screen.queryByRole('textbox', { name: /Comment/ })).toBeNull();
    await confirm();
    await waitFor(() => expect(api.calls()).toContain('POST /api/admin/benefit-runs/run-1/preview'));
  });

  it('should say that a run previewed under an earlier rule must be previewed again', async () => {
    const stale = benefitRun();
    await openRun({ ...stale, preview: stale.preview && { ...stale.preview, ruleVersion: 1 } });
    await heading();
    expect(text()).toContain('Previewed under an earlier benefit rule');
  });

  it('should reverse a paid run into a reversal run, and show the reversal as such', async () => {
    const reversal = benefitRun({ id: 'run-2', kind: 'REVERSAL', reverses: 'run-1', state: 'PREVIEWING' });
    const api = await openRun(paidRun(), {
      'POST /api/admin/benefit-runs/run-1/reverse': { status: 202, body: { run: reversal } },
      'GET /api/admin/benefit-runs/run-2': runAnswer(reversal),
    });
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Reverse' }));
    expect(plain(dialogTexts()?.content)).toContain(
      'takes back the payouts this run of the assessment DRY-2026 wrote',
    );
    await confirm();
    await waitFor(() => expect(api.calls()).toContain('POST /api/admin/benefit-runs/run-1/reverse'));
    await waitFor(() => expect(text()).toContain('A reversal'));
    // In the page's second part (its overview).
    await waitFor(() => expect(text()).toContain('KindReversal'));
  });

  it('should say when the run does not exist', async () => {
    await openRun(() => ({ status: 404, body: { code: 'ERR_NOT_FOUND', message: 'Not found' } }));
    expect(
      await screen.findByText(
        'This benefit run does not exist, or belongs to another enabler.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
  });

  it('should show the run in French', async () => {
    await i18next.changeLanguage('fr');
    await openRun(benefitRun());
    await screen.findByRole(
      'heading',
      { name: "Paiement d'indemnités DRY-2026", level: 1 },
      { timeout: 15_000 },
    );
    expect(screen.getByRole('button', { name: 'Approuver' })).toBeTruthy();
    // The preview's figures come in the page's second part.
    await waitFor(() => expect(text()).toContain('Parcelles à payer3'));
    expect(text()).toContain('Total26 F CFA');
  });
});
