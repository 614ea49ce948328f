import { cleanup, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../api/activity.ts';
import type { LogLine } from '../../api/operations.ts';
import i18next from '../../i18n/index.ts';
import { fakeApi, type FakeRequest } from '../../test/fake-api.ts';
import { renderApp, setSessionMarker, signedInRoutes } from '../../test/render-app.tsx';
import { cloudscape } from '../../test/cloudscape.ts';
import { choosePageSize, pageSizeLabels } from '../../test/page-sizes.ts';
import { userEvent } from '../../test/user-event.ts';

const longMessage = `Permission refused: ${'x'.repeat(160)} END`;

const line = (index: number, fields: Partial<LogLine> = {}): LogLine => ({
  timestamp: `2026-11-2${index}T10:0${index}:00.000Z`,
  level: 'warn',
  message: `Failed sign-in: wrong password for user${index}@example.org (1 in a row)`,
  ...fields,
});

/** Answers like the server: 27 lines at warn, 3 at error; the page asked for. */
const logsAnswer = (request: FakeRequest) => {
  const level = request.url.searchParams.get('level');
  const page = Number(request.url.searchParams.get('page'));
  const pageSize = Number(request.url.searchParams.get('pageSize'));
  const count = level === 'error' ? 3 : 27;
  const first = (page - 1) * pageSize;
  const logs = Array.from({ length: Math.max(0, Math.min(pageSize, count - first)) }, (_, index) =>
    line((first + index) % 10, {
      level: level === 'error' ? 'error' : 'warn',
      message: first + index === 0 ? longMessage : `${level} line ${first + index + 1}`,
    }),
  );
  return { body: { logs, count } };
};

/** Today's activity as the server names it: one member's bank details changed by an administrator. */
const bankEdit: ActivityEntry = {
  at: new Date().toISOString(),
  action: 'UPDATE',
  recordType: 'MEMBER',
  recordId: 'm1',
  label: 'Awa Diop',
  enablerId: 'e1',
  enablerName: 'Coop Verte',
  memberId: 'm1',
  memberName: 'Awa Diop',
  memberNumber: 'N-1',
  by: 'ibrahima@example.org',
  byName: 'Ibrahima Sow',
  before: { bankAccount: null },
  after: { bankAccount: 'SN-001' },
};

const table = () => cloudscape().findTable();
const cells = () =>
  (table()?.findRows() ?? []).map((row) =>
    Array.from(row.getElement().querySelectorAll('td, th')).map((cell) => cell.textContent),
  );

const logQueries = (api: { requests: FakeRequest[] }) =>
  api.requests
    .filter((request) => request.path === '/api/admin/logs')
    .map((request) => Object.fromEntries(request.url.searchParams));

/** The application log's tab, beside the activity the screen opens on. */
const showLog = async (name = 'Application log') => {
  await userEvent.click(await screen.findByRole('tab', { name }));
};

const routes = (activity: ActivityEntry[] = [bankEdit]) => ({
  ...signedInRoutes('ADMIN'),
  'GET /api/admin/logs': logsAnswer,
  'GET /api/admin/activity': { body: { entries: activity, next: null } },
});

const openLogs = async () => {
  setSessionMarker();
  const api = fakeApi(routes());
  renderApp('/AdminLogs');
  await showLog();
  await waitFor(() => expect(cells().length).toBe(10));
  return api;
};

describe('logs page', { timeout: 30_000 }, () => {
  it("should open on the day's activity, named, in the user's time zone", async () => {
    setSessionMarker();
    const api = fakeApi(routes());
    renderApp('/AdminLogs');
    await waitFor(() => expect(cells().length).toBe(1));
    const [row] = cells();
    expect(row?.join(' ')).toContain('Ibrahima Sow');
    expect(row?.join(' ')).toContain("Member's bank details changed");
    expect(row?.join(' ')).toContain('Awa Diop');
    expect(row?.join(' ')).toContain('SN-001');
    // Asked from the local day's first instant to its last.
    const [asked] = api.requests.filter((request) => request.path === '/api/admin/activity');
    const from = new Date(asked?.url.searchParams.get('from') ?? '');
    const to = new Date(asked?.url.searchParams.get('to') ?? '');
    expect([from.getHours(), from.getMinutes()]).toEqual([0, 0]);
    expect(to.getTime() - from.getTime()).toBe(86_400_000 - 1);
    expect(from.getDate()).toBe(new Date().getDate());
  });

  it('should open the application log at Information, page 1 of 10, with date, level and message', async () => {
    const api = await openLogs();
    expect(logQueries(api)).toEqual([{ level: 'info', page: '1', pageSize: '10' }]);
    expect(screen.getByRole('heading', { name: /Application log/, level: 2 }).textContent).toContain('(27)');
    const radios = ['Warning', 'Error', 'Information', 'Debug'].map(
      (name) => screen.getByRole('radio', { name }) as HTMLInputElement,
    );
    expect(screen.getAllByRole('radio')).toEqual(radios);
    expect(radios.map((radio) => radio.checked)).toEqual([false, false, true, false]);
    const [, second] = cells();
    expect(second?.[1]).toBe('Warning');
    expect(second?.[2]).toBe('info line 2');
    expect(second?.[0]).toMatch(/^\d\d\/11\/2026 \d\d:\d\d$/);
    // 27 lines of 10: three pages.
    expect(table()?.findPagination()?.findPageNumbers()).toHaveLength(3);
  });

  it('should cut a message over 150 characters and show it whole on demand', async () => {
    await openLogs();
    const message = () => cells()[0]?.[2] ?? '';
    expect(message()).toContain(`${longMessage.slice(0, 150)}…`);
    expect(message()).not.toContain('END');
    await userEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(message()).toContain(longMessage);
    await userEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(message()).not.toContain('END');
    // A short message has nothing to show.
    expect(screen.getAllByRole('button', { name: 'Show all' })).toHaveLength(1);
  });

  it('should ask the server for the chosen level from page 1, and for the page chosen', async () => {
    const api = await openLogs();
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(cells().length).toBe(7));
    expect(cells()[0]?.[2]).toBe('info line 21');
    await userEvent.click(screen.getByRole('radio', { name: 'Error' }));
    await waitFor(() => expect(cells().length).toBe(3));
    expect(logQueries(api)).toEqual([
      { level: 'info', page: '1', pageSize: '10' },
      { level: 'info', page: '3', pageSize: '10' },
      { level: 'error', page: '1', pageSize: '10' },
    ]);
    expect(cells()[0]?.[1]).toBe('Error');
  });

  it('should offer 5, 10, 25 lines and All, which reads every line by pages of 500, and 10 again on the next visit', async () => {
    const api = await openLogs();
    expect(await pageSizeLabels(table)).toEqual([
      '5 lines per page',
      '10 lines per page',
      '25 lines per page',
      'All',
    ]);
    await choosePageSize(table, 'All');
    await waitFor(() => expect(cells().length).toBe(27));
    expect(logQueries(api).at(-1)).toEqual({ level: 'info', page: '1', pageSize: '500' });
    expect(table()?.findPagination()?.findPageNumbers()).toHaveLength(0);
    cleanup();
    renderApp('/AdminLogs');
    await showLog();
    await waitFor(() => expect(cells().length).toBe(10));
    expect(logQueries(api).at(-1)).toEqual({ level: 'info', page: '1', pageSize: '10' });
  });

  it('should say so when nothing was changed that day, nor logged', async () => {
    setSessionMarker();
    fakeApi({
      ...routes([]),
      'GET /api/admin/logs': { body: { logs: [], count: 0 } },
    });
    renderApp('/AdminLogs');
    expect(await screen.findByText(/^Nothing was changed on /)).toBeTruthy();
    await showLog();
    expect(await screen.findByText('No log lines')).toBeTruthy();
  });

  it('should show the screen in French', async () => {
    await i18next.changeLanguage('fr');
    setSessionMarker();
    fakeApi(routes());
    renderApp('/AdminLogs');
    await waitFor(() => expect(cells().length).toBe(1));
    expect(cells()[0]?.join(' ')).toContain('Ibrahima Sow');
    await showLog("Journal de l'application");
    expect(await screen.findByRole('radio', { name: 'Avertissement' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Niveau' })).toBeTruthy();
  });
});
