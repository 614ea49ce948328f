import { describe, expect, it } from 'vitest';
import { httpApiEvent, lambdaContext } from '@cpbo/events/http-api-event.ts';
import { handler } from './handler.ts';

describe('GET /api/openapi.json', () => {
  it('answers the OpenAPI document to anyone, without a token', async () => {
    const result = await handler(
      httpApiEvent({ method: 'GET', path: '/api/openapi.json' }),
      lambdaContext('t'),
    );
    expect(result.statusCode).toBe(200);
    const document = JSON.parse(result.body ?? '');
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/openapi.json'].get['x-access']).toBe('anonymous');
  });

  it('refuses another method on its path', async () => {
    const result = await handler(
      httpApiEvent({ method: 'POST', path: '/api/openapi.json' }),
      lambdaContext('t'),
    );
    expect(result.statusCode).toBe(405);
  });
});
