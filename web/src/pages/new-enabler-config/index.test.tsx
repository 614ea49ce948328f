import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminEnabler, EnablerConfigVersion } from '../../api/enablers.ts';
import i18next from '../../i18n/index.ts';
import { fakeApi, type FakeRoutes } from '../../test/fake-api.ts';
import {
  banner,
  cloudscape,
  dialogTexts,
  renderApp,
  setRefreshTokenCookie,
  signedInRoutes,
  visibleDialog,
} from '../../test/render-app.tsx';

const sahelMil: AdminEnabler = {
  id: 'e-4',
  name: 'Sahel Mil',
  logo: banner,
  banner,
  latestConfigVersion: null,
  latestConfigDate: null,
  memberCount: 0,
  creationDate: '2024-01-01T00:00:00.000Z',
  createdBy: 'ada@example.org',
  modificationDate: null,
  modifiedBy: null,
};

const validConfig = {
  currency: 'XOF',
  maxCompensationFactor: 12.5,
  lengthOfSeasonInMonth: 4,
  lengthOfCoverageInMonth: 6,
  benefitFactorsByMonth: [0.5, 1, 1],
};
const stored: EnablerConfigVersion = {
  ...validConfig,
  _id: 'config-new',
  version: 1,
  damageThreshold: null,
  creationDate: '2025-03-04T05:06:00',
};

const openUpload = async (routes: FakeRoutes = {}) => {
  setRefreshTokenCookie('refresh-1');
  const api = fakeApi({
    ...signedInRoutes('ADMIN', [sahelMil]),
    'GET /api/admin/enablers/e-4/configs': { body: [] },
    ...routes,
  });
  renderApp('/Enabler/e-4/NewConfig');
  await screen.findByRole('heading', { name: 'New configuration of Sahel Mil' });
  return api;
};

const fileInput = () => cloudscape().findFileUpload()!.findNativeInput().getElement();
const jsonFile = (text: string, name = 'config.json') => new File([text], name, { type: 'application/json' });
const fileError = () => cloudscape().findFormField()?.findError()?.getElement().textContent;
const struct =
  'The file must be valid JSON containing currency, maxCompensationFactor, lengthOfSeasonInMonth, ' +
  'lengthOfCoverageInMonth and benefitFactorsByMonth, which must be an array.';
const without = (field: keyof typeof validConfig) => {
  const config: Record<string, unknown> = { ...validConfig };
  delete config[field];
  return JSON.stringify(config);
};

describe('config upload', { timeout: 30_000 }, () => {
  it('should ask for a file when none was chosen', async () => {
    const api = await openUpload();
    expect(fileError()).toBeUndefined();
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(fileError()).toBe('Please choose a configuration file.');
    expect(visibleDialog()).toBeUndefined();
    expect(api.calls()).not.toContain('POST /api/admin/enablers/e-4/configs');
  });

  it.each([
    ['{ "currency": ', 'The configuration file is not valid JSON.'],
    ['[1, 2]', 'The configuration file is not valid JSON.'],
    [without('currency'), 'The configuration file has no currency.'],
    [without('maxCompensationFactor'), 'The configuration file has no maxCompensationFactor.'],
    [without('lengthOfSeasonInMonth'), 'The configuration file has no lengthOfSeasonInMonth.'],
    [without('lengthOfCoverageInMonth'), 'The configuration file has no lengthOfCoverageInMonth.'],
    [without('benefitFactorsByMonth'), 'The configuration file has no benefitFactorsByMonth.'],
    [
      JSON.stringify({ ...validConfig, benefitFactorsByMonth: '0.5, 1' }),
      'In the configuration file, benefitFactorsByMonth must be an array.',
    ],
  ])('should refuse %s with the rule and its specific message', async (text, specific) => {
    const api = await openUpload();
    await userEvent.upload(fileInput(), jsonFile(text));

    await waitFor(() => expect(fileError()).toBe(`${struct} ${specific}`));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(visibleDialog()).toBeUndefined();
    expect(api.calls()).not.toContain('POST /api/admin/enablers/e-4/configs');
  });

  it('should upload a valid file after the confirmation and open the new version', async () => {
    let configs: EnablerConfigVersion[] = [];
    const api = await openUpload({
      'GET /api/admin/enablers/e-4/configs': () => ({ body: configs }),
      'POST /api/admin/enablers/e-4/configs': () => {
        configs = [stored];
        return { status: 201, body: stored };
      },
    });
    await userEvent.upload(fileInput(), jsonFile(JSON.stringify(validConfig, null, 2), 'sahel.json'));
    await waitFor(() => expect(cloudscape().findFileUpload()?.findFileTokens()).toHaveLength(1));
    expect(fileError()).toBeUndefined();
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));

    expect(dialogTexts()?.content).toBe(
      'Upload sahel.json as version 1 of the configuration of Sahel Mil? Versions cannot be changed once uploaded.',
    );
    expect(api.calls()).not.toContain('POST /api/admin/enablers/e-4/configs');
    await userEvent.click(within(visibleDialog()!.getElement()).getByRole('button', { name: 'Upload' }));

    expect(await screen.findByRole('heading', { name: 'Configuration version 1 of Sahel Mil' })).toBeTruthy();
    expect(api.requestTo('POST /api/admin/enablers/e-4/configs')?.body).toEqual(validConfig);
  });

  it('should show a refusal of the server in the form', async () => {
    await openUpload({
      'POST /api/admin/enablers/e-4/configs': {
        status: 400,
        body: { code: 'ERR_INVALID_DATA_FORMAT', message: 'currency must match pattern' },
      },
    });
    await userEvent.upload(fileInput(), jsonFile(JSON.stringify({ ...validConfig, currency: 'francs' })));
    await waitFor(() => expect(cloudscape().findFileUpload()?.findFileTokens()).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await userEvent.click(within(visibleDialog()!.getElement()).getByRole('button', { name: 'Upload' }));

    await waitFor(() =>
      expect(cloudscape().findForm()?.findError()?.getElement().textContent).toBe(
        'The data format is not valid.',
      ),
    );
    expect(visibleDialog()).toBeUndefined();
  });

  it('should give the messages in French', async () => {
    await i18next.changeLanguage('fr');
    setRefreshTokenCookie('refresh-1');
    fakeApi({ ...signedInRoutes('ADMIN', [sahelMil]), 'GET /api/admin/enablers/e-4/configs': { body: [] } });
    renderApp('/Enabler/e-4/NewConfig');
    await screen.findByRole('heading', { name: 'Nouvelle configuration de Sahel Mil' });
    await userEvent.upload(fileInput(), jsonFile(without('currency')));
    await waitFor(() => expect(fileError()).toMatch(/ne contient pas de devise \(currency\)\.$/));
    expect(fileError()).toMatch(/^Le fichier doit être un JSON valide/);
  });
});
