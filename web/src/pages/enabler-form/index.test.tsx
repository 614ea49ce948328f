import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, type FakeRoutes } from '../../test/fake-api.ts';
import { eventually } from '../../test/eventually.ts';
import { adminEnabler } from '../../test/enabler-fixtures.ts';
import { banner, renderApp, setSessionMarker, signedInRoutes } from '../../test/render-app.tsx';
import { cloudscape } from '../../test/cloudscape.ts';
import { fieldErrors } from '../../test/form-fields.ts';

const pngBytes = Uint8Array.from(atob(banner.slice(banner.indexOf(',') + 1)), (character) =>
  character.charCodeAt(0),
);
const svgText =
  '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="2"><rect width="8" height="2"/></svg>';
const pngFile = (name = 'logo.png') => new File([pngBytes], name, { type: 'image/png' });

const coopVerte = adminEnabler({
  id: 'e-2',
  name: 'Coop Verte',
  latestConfigVersion: 3,
  latestConfigDate: '2025-01-10T10:00:00.000Z',
  memberCount: 4,
});

const openForm = async (path: string, routes: FakeRoutes = {}) => {
  setSessionMarker();
  const api = fakeApi({ ...signedInRoutes('ADMIN', [coopVerte]), ...routes });
  renderApp(path);
  await eventually(() => screen.getByLabelText('Name'));
  return api;
};

const imageInput = (index: number) => {
  const upload = cloudscape().findAllFileUploads()[index];
  if (!upload) throw new Error(`No file upload #${index}`);
  return upload.findNativeInput().getElement();
};
const formError = () => cloudscape().findForm()?.findError()?.getElement().textContent;
const writes = (calls: string[]) => calls.filter((call) => call.startsWith('POST /api/admin/enablers'));

describe('enabler form', { timeout: 30_000 }, () => {
  it('should require a name, a logo and a banner before calling the server', async () => {
    const api = await openForm('/NewEnabler');
    expect(screen.getByRole('heading', { name: 'New enabler' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(fieldErrors()).toEqual([
      'Name is required.',
      'A logo must be selected.',
      'A banner must be selected.',
    ]);
    expect(formError()).toBe('Please select a logo and a banner.');

    await userEvent.type(screen.getByLabelText('Name'), 'Deccan Growers');
    await userEvent.upload(imageInput(0), pngFile());
    await eventually(() => screen.getByRole('img', { name: 'Preview of the logo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(fieldErrors()).toEqual(['A banner must be selected.']);
    expect(formError()).toBe('Please select a logo and a banner.');
    expect(writes(api.calls())).toEqual([]);
  });

  it('should refuse an SVG image, even one named and typed as a PNG, before any call', async () => {
    const api = await openForm('/NewEnabler');
    await userEvent.type(screen.getByLabelText('Name'), 'Deccan Growers');
    // The picker offers PNG and JPEG files only: these are SVGs under a PNG's and a JPEG's name and type.
    await userEvent.upload(imageInput(0), new File([svgText], 'logo.png', { type: 'image/png' }));
    await userEvent.upload(imageInput(1), new File([svgText], 'banner.jpg', { type: 'image/jpeg' }));

    const refused = 'An image must be a PNG or JPEG file.';
    await eventually(() => expect(fieldErrors()).toEqual([refused, refused]));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(writes(api.calls())).toEqual([]);
  });

  it('should refuse an image over 30 KB before any call', async () => {
    const api = await openForm('/NewEnabler');
    await userEvent.type(screen.getByLabelText('Name'), 'Deccan Growers');
    const tooBig = new File([new Uint8Array(31 * 1024)], 'huge.png', { type: 'image/png' });
    await userEvent.upload(imageInput(0), tooBig);
    await userEvent.upload(imageInput(1), pngFile('banner.png'));
    await eventually(() => screen.getByRole('img', { name: 'Preview of the banner' }));

    await eventually(() => expect(fieldErrors()).toEqual(['The file is too large (30 KB maximum).']));
    expect(screen.queryByRole('img', { name: 'Preview of the logo' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(fieldErrors()).toEqual(['The file is too large (30 KB maximum).']);
    expect(writes(api.calls())).toEqual([]);
  });

  it('should send the images as data URLs, then go back to the list with a refreshed selector', async () => {
    const api = await openForm('/NewEnabler', {
      'POST /api/admin/enablers': { status: 201, body: { ...coopVerte, id: 'e-9', name: 'Deccan Growers' } },
    });
    await userEvent.type(screen.getByLabelText('Name'), '  Deccan Growers ');
    await userEvent.upload(imageInput(0), pngFile());
    await userEvent.upload(imageInput(1), pngFile('banner.png'));
    await eventually(() => screen.getByRole('img', { name: 'Preview of the banner' }));
    const listLoadsBefore = api.calls().filter((call) => call === 'GET /api/admin/enablers').length;
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await eventually(() => screen.getByRole('heading', { name: /^Enablers/ }))).toBeTruthy();
    expect(api.requestTo('POST /api/admin/enablers')?.body).toEqual({
      name: 'Deccan Growers',
      logo: banner,
      banner,
    });
    // The page's own list and the top bar's selector both ask again.
    await eventually(() =>
      expect(api.calls().filter((call) => call === 'GET /api/admin/enablers').length).toBe(
        listLoadsBefore + 2,
      ),
    );
  });

  it('should edit an enabler, keeping the stored images', async () => {
    const api = await openForm('/UpdateEnabler/e-2', {
      'POST /api/admin/enablers/e-2': { body: { ...coopVerte, name: 'Coop Verte Sud' } },
    });
    expect(screen.getByRole('heading', { name: 'Edit Coop Verte' })).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Coop Verte');
    expect(screen.getByRole('img', { name: 'Preview of the logo' }).getAttribute('src')).toBe(banner);
    await userEvent.type(screen.getByLabelText('Name'), ' Sud');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await eventually(() => screen.getByRole('heading', { name: /^Enablers/ }))).toBeTruthy();
    expect(api.requestTo('POST /api/admin/enablers/e-2')?.body).toEqual({
      name: 'Coop Verte Sud',
      logo: banner,
      banner,
    });
  });

  it('should show the server refusal in the form and stay', async () => {
    await openForm('/UpdateEnabler/e-2', {
      'POST /api/admin/enablers/e-2': {
        status: 400,
        body: { code: 'ERR_INVALID_DATA_FORMAT', message: 'bad image' },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await eventually(() => expect(formError()).toBe('The data format is not valid.'));
    expect(screen.getByRole('heading', { name: 'Edit Coop Verte' })).toBeTruthy();
  });
});
