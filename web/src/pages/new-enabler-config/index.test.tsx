import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EnablerConfigVersion } from '../../api/enablers.ts';
import i18next from '../../i18n/index.ts';
import { fakeApi, type FakeRoutes } from '../../test/fake-api.ts';
import { eventually } from '../../test/eventually.ts';
import { renderApp, setSessionMarker, signedInRoutes } from '../../test/render-app.tsx';
import { cloudscape, dialogTexts, visibleDialog } from '../../test/cloudscape.ts';
import { adminEnabler } from '../../test/enabler-fixtures.ts';

const sahelMil = adminEnabler({ id: 'e-4', name: 'Sahel Mil' });

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
  creationDate: '2025-03-04T05:06:00',
};

const required = <T,>(found: T | null | undefined, what: string): T => {
  if (found === null || found === undefined) throw new Error(`No ${what}`);
  return found;
};

const openUpload = async (routes: FakeRoutes = {}) => {
  setSessionMarker();
  const api = fakeApi({
    ...signedInRoutes('ADMIN', [sahelMil]),
    'GET /api/admin/enablers/e-4/configs': { body: [] },
    ...routes,
  });
  renderApp('/Enabler/e-4/NewConfig');
  await eventually(() => screen.getByRole('heading', { name: 'New configuration of Sahel Mil' }));
  return api;
};

/** The form's Upload button (the confirmation dialog has its own). */
const submitButton = () =>
  within(required(document.querySelector('form'), 'form')).getByRole('button', { name: 'Upload' });
const fileInput = () => required(cloudscape().findFileUpload(), 'file upload').findNativeInput().getElement();
const confirmButton = () =>
  within(required(visibleDialog(), 'confirmation').getElement()).getByRole('button', { name: 'Upload' });
const jsonFile = (text: string, name = 'config.json') => new File([text], name, { type: 'application/json' });
const fileError = () => cloudscape().findFormField()?.findError()?.getElement().textContent;
const struct =
  'The file must be valid JSON containing currency, maxCompensationFactor, lengthOfSeasonInMonth, ' +
  'lengthOfCoverageInMonth and benefitFactorsByMonth, which must be an array.';
const without = (field: keyof typeof validConfig) =>
  JSON.stringify(Object.fromEntries(Object.entries(validConfig).filter(([name]) => name !== field)));

