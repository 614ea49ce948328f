import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18next from '../../i18n/index.ts';
import { adminRoutes } from '../../test/admin-fixtures.ts';
import { benefitRun, paidRun, UPLOADER } from '../../test/benefit-run-fixtures.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { renderApp, setSessionMarker } from '../../test/render-app.tsx';
import { cloudscape } from '../../test/cloudscape.ts';
import { userEvent } from '../../test/user-event.ts';

// Amounts are written with no-break spaces: compared as plain spaces.
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

const cells = () =>
  (cloudscape().findTable()?.findRows() ?? []).map((row) =>
    Array.from(row.getElement().querySelectorAll('th, td')).map((cell) => plain(cell.textContent)),
  );

const runs = [
  paidRun(),
  benefitRun({
    id: 'run-2',
    assessmentId: 'DRY-2026-B',
    createdAt: '2026-03-01T08:00:00.000Z',
    state: 'PREVIEWING',
    preview: null,
    files: [],
  }),
  benefitRun({
    id: 'run-3',
    assessmentId: 'FLOOD-7',
    createdAt: '2026-01-10T08:00:00.000Z',
    state: 'CANCELLED',
  }),
];

const openList = async (heading = 'Benefit runs') => {
  setSessionMarker();
  const api = fakeApi({ ...adminRoutes(), 'GET /api/admin/benefit-runs': { body: { runs } } });
  renderApp('/AdminBenefitRuns');
  await screen.findByRole('heading', { name: new RegExp(`^${heading}`), level: 1 });
  await waitFor(() => expect(cells()).toHaveLength(3));
  return api;
};

describe('benefit runs list', { timeout: 30_000 }, () => {
  it('should list the runs newest first: state, who uploaded them and when, their plots and total', async () => {
    await openList();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('(3)');
    const [previewing, paid, cancelled] = cells();
    expect(previewing?.slice(0, 3)).toEqual(['DRY-2026-B', '15/02/2026', 'Previewing']);
    expect(previewing?.slice(5)).toEqual(['-', '-']);
    expect(paid?.slice(0, 4)).toEqual(['DRY-2026', '15/02/2026', 'Paid', UPLOADER]);
    expect(paid?.[4]).toMatch(/^16\/02\/2026 \d\d:\d\d$/);
    expect(paid?.slice(5)).toEqual(['3', 'F CFA 26']);
    expect(cancelled?.[2]).toBe('Cancelled');
    expect(screen.getByRole('link', { name: 'DRY-2026' }).getAttribute('href')).toBe('/BenefitRun/run-1');
    expect(screen.getByRole('link', { name: 'Upload an assessment' }).getAttribute('href')).toBe(
      '/NewBenefitRun',
    );
  });

  it('should sort on a column and search the runs', async () => {
    await openList();
    await userEvent.click(screen.getByRole('button', { name: 'Assessment' }));
    expect(cells().map((row) => row[0])).toEqual(['DRY-2026', 'DRY-2026-B', 'FLOOD-7']);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the benefit runs' }), 'flood');
    await waitFor(() => expect(cells().map((row) => row[0])).toEqual(['FLOOD-7']));
    expect(document.body.textContent).toContain('1 match');
  });

  it('should read the runs again while one of them is at work', async () => {
    const api = await openList();
    await waitFor(
      () =>
        expect(api.calls().filter((call) => call === 'GET /api/admin/benefit-runs').length).toBeGreaterThan(
          1,
        ),
      { timeout: 5000 },
    );
  });

  it('should show the list in French', async () => {
    await i18next.changeLanguage('fr');
    await openList("Paiements d'indemnités");
    expect(screen.getByRole('columnheader', { name: 'Déposé par' })).toBeTruthy();
    expect(cells()[1]?.[2]).toBe('Payé');
    expect(cells()[1]?.[6]).toBe('26 F CFA');
  });
});
