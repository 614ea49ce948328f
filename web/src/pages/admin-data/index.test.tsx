import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataFileSchema, onboardingFileSchema } from '@cpbo/schemas/data-files.ts';
import type { DataJob } from '../../api/data-jobs.ts';
import en from '../../i18n/en.json';
import adminEn from '../../i18n/admin/en.json';
import adminFr from '../../i18n/admin/fr.json';
import { fakeApi, type FakeAnswer, type FakeRoutes } from '../../test/fake-api.ts';
import { eventually } from '../../test/eventually.ts';
import { renderApp, setSessionMarker, signedInRoutes } from '../../test/render-app.tsx';
import { cloudscape, dialogTexts, visibleDialog } from '../../test/cloudscape.ts';
import { propertyNames, type SchemaNode } from './components/schema-documentation.tsx';
import { userEvent } from '../../test/user-event.ts';

/** Polls for 15 s at most: the page polls its jobs every second. */
const jobsShown = <T,>(check: () => T): Promise<T> => eventually(check, 15);

const job = (fields: Partial<DataJob>): DataJob => ({
  id: 'job-1',
  kind: 'EXPORT_MEMBERS',
  state: 'QUEUED',
  done: 0,
  total: 0,
  errors: [],
  errorCount: 0,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  ...fields,
});

/** Answers the given job states one call after the other (the last one again and again). */
const sequence = (...answers: DataJob[]) => {
  let call = 0;
  return (): FakeAnswer => ({ body: { job: answers[Math.min(call++, answers.length - 1)] } });
};

const openData = async (routes: FakeRoutes = {}, environment = 'demo') => {
  setSessionMarker();
  const api = fakeApi({
    ...signedInRoutes('ADMIN'),
    'GET /config.json': { body: { environment } },
    'GET /api/admin/mirror': { body: { status: 'NOT_EXECUTED', lastExecutionDate: null, startedAt: null } },
    ...routes,
  });
  renderApp('/AdminDatas');
  await screen.findByRole('heading', { name: 'Data', level: 1 });
  // The page's last sections, drawn in its last part.
  await screen.findByRole('heading', { name: 'The API', level: 2 });
  return api;
};

const text = () => document.body.textContent ?? '';

/** Clicks the confirmation dialog's confirm button (the second of its footer). */
const confirm = async () => {
  const button = visibleDialog()?.findFooter()?.findAllButtons()[1]?.getElement();
  if (!button) throw new Error('No confirmation dialog is open');
  await userEvent.click(button);
};

const fileInputs = () =>
  cloudscape()
    .findAllFileUploads()
    .map((upload) => upload.findNativeInput().getElement());

const jsonFile = (content: unknown, name = 'all.json') =>
  new File([JSON.stringify(content)], name, { type: 'application/json' });

afterEach(() => vi.restoreAllMocks());