describe('config upload', { timeout: 30_000 }, () => {
  it('should ask for a file when none was chosen', async () => {
    const api = await openUpload();
    expect(fileError()).toBeUndefined();
    await userEvent.click(submitButton());
    await eventually(() => expect(fileError()).toBe('Please choose a configuration file.'));
    expect(visibleDialog()).toBeUndefined();
    expect(api.calls()).not.toContain('POST /api/admin/enablers/e-4/configs');
  });

  it.each([
    ['ERR_ENABLERCONFIG_INVALID_JSON', '{ "currency": ', 'The configuration file is not valid JSON.'],
    ['ERR_ENABLERCONFIG_INVALID_JSON (not an object)', '[1, 2]', 'The configuration file is not valid JSON.'],
    ['ERR_ENABLERCONFIG_MISSING_CURRENCY', without('currency'), 'The configuration file has no currency.'],
    [
      'ERR_ENABLERCONFIG_MISSING_MAXCOMPFACTOR',
      without('maxCompensationFactor'),
      'The configuration file has no maxCompensationFactor.',
    ],
    [
      'ERR_ENABLERCONFIG_MISSING_LENGTHSEASON',
      without('lengthOfSeasonInMonth'),
      'The configuration file has no lengthOfSeasonInMonth.',
    ],
    [
      'ERR_ENABLERCONFIG_MISSING_LENGTHCOVERAGE',
      without('lengthOfCoverageInMonth'),
      'The configuration file has no lengthOfCoverageInMonth.',
    ],
    [
      'ERR_ENABLERCONFIG_MISSING_FACTORS',
      without('benefitFactorsByMonth'),
      'The configuration file has no benefitFactorsByMonth.',
    ],
    [
      'ERR_ENABLERCONFIG_NOTARRAY_FACTORS',
      JSON.stringify({ ...validConfig, benefitFactorsByMonth: '0.5, 1' }),
      'In the configuration file, benefitFactorsByMonth must be an array.',
    ],
  ])(
    'should refuse a file with %s, with the rule and its specific message',
    async (_code, text, specific) => {
      const api = await openUpload();
      await userEvent.upload(fileInput(), jsonFile(text));

      await eventually(() => expect(fileError()).toBe(`${specific} ${struct}`));
      await userEvent.click(submitButton());
      expect(visibleDialog()).toBeUndefined();
      expect(api.calls()).not.toContain('POST /api/admin/enablers/e-4/configs');
    },
  );

  it.each([
    [
      'an extra key',
      { ...validConfig, currencyName: 'franc' },
      'The configuration file has a field that a configuration does not have: currencyName.',
    ],
    [
      'a lowercase currency',
      { ...validConfig, currency: 'xof' },
      'In the configuration file, currency must be an ISO 4217 code of three capital letters, such as XOF.',
    ],
    [
      'a 4-letter currency',
      { ...validConfig, currency: 'XOFS' },
      'In the configuration file, currency must be an ISO 4217 code of three capital letters, such as XOF.',
    ],
    [
      'a damageThreshold above 1',
      { ...validConfig, damageThreshold: 1.5 },
      'In the configuration file, damageThreshold must be a number from 0 to 1, or null.',
    ],
    [
      'a season of 3.5 months',
      { ...validConfig, lengthOfSeasonInMonth: 3.5 },
      'In the configuration file, lengthOfSeasonInMonth must be a whole number of months from 1 to 24.',
    ],
    [
      'a coverage of 6.5 months',
      { ...validConfig, lengthOfCoverageInMonth: 6.5 },
      'In the configuration file, lengthOfCoverageInMonth must be a whole number of months from 1 to 36.',
    ],
    [
      '37 factors',
      { ...validConfig, benefitFactorsByMonth: Array.from({ length: 37 }, () => 1) },
      'In the configuration file, benefitFactorsByMonth must have at most 36 factors.',
    ],
    [
      'a factor of text',
      { ...validConfig, benefitFactorsByMonth: [1, '2'] },
      'In the configuration file, every factor of benefitFactorsByMonth must be a number from 0 to 1000; factor 2 is not.',
    ],
  ])(
    'should refuse a file with %s as the server does, naming the field and its rule',
    async (_what, config, message) => {
      const api = await openUpload();
      await userEvent.upload(fileInput(), jsonFile(JSON.stringify(config)));

      await eventually(() => expect(fileError()).toBe(message));
      await userEvent.click(submitButton());
      expect(visibleDialog()).toBeUndefined();
      expect(api.calls()).not.toContain('POST /api/admin/enablers/e-4/configs');
    },
  );

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
    await eventually(() => expect(cloudscape().findFileUpload()?.findFileTokens()).toHaveLength(1));
    expect(fileError()).toBeUndefined();
    await userEvent.click(submitButton());

    await eventually(() =>
      expect(dialogTexts()?.content).toBe(
        'Upload sahel.json as version 1 of the configuration of Sahel Mil? Versions cannot be changed once uploaded.',
      ),
    );
    expect(api.calls()).not.toContain('POST /api/admin/enablers/e-4/configs');
    await userEvent.click(confirmButton());

    expect(
      await eventually(() => screen.getByRole('heading', { name: 'Configuration version 1 of Sahel Mil' })),
    ).toBeTruthy();
    expect(api.requestTo('POST /api/admin/enablers/e-4/configs')?.body).toEqual(validConfig);
  });

  it('should show a refusal of the server in the form, with the field and the bounds it names', async () => {
    await openUpload({
      'POST /api/admin/enablers/e-4/configs': {
        status: 400,
        body: {
          code: 'ERR_ENABLERCONFIG_INVALID_LENGTHSEASON',
          message: 'lengthOfSeasonInMonth must be a whole number of months from 1 to 24.',
          details: { field: 'lengthOfSeasonInMonth', min: 1, max: 24 },
        },
      },
    });
    await userEvent.upload(fileInput(), jsonFile(JSON.stringify(validConfig)));
    await eventually(() => expect(cloudscape().findFileUpload()?.findFileTokens()).toHaveLength(1));
    await userEvent.click(submitButton());
    await userEvent.click(confirmButton());

    await eventually(() =>
      expect(cloudscape().findForm()?.findError()?.getElement().textContent).toBe(
        'In the configuration file, lengthOfSeasonInMonth must be a whole number of months from 1 to 24.',
      ),
    );
    expect(visibleDialog()).toBeUndefined();
  });

  it('should give the messages in French', async () => {
    await i18next.changeLanguage('fr');
    setSessionMarker();
    fakeApi({ ...signedInRoutes('ADMIN', [sahelMil]), 'GET /api/admin/enablers/e-4/configs': { body: [] } });
    renderApp('/Enabler/e-4/NewConfig');
    await eventually(() => screen.getByRole('heading', { name: 'Nouvelle configuration de Sahel Mil' }));
    await userEvent.upload(fileInput(), jsonFile(without('currency')));
    await eventually(() =>
      expect(fileError()).toMatch(/^Le fichier de configuration ne contient pas de devise \(currency\)\. /),
    );
    expect(fileError()).toMatch(/Le fichier doit être un JSON valide .* qui doit être un tableau\.$/);
    await userEvent.upload(fileInput(), jsonFile(JSON.stringify({ ...validConfig, damageThreshold: 2 })));
    await eventually(() =>
      expect(fileError()).toBe(
        'Dans le fichier de configuration, damageThreshold doit être un nombre de 0 à 1, ou null.',
      ),
    );
  });
});
