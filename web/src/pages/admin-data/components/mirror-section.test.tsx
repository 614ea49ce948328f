import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MirrorJob } from '../../../api/operations.ts';
import i18next from '../../../i18n/index.ts';
import { fakeApi, type FakeAnswer } from '../../../test/fake-api.ts';
import { renderApp, setSessionMarker, signedInRoutes } from '../../../test/render-app.tsx';
import { cloudscape, dialogTexts, visibleDialog } from '../../../test/cloudscape.ts';
import { userEvent } from '../../../test/user-event.ts';

const notExecuted: MirrorJob = { status: 'NOT_EXECUTED', lastExecutionDate: null, startedAt: null };
const processing: MirrorJob = {
  status: 'PROCESSING',
  lastExecutionDate: null,
  startedAt: '2026-11-23T10:00:00.000Z',
};
const done: MirrorJob = { status: 'DONE', lastExecutionDate: '2026-11-23T10:05:00.000Z', startedAt: null };

/** Answers the given states one call after the other (the last one again and again). */
const states = (...answers: MirrorJob[]) => {
  let call = 0;
  return (): FakeAnswer => ({ body: answers[Math.min(call++, answers.length - 1)] });
};

const section = (name = 'Mirror environment') => screen.getByRole('region', { name });

const openData = async (routes: Record<string, unknown>, title = 'Mirror environment') => {
  setSessionMarker();
  const api = fakeApi({
    ...signedInRoutes('ADMIN'),
    'GET /config.json': { body: { environment: 'demo' } },
    ...(routes as Parameters<typeof fakeApi>[0]),
  });
  renderApp('/AdminDatas');
  await screen.findByRole('region', { name: title });
  return api;
};

const calls = (api: Awaited<ReturnType<typeof openData>>) =>
  api.calls().filter((call) => call.endsWith('/api/admin/mirror'));

describe('mirror section of the Data page', { timeout: 30_000 }, () => {
  it('should show the status fetched on load and the last refresh date', async () => {
    await openData({ 'GET /api/admin/mirror': { body: done } });
    await waitFor(() => expect(within(section()).getByText('Done')).toBeTruthy());
    expect(within(section()).getByText(/^23\/11\/2026 \d\d:05$/)).toBeTruthy();
  });

  it('should say never before the first refresh, and fetch the status again on demand', async () => {
    const api = await openData({ 'GET /api/admin/mirror': states(notExecuted, done) });
    await waitFor(() => expect(within(section()).getByText('Not executed')).toBeTruthy());
    expect(within(section()).getByText('Never')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh the status' }));
    await waitFor(() => expect(within(section()).getByText('Done')).toBeTruthy());
    expect(calls(api)).toEqual(['GET /api/admin/mirror', 'GET /api/admin/mirror']);
  });

  it('should trigger a refresh only after the confirmation, then fetch the status again', async () => {
    const api = await openData({
      'GET /api/admin/mirror': states(notExecuted, processing),
      'POST /api/admin/mirror': { status: 202, body: processing },
    });
    await waitFor(() => expect(within(section()).getByText('Not executed')).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: 'Update the mirror' }));
    expect(dialogTexts()?.header).toBe('Update the mirror environment');
    await userEvent.click(
      within(visibleDialog()?.getElement() as HTMLElement).getByRole('button', { name: 'Cancel' }),
    );
    expect(calls(api)).toEqual(['GET /api/admin/mirror']);

    await userEvent.click(screen.getByRole('button', { name: 'Update the mirror' }));
    await userEvent.click(
      within(visibleDialog()?.getElement() as HTMLElement).getByRole('button', { name: 'Update' }),
    );
    await waitFor(() => expect(within(section()).getByText('Processing')).toBeTruthy());
    expect(calls(api)).toEqual(['GET /api/admin/mirror', 'POST /api/admin/mirror', 'GET /api/admin/mirror']);
    // No second trigger while one is processing.
    expect((screen.getByRole('button', { name: 'Update the mirror' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('should show the refusal of a second refresh in the error dialog', async () => {
    await openData({
      'GET /api/admin/mirror': { body: notExecuted },
      'POST /api/admin/mirror': {
        status: 409,
        body: { code: 'ERR_MIRROR_IN_PROGRESS', message: 'A mirror refresh is already under way.' },
      },
    });
    await waitFor(() => expect(within(section()).getByText('Not executed')).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: 'Update the mirror' }));
    await userEvent.click(
      within(visibleDialog()?.getElement() as HTMLElement).getByRole('button', { name: 'Update' }),
    );
    await waitFor(() =>
      expect(dialogTexts()?.content).toContain(
        'A mirror refresh is already under way; wait for it to finish.',
      ),
    );
    expect(
      cloudscape()
        .findAllModals()
        .filter((modal) => modal.isVisible()),
    ).toHaveLength(1);
  });

  it('should speak French', async () => {
    await i18next.changeLanguage('fr');
    await openData({ 'GET /api/admin/mirror': { body: processing } }, 'Environnement miroir');
    await waitFor(() => expect(within(section('Environnement miroir')).getByText('En cours')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Mettre à jour le miroir' })).toBeTruthy();
  });
});
