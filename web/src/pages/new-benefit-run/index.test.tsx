import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import adminEn from '../../i18n/admin/en.json';
import adminFr from '../../i18n/admin/fr.json';
import i18next from '../../i18n/index.ts';
import { fakeApi, type FakeRoutes } from '../../test/fake-api.ts';
import { adminRoutes } from '../../test/admin-fixtures.ts';
import { renderApp, setSessionMarker } from '../../test/render-app.tsx';
import { cloudscape, dialogTexts } from '../../test/cloudscape.ts';
import userEventDefault from '@testing-library/user-event';
import { userEvent } from '../../test/user-event.ts';
import { assessmentCsvColumns } from '@cpbo/schemas/benefit-runs.ts';
import { benefitRun } from '../../test/benefit-run-fixtures.ts';

const uploadUrl = 'http://files.example/benefit-runs/uploads/u-1?X-Amz-Signature=abc';

const openUpload = async (routes: FakeRoutes = {}, heading = 'Upload an assessment') => {
  setSessionMarker();
  const api = fakeApi({
    ...adminRoutes(),
    'POST /api/admin/benefit-runs/uploads': { status: 201, body: { upload: 'u-1', url: uploadUrl } },
    'PUT /benefit-runs/uploads/u-1': { status: 200 },
    // The covered plots' federations to choose from.
    'GET /api/dashboard/federations': { body: ['Kaolack'] },
    ...routes,
  });
  renderApp('/NewBenefitRun');
  await screen.findByRole('heading', { name: heading, level: 1 });
  // The page's last section, drawn in its third part.
  await screen.findByRole('heading', { name: /^(The assessment file|Le fichier d)/, level: 2 });
  return api;
};

const text = () => document.body.textContent ?? '';
const fileInput = () => cloudscape().findFileUpload()?.findNativeInput().getElement() as HTMLElement;
const startButton = () => screen.getByRole('button', { name: 'Upload and preview' });
const csvFile = (name = 'drought.csv') =>
  new File(['assessmentId,assessmentDate,village,damageIndex\nDRY-1,2026-08-31,Fissel,0.5\n'], name, {
    type: 'text/csv',
  });