describe('data page', { timeout: 40_000 }, () => {
  it('should export members with a progress bar, then download the file', async () => {
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const url = 'http://files.example/exports/job-1/members.json?X-Amz-Signature=abc';
    const api = await openData({
      'GET /api/exports/members': { status: 202, body: { job: job({}) } },
      'GET /api/exports/jobs/job-1': sequence(
        job({ state: 'RUNNING', done: 1200, total: 3000 }),
        job({ state: 'DONE', done: 3000, total: 3000, url, fileName: 'members.json' }),
      ),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Export members' }));
    await jobsShown(() => expect(text()).toContain('1,200 of 3,000 members'));
    expect(cloudscape().findProgressBar()?.findPercentageText()?.getElement().textContent).toBe('40%');
    await jobsShown(() => expect(text()).toContain('Export ready: 3000 members.'));
    expect(screen.getByRole('link', { name: 'Download members.json' }).getAttribute('href')).toBe(url);
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(api.calls().filter((call) => call === 'GET /api/exports/jobs/job-1')).toHaveLength(2);
  });

  it('should import a file after confirmation, follow the job, report its errors and refresh the enablers', async () => {
    const file = [
      {
        _id: 'e-1',
        name: 'Coop',
        creationDate: '2026-01-01T00:00:00.000Z',
        createdBy: 'a@b.c',
        configs: [],
        members: [],
      },
    ];
    const api = await openData({
      'POST /api/imports/all': { status: 202, body: { job: job({ kind: 'IMPORT_ALL' }) } },
      'GET /api/imports/jobs/job-1': sequence(
        job({ kind: 'IMPORT_ALL', state: 'RUNNING', done: 1, total: 2 }),
        job({
          kind: 'IMPORT_ALL',
          state: 'DONE',
          done: 2,
          total: 2,
          errorCount: 1,
          errors: [{ where: '/0/members/1', code: 'ERR_DUPLICATE_MEMBER', message: 'duplicate' }],
        }),
      ),
    });
    const [importInput] = fileInputs();
    await userEvent.upload(importInput as HTMLElement, jsonFile(file));
    const importButton = (await screen.findAllByRole('button', { name: 'Import' }))[0] as HTMLElement;
    await jobsShown(() => expect(importButton.hasAttribute('disabled')).toBe(false));
    await userEvent.click(importButton);
    expect(dialogTexts()?.header).toBe('Import the file?');
    expect(api.calls()).not.toContain('POST /api/imports/all');
    const enablerReads = api.calls().filter((call) => call === 'GET /api/admin/enablers').length;
    await confirm();
    expect(api.requestTo('POST /api/imports/all')?.body).toEqual({ file });
    await jobsShown(() => expect(text()).toContain('1 of 2 members'));
    await jobsShown(() => expect(dialogTexts()?.header).toBe('Import report'));
    expect(dialogTexts()?.content).toContain('1 error:');
    expect(dialogTexts()?.content).toContain(`/0/members/1: ${en.errors.ERR_DUPLICATE_MEMBER}`);
    await jobsShown(() =>
      expect(api.calls().filter((call) => call === 'GET /api/admin/enablers').length).toBeGreaterThan(
        enablerReads,
      ),
    );
  });

  it('should report an invalid file with its errors and their count, without any job', async () => {
    const api = await openData({
      'POST /api/imports/all': {
        status: 400,
        body: {
          code: 'ERR_IMPORT_INVALID_FILE',
          message: 'The file does not match its schema.',
          details: {
            count: 3,
            errors: [
              {
                where: '/0/members/1',
                code: 'ERR_IMPORT_INVALID_FILE',
                message: "must have required property 'village'",
              },
              { where: '/0/members/2/plots', code: 'ERR_IMPORT_INVALID_FILE', message: 'must be array' },
            ],
          },
        },
      },
    });
    const [importInput] = fileInputs();
    await userEvent.upload(importInput as HTMLElement, jsonFile([{ bad: true }]));
    const importButton = (await screen.findAllByRole('button', { name: 'Import' }))[0] as HTMLElement;
    await jobsShown(() => expect(importButton.hasAttribute('disabled')).toBe(false));
    await userEvent.click(importButton);
    await confirm();
    await jobsShown(() => expect(dialogTexts()?.header).toBe('Import report'));
    expect(dialogTexts()?.content).toContain('3 errors:');
    expect(dialogTexts()?.content).toContain("/0/members/1: must have required property 'village'");
    expect(dialogTexts()?.content).toContain('and 1 more error not listed.');
    expect(api.calls().some((call) => call.startsWith('GET /api/imports/jobs'))).toBe(false);
  });

  it('should say when everything went well', async () => {
    await openData({
      'POST /api/imports/onboard': { status: 202, body: { job: job({ kind: 'IMPORT_ONBOARD' }) } },
      'GET /api/imports/jobs/job-1': {
        body: { job: job({ kind: 'IMPORT_ONBOARD', state: 'DONE', done: 1, total: 1 }) },
      },
    });
    const [, onboardingInput] = fileInputs();
    await userEvent.upload(
      onboardingInput as HTMLElement,
      jsonFile([{ name: 'Awa', village: 'Fissel', number: '1' }]),
    );
    const run = (
      await screen.findAllByRole('button', { name: 'Run the onboarding import' })
    )[0] as HTMLElement;
    await jobsShown(() => expect(run.hasAttribute('disabled')).toBe(false));
    await userEvent.click(run);
    expect(dialogTexts()?.content).not.toContain('Production environment');
    await confirm();
    await jobsShown(() => expect(dialogTexts()?.content).toBe('Everything went well'));
  });

  it('should warn once more before an onboarding import in production, and refuse a file that is not JSON', async () => {
    await openData({}, 'prod');
    const [, onboardingInput] = fileInputs();
    await userEvent.upload(
      onboardingInput as HTMLElement,
      new File(['{not json'], 'members.json', { type: 'application/json' }),
    );
    await jobsShown(() => expect(text()).toContain('members.json is not a JSON file.'));
    const run = screen.getAllByRole('button', { name: 'Run the onboarding import' })[0] as HTMLElement;
    expect(run.hasAttribute('disabled')).toBe(true);
    await userEvent.upload(
      onboardingInput as HTMLElement,
      jsonFile([{ name: 'Awa', village: 'Fissel', number: '1' }]),
    );
    await jobsShown(() => expect(run.hasAttribute('disabled')).toBe(false));
    await userEvent.click(run);
    expect(dialogTexts()?.content).toContain('Production environment');
  });

  it('should document both files from their schemas', async () => {
    await openData();
    expect(text()).toContain('Import and export file');
    // The onboarding file's, a task later.
    await waitFor(() => expect(text()).toContain('Onboarding file'));
    expect(text()).toContain('contributionDate (required) — date and time (ISO 8601).');
    expect(text()).toContain('gender (optional) — true or false or null.');
  });
});

describe('the files documentation', () => {
  it('describes every property of both schemas in English and French', () => {
    const names = new Set([
      ...propertyNames(dataFileSchema as unknown as SchemaNode),
      ...propertyNames(onboardingFileSchema as unknown as SchemaNode),
    ]);
    expect(names.size).toBeGreaterThan(40);
    for (const catalogue of [adminEn, adminFr]) {
      const fields = catalogue.datas.doc.fields as Record<string, string>;
      expect([...names].filter((name) => !fields[name])).toEqual([]);
      expect(Object.keys(fields).filter((name) => !names.has(name))).toEqual([]);
    }
  });
});
