import { cleanup, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MobileReport } from '../../api/operations.ts';
import i18next from '../../i18n/index.ts';
import { captureDownloads, textOf } from '../../test/downloads.ts';
import { fakeApi, type FakeRequest } from '../../test/fake-api.ts';
import { renderApp, setSessionMarker, signedInRoutes } from '../../test/render-app.tsx';
import { cloudscape } from '../../test/cloudscape.ts';
import { choosePageSize, pageSizeLabels } from '../../test/page-sizes.ts';
import { userEvent } from '../../test/user-event.ts';

const report = (index: number): MobileReport => ({
  _id: String(100 - index),
  receivedAt: `2026-11-${String(20 - (index % 10)).padStart(2, '0')}T08:30:00.000Z`,
  user: `agent${index}@example.org`,
  env: 'demo',
  deviceManufacturer: 'Samsung',
  deviceModel: `Galaxy A${index}`,
  version: '2.3.1',
  appIdentifier: 'org.example.cropprotection',
  data: { index, queue: [] },
});

/** Answers like the server: `count` reports, the page asked for. */
const reportsAnswer = (count: number) => (request: FakeRequest) => {
  const page = Number(request.url.searchParams.get('page'));
  const pageSize = Number(request.url.searchParams.get('pageSize'));
  const first = (page - 1) * pageSize;
  const reports = Array.from({ length: Math.max(0, Math.min(pageSize, count - first)) }, (_, offset) =>
    report(first + offset),
  );
  return { body: { reports, count } };
};

const table = () => cloudscape().findTable();
const cells = () =>
  (table()?.findRows() ?? []).map((row) =>
    Array.from(row.getElement().querySelectorAll('td, th'))
      .slice(0, 6)
      .map((cell) => cell.textContent),
  );

const openReports = async (count = 12) => {
  setSessionMarker();
  const api = fakeApi({ ...signedInRoutes('ADMIN'), 'GET /api/admin/reports': reportsAnswer(count) });
  renderApp('/AdminReports');
  await waitFor(() => expect(cells().length).toBe(10));
  return api;
};

const reportQueries = (api: Awaited<ReturnType<typeof openReports>>) =>
  api.requests
    .filter((request) => request.path === '/api/admin/reports')
    .map((request) => Object.fromEntries(request.url.searchParams));

describe('reports page', { timeout: 30_000 }, () => {
  it('should offer 5, 10, 25, 50 reports and All, which reads every page of 50, and 10 again on the next visit', async () => {
    const api = await openReports(120);
    expect(await pageSizeLabels(table)).toEqual([
      '5 reports per page',
      '10 reports per page',
      '25 reports per page',
      '50 reports per page',
      'All',
    ]);
    await choosePageSize(table, 'All');
    await waitFor(() => expect(cells().length).toBe(120));
    expect(reportQueries(api).slice(-3)).toEqual([
      { page: '1', pageSize: '50' },
      { page: '2', pageSize: '50' },
      { page: '3', pageSize: '50' },
    ]);
    expect(cells()[119]?.[1]).toBe('agent119@example.org');
    // No pager: every row is on the one page (the page-size choice stays beside it).
    expect(table()?.findPagination()?.findPageNumbers()).toHaveLength(0);
    cleanup();
    renderApp('/AdminReports');
    await waitFor(() => expect(cells().length).toBe(10));
    expect(reportQueries(api).at(-1)).toEqual({ page: '1', pageSize: '10' });
  });

  it('should show a page of 50, paged by the server', async () => {
    const api = await openReports(120);
    await choosePageSize(table, '50 reports per page');
    await waitFor(() => expect(cells().length).toBe(50));
    expect(reportQueries(api).at(-1)).toEqual({ page: '1', pageSize: '50' });
    expect(table()?.findPagination()?.findPageNumbers()).toHaveLength(3);
  });

  it('should show received at, user, device, environment, app version and identifier, paged by the server', async () => {
    const api = await openReports();
    expect(screen.getByRole('heading', { name: /Reports/, level: 1 }).textContent).toContain('(12)');
    expect(cells()[1]).toEqual([
      expect.stringMatching(/^19\/11\/2026 \d\d:30$/),
      'agent1@example.org',
      'Samsung Galaxy A1',
      'demo',
      '2.3.1',
      'org.example.cropprotection',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(cells().length).toBe(2));
    expect(cells()[0]?.[1]).toBe('agent10@example.org');
    expect(reportQueries(api)).toEqual([
      { page: '1', pageSize: '10' },
      { page: '2', pageSize: '10' },
    ]);
  });

  it('should download a report as report.json, whole', async () => {
    await openReports();
    const saved = captureDownloads();
    const row = cells()[2];
    await userEvent.click(
      screen.getByRole('button', { name: `Download the report of agent2@example.org of ${row?.[0] ?? ''}` }),
    );
    expect(saved.map((file) => file.fileName)).toEqual(['report.json']);
    expect(JSON.parse(await textOf(saved[0]?.blob ?? new Blob()))).toEqual(report(2));
  });

  it('should say so when there is no report, in French too', async () => {
    await i18next.changeLanguage('fr');
    setSessionMarker();
    fakeApi({ ...signedInRoutes('ADMIN'), 'GET /api/admin/reports': { body: { reports: [], count: 0 } } });
    renderApp('/AdminReports');
    expect(await screen.findByText('Aucun rapport')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Appareil' })).toBeTruthy();
  });
});
