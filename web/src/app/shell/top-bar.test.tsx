import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import { renderApp, setSessionMarker, signedInRoutes } from '../../test/render-app.tsx';
import { cloudscape } from '../../test/cloudscape.ts';

describe('top bar', { timeout: 30_000 }, () => {
  it('should save the language a signed-in user picks, so it is theirs at the next sign-in', async () => {
    setSessionMarker();
    const api = fakeApi({ ...signedInRoutes('USER'), 'PUT /api/me/language': { body: { language: 'fr' } } });
    renderApp('/Account');
    await screen.findByRole('heading', { name: 'Account', level: 1 });

    const selector = cloudscape()
      .findAllButtonDropdowns()
      .find((dropdown) => dropdown.getElement().textContent?.includes('English'));
    selector?.openDropdown();
    selector?.findItemById('fr')?.click();

    expect(await screen.findByRole('heading', { name: 'Compte', level: 1 })).toBeTruthy();
    await waitFor(() => expect(api.requestTo('PUT /api/me/language')?.body).toEqual({ language: 'fr' }));
  });
});
