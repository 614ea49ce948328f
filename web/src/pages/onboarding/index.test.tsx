import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18next from '../../i18n/index.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { authSession, renderApp, setSessionMarker } from '../../test/render-app.tsx';
import { cloudscape, dialogVisible } from '../../test/cloudscape.ts';
import { agentRoutes, memberDetail } from '../../test/member-fixtures.ts';
import { fieldErrors } from '../../test/form-fields.ts';

const field = (label: RegExp | string) => screen.getByLabelText(label);

const openForm = async (routes: Parameters<typeof fakeApi>[0] = {}, title = 'Add a member') => {
  setSessionMarker();
  const api = fakeApi({ ...agentRoutes(), ...routes });
  renderApp('/Onboarding');
  await screen.findByRole('heading', { name: title, level: 1 });
  return api;
};

// The form renders ten Cloudscape fields in jsdom: slow on a busy machine.
describe('onboarding', { timeout: 30_000 }, () => {
  it('should require the name, the village and the number before calling the server', async () => {
    const api = await openForm();
    await userEvent.click(screen.getByRole('button', { name: 'Add the member' }));
    expect(fieldErrors()).toEqual(['Name is required.', 'Village is required.', 'Number is required.']);

    await userEvent.type(field('Name'), '   ');
    await userEvent.type(field('Village'), 'Rampur');
    await userEvent.click(screen.getByRole('button', { name: 'Add the member' }));
    expect(fieldErrors()).toEqual(['Name is required.', 'Number is required.']);
    expect(api.calls()).not.toContain('POST /api/members');
  });

  it('should send the trimmed member, the optional fields only when filled in, and open the new member', async () => {
    const api = await openForm({
      'POST /api/members': { status: 201, body: { id: 'm-9' } },
      'GET /api/members/m-9': { body: memberDetail({ id: 'm-9', name: 'Chandra Rao', plots: [] }) },
    });
    await userEvent.type(field('Name'), ' Chandra Rao ');
    await userEvent.type(field('Village'), 'Rampur');
    await userEvent.type(field('Number'), 'F-0100');
    await userEvent.type(field(/^Phone/), '+91 90000 00000');
    await userEvent.type(field(/^IFSC code/), 'SBIN0001234');
    const gender = cloudscape().findSelect();
    await userEvent.click(gender?.findTrigger().getElement() as HTMLElement);
    await userEvent.click(within(gender?.findDropdown().getElement() as HTMLElement).getByText('Man'));
    await userEvent.click(screen.getByRole('button', { name: 'Add the member' }));

    expect(await screen.findByRole('heading', { name: 'Chandra Rao', level: 1 })).toBeTruthy();
    expect(api.requestTo('POST /api/members')?.body).toEqual({
      name: 'Chandra Rao',
      village: 'Rampur',
      number: 'F-0100',
      phone: '+91 90000 00000',
      bankIFSC: 'SBIN0001234',
      gender: false,
    });
  });

  it('should say on the form which member is already registered, mark the fields, link to it, and show no dialog', async () => {
    await openForm({
      'POST /api/members': {
        status: 409,
        body: {
          code: 'ERR_DUPLICATE_MEMBER',
          message: 'Duplicate member',
          requestId: 'req-7',
          details: { matches: [{ claim: 'number', memberId: 'm-42' }] },
        },
      },
    });
    await userEvent.type(field('Name'), 'Asha Devi');
    await userEvent.type(field('Village'), 'Rampur');
    await userEvent.type(field('Number'), 'F-0042');
    await userEvent.click(screen.getByRole('button', { name: 'Add the member' }));

    const refusal = await screen.findByRole('alert');
    await waitFor(() =>
      expect(refusal.textContent).toBe(
        'This member is already registeredA member with the number F-0042 is already registered. Open this member',
      ),
    );
    expect(within(refusal).getByRole('link', { name: 'Open this member' }).getAttribute('href')).toBe(
      '/Member/m-42',
    );
    expect(fieldErrors()).toEqual(['Another member already has this number.']);
    expect(dialogVisible()).toBe(false);
    expect(document.body.textContent).not.toContain('req-7');
    expect((field('Name') as HTMLInputElement).value).toBe('Asha Devi');
    expect(screen.getByRole('button', { name: 'Add the member' }).getAttribute('aria-disabled')).toBeNull();

    // The mark leaves the field once it changes.
    await userEvent.type(field('Number'), '7');
    expect(fieldErrors()).toEqual([]);
  });

  it('should name the name and village when they matched, in French', async () => {
    await i18next.changeLanguage('fr');
    await openForm(
      {
        'POST /api/members': {
          status: 409,
          body: {
            code: 'ERR_DUPLICATE_MEMBER',
            message: 'Duplicate member',
            details: { matches: [{ claim: 'nameVillage', memberId: 'm-7' }] },
          },
        },
      },
      'Ajouter un membre',
    );
    await userEvent.type(field('Nom'), 'Awa Sy');
    await userEvent.type(field('Village'), 'Sob');
    await userEvent.type(field('Numéro'), 'N-1');
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter le membre' }));

    const refusal = await screen.findByRole('alert');
    await waitFor(() =>
      expect(refusal.textContent).toContain('Un membre nommé Awa Sy est déjà enregistré à Sob.'),
    );
    expect(fieldErrors()).toEqual([
      'Un autre membre porte déjà ce nom dans ce village.',
      'Un autre membre porte déjà ce nom dans ce village.',
    ]);
  });

  it("should start with the user's default federation", async () => {
    await openForm({
      'GET /api/auth/refresh': { body: { ...authSession('USER'), defaultFederation: 'Kaolack' } },
    });
    expect((field(/Federation/) as HTMLInputElement).value).toBe('Kaolack');
  });

  it('should show the form in French', async () => {
    await i18next.changeLanguage('fr');
    await openForm({}, 'Ajouter un membre');
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter le membre' }));
    expect(fieldErrors()).toEqual([
      'Le champ Nom est obligatoire.',
      'Le champ Village est obligatoire.',
      'Le champ Numéro est obligatoire.',
    ]);
  });
});
