import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import adminEn from '../../i18n/admin/en.json';
import { fakeApi, type FakeRoutes } from '../../test/fake-api.ts';
import { renderApp, setSessionMarker, signedInRoutes } from '../../test/render-app.tsx';
import { clickToLazyScreen } from '../../test/lazy-screen-click.ts';
import { userEvent } from '../../test/user-event.ts';

/** A small OpenAPI 3.1 document of the shape docs/openapi.json has. */
const document = {
  openapi: '3.1.0',
  info: { title: 'Test back office API', version: '1' },
  servers: [{ url: '/api' }],
  tags: [{ name: 'auth' }],
  paths: {
    '/auth/login': {
      post: {
        operationId: 'postAuthLogin',
        summary: 'POST /auth/login',
        tags: ['auth'],
        description: 'Anonymous: no token.',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { username: { type: 'string' }, password: { type: 'string' } },
                required: ['username', 'password'],
              },
            },
          },
        },
        responses: { '200': { description: 'Signed in.' } },
      },
    },
  },
};

const openFromData = (routes: FakeRoutes) => {
  setSessionMarker();
  const api = fakeApi({
    ...signedInRoutes('ADMIN'),
    'GET /config.json': { body: { environment: 'demo' } },
    'GET /api/admin/mirror': { body: { status: 'NOT_EXECUTED', lastExecutionDate: null, startedAt: null } },
    ...routes,
  });
  renderApp('/AdminDatas');
  return api;
};

/** The data screen's link to the reference, followed (test/lazy-screen-click.ts). */
const followReferenceLink = async () => {
  const link = await screen.findByRole('link', { name: 'API reference' });
  await clickToLazyScreen(() => userEvent.click(link));
};

describe('API reference page', { timeout: 40_000 }, () => {
  it('should open from the Data page and render the operations of the document, asked anonymously', async () => {
    const api = openFromData({ 'GET /api/openapi.json': { body: document } });
    await followReferenceLink();

    expect(await screen.findByRole('heading', { name: 'API reference', level: 1 })).toBeTruthy();
    expect(
      await screen.findByRole('heading', { name: /POST \/auth\/login$/ }, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: /^Test back office API/ })).toBeTruthy();
    expect(api.bearerOf('GET /api/openapi.json')).toBeNull();
  });

  it('should show an error when the document cannot be loaded, and load it on retry', async () => {
    let answers = 0;
    openFromData({
      'GET /api/openapi.json': () =>
        answers++ === 0
          ? { status: 500, body: { code: 'ERR_INTERNAL', message: 'boom' } }
          : { body: document },
    });
    await followReferenceLink();

    expect(await screen.findByText(adminEn.apiReference.error)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /POST \/auth\/login$/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: adminEn.apiReference.retry }));
    expect(
      await screen.findByRole('heading', { name: /POST \/auth\/login$/ }, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(screen.queryByText(adminEn.apiReference.error)).toBeNull();
  });
});