describe('upload of an assessment', { timeout: 30_000 }, () => {
  it('should upload the file, start its run with its format and name, then open the run', async () => {
    const api = await openUpload({
      'POST /api/admin/benefit-runs': { status: 202, body: { run: benefitRun({ state: 'PREVIEWING' }) } },
      'GET /api/admin/benefit-runs/run-1': { body: { run: benefitRun() } },
    });
    expect(startButton().hasAttribute('disabled')).toBe(true);
    await userEvent.upload(fileInput(), csvFile());
    await waitFor(() => expect(startButton().hasAttribute('disabled')).toBe(false));
    await userEvent.click(startButton());
    await screen.findByRole('heading', { name: 'Benefit run DRY-2026', level: 1 }, { timeout: 15_000 });
    expect(api.calls().filter((call) => !call.startsWith('GET'))).toEqual([
      'POST /api/admin/benefit-runs/uploads',
      'PUT /benefit-runs/uploads/u-1',
      'POST /api/admin/benefit-runs',
    ]);
    expect(api.requestTo('POST /api/admin/benefit-runs')?.body).toEqual({
      upload: 'u-1',
      format: 'csv',
      fileName: 'drought.csv',
    });
  });

  it('should list the problems of a refused file with their rows, and make no run', async () => {
    await openUpload({
      'POST /api/admin/benefit-runs': {
        status: 400,
        body: {
          code: 'ERR_BENEFIT_FILE_INVALID',
          message: 'The assessment file does not match its format.',
          details: {
            count: 3,
            problems: [
              {
                row: 2,
                line: 3,
                where: 'damageIndex',
                code: 'ERR_ASSESSMENT_BAD_DAMAGE_INDEX',
                value: '1.5',
                expected: null,
                message: 'A damageIndex is not a number from 0 to 1 (value: as given).',
              },
              {
                row: null,
                line: 1,
                where: 'plot',
                code: 'ERR_ASSESSMENT_COLUMN_UNKNOWN',
                value: 'plot',
                expected: 'plotId, village',
                message: 'A column of the header is not a column of an assessment.',
              },
            ],
          },
        },
      },
    });
    await userEvent.upload(fileInput(), csvFile());
    await waitFor(() => expect(startButton().hasAttribute('disabled')).toBe(false));
    await userEvent.click(startButton());
    await screen.findByText('The file was refused: 3 problems');
    const rows = cloudscape()
      .findAllTables()
      .find((table) => table.getElement().textContent?.includes('damageIndex'))
      ?.findRows()
      .map((row) => Array.from(row.getElement().querySelectorAll('th, td')).map((cell) => cell.textContent));
    // Each problem in the user's words: the catalogue's text of its code, with the value and what is expected.
    expect(rows).toEqual([
      [
        '2',
        '3',
        'damageIndex',
        'damageIndex is “1.5”: expected a number from 0 (no damage) to 1 (total loss), such as 0.45.',
      ],
      [
        'Whole file',
        '1',
        'plot',
        'The column “plot” is not a column of an assessment. Expected columns: plotId, village.',
      ],
    ]);
    expect(text()).toContain('1 more problem is not listed.');
    expect(text()).toContain('(2/3)');
    // Shown here, not in the error dialog.
    expect(dialogTexts()).toBeNull();
  });

  it('should send the same upload with the same key when the start is tried again after a lost answer', async () => {
    let tries = 0;
    const api = await openUpload({
      'POST /api/admin/benefit-runs': () =>
        ++tries === 1 ? { networkError: true } : { status: 202, body: { run: benefitRun() } },
      'GET /api/admin/benefit-runs/run-1': { body: { run: benefitRun() } },
    });
    await userEvent.upload(fileInput(), csvFile());
    await waitFor(() => expect(startButton().hasAttribute('disabled')).toBe(false));
    await userEvent.click(startButton());
    await waitFor(() => expect(dialogTexts()).not.toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await userEvent.click(startButton());
    await screen.findByRole('heading', { name: 'Benefit run DRY-2026', level: 1 }, { timeout: 15_000 });
    const starts = api.requests.filter((request) => request.path === '/api/admin/benefit-runs');
    expect(starts.map((request) => request.body)).toEqual([
      { upload: 'u-1', format: 'csv', fileName: 'drought.csv' },
      { upload: 'u-1', format: 'csv', fileName: 'drought.csv' },
    ]);
    expect(starts[1]?.headers.get('Idempotency-Key')).toBe(starts[0]?.headers.get('Idempotency-Key'));
    expect(api.calls().filter((call) => call === 'PUT /benefit-runs/uploads/u-1')).toHaveLength(1);
  });

  it('should refuse a file that is neither CSV nor JSON before sending it', async () => {
    const api = await openUpload();
    // As a file dropped in, whatever the picker's filter offers.
    await userEventDefault
      .setup({ applyAccept: false })
      .upload(fileInput(), new File(['x'], 'drought.xlsx', { type: 'application/vnd.ms-excel' }));
    await screen.findByText('drought.xlsx is neither a CSV (.csv) nor a JSON (.json) file.');
    expect(startButton().hasAttribute('disabled')).toBe(true);
    expect(api.calls().filter((call) => !call.startsWith('GET'))).toEqual([]);
  });

  it('should document both formats, each field with its bounds from the schema, and an example', async () => {
    await openUpload();
    for (const column of assessmentCsvColumns) expect(text()).toContain(column);
    expect(text()).toContain('The damage index, a number from 0 (no damage) to 1 (total loss).');
    expect(text()).toContain('1 to 64 letters, digits');
    expect(text()).toContain('At most 200,000 rows and 20 MB.');
    expect(text()).toContain(
      'assessmentId,assessmentDate,plotId,federation,village,damageIndex,benefitAmount',
    );
    await userEvent.click(screen.getByRole('tab', { name: 'JSON' }));
    expect(text()).toContain('"assessmentId": "DROUGHT-2026-08"');
    expect(screen.getByRole('link', { name: 'Download assessment-example.json' })).toBeTruthy();
  });

  it('should show the screen and its documentation in French', async () => {
    await i18next.changeLanguage('fr');
    await openUpload({}, 'Déposer une évaluation');
    expect(text()).toContain("L'indice de dommage, un nombre de 0 (aucun dommage) à 1 (perte totale).");
    expect(screen.getByRole('button', { name: 'Déposer et prévisualiser' })).toBeTruthy();
  });
});

describe('the format documentation', () => {
  it('describes every column in English and French', () => {
    for (const catalogue of [adminEn, adminFr]) {
      const fields = catalogue.benefitRuns.format.fields as Record<string, string>;
      expect(Object.keys(fields).sort()).toEqual([...assessmentCsvColumns].sort());
    }
  });
});
