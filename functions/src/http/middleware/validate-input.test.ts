import { describe, expect, it, vi } from 'vitest';
import { routeKey, routes } from '#http/routes.ts';
import { runMiddleware } from '../../testing/run-middleware.ts';
import type { ApiEvent } from './api-types.ts';
import { validateInput } from './validate-input.ts';

const routeOf = (key: string) => {
  const found = routes.find((route) => routeKey(route) === key);
  if (!found) throw new Error(`No route ${key}`);
  return found;
};

const contribute = routeOf('POST /members/{id}/contribute');
const memberList = routeOf('GET /members');
const configUpload = routeOf('POST /admin/enablers/{id}/configs');
const enablerOfMe = routeOf('GET /me/enabler');

const members = () => import('#generated/validators/members.generated.ts');
const adminEnablers = () => import('#generated/validators/admin-enablers.generated.ts');

/** A call as the earlier middlewares leave it: the path parameters routed, the body parsed. */
const call = (
  {
    params = {},
    body,
    query,
  }: { params?: Record<string, string>; body?: unknown; query?: Record<string, string> },
  method = 'POST',
) => ({
  input: { method, path: '/api/test', query },
  extra: { pathParameters: params, parsedBody: body } satisfies Partial<ApiEvent>,
});

const run = (
  route: Parameters<typeof validateInput>[0],
  loader: Parameters<typeof validateInput>[1],
  parts: Parameters<typeof call>[0],
) => {
  const { input, extra } = call(parts);
  return runMiddleware(validateInput(route, loader), input, { extra });
};

describe('validateInput', () => {
  it('should let input that matches the route’s schemas through, its path parameters decoded', async () => {
    const { event, handlerCalls } = await run(contribute, members, {
      params: { id: 'member%2D7' },
      body: { amount: 12.5 },
    });
    expect(handlerCalls).toBe(1);
    expect(event.pathParameters).toEqual({ id: 'member-7' });
  });

  it('should refuse a path parameter whose encoding is broken', async () => {
    await expect(
      run(contribute, members, { params: { id: '%E0%A4%A' }, body: { amount: 1 } }),
    ).rejects.toMatchObject({
      code: 'ERR_INVALID_DATA_FORMAT',
      details: [{ where: 'params/id', problem: 'is not a valid percent-encoded value' }],
    });
  });

  it('should list what is wrong with the path parameters, the body and the query string', async () => {
    await expect(
      run(contribute, members, { params: { id: 'a b' }, body: { amount: 1 } }),
    ).rejects.toMatchObject({
      code: 'ERR_INVALID_DATA_FORMAT',
      details: [{ where: 'params/id', problem: 'must match pattern "^[A-Za-z0-9_-]+$"' }],
    });
    await expect(
      run(contribute, members, { params: { id: 'm1' }, body: { amount: 1, extra: true } }),
    ).rejects.toMatchObject({
      details: [{ where: 'body', problem: "unknown property 'extra'" }],
    });
    await expect(run(memberList, members, { query: { page: '0' } })).rejects.toMatchObject({
      details: [{ where: 'query/page', problem: 'must match pattern "^[1-9][0-9]{0,5}$"' }],
    });
  });

  it('should refuse path parameters, a body or a query string that the route does not take', async () => {
    const messages = [
      [{ params: { id: 'x' } }, 'This call takes no path parameters.'],
      [{ body: {} }, 'This call takes no body.'],
      [{ query: { page: '1' } }, 'This call takes no query parameters.'],
    ] as const;
    for (const [parts, message] of messages) {
      await expect(run(enablerOfMe, undefined, parts)).rejects.toMatchObject({
        code: 'ERR_INVALID_DATA_FORMAT',
        message,
      });
    }
  });

  it('should apply the route’s body rules, with their own codes, before its schema', async () => {
    await expect(run(configUpload, adminEnablers, { params: { id: 'e1' } })).rejects.toMatchObject({
      code: 'ERR_ENABLERCONFIG_NO_FILE',
    });
    await expect(run(configUpload, adminEnablers, { params: { id: 'e1' }, body: [] })).rejects.toMatchObject({
      code: 'ERR_ENABLERCONFIG_INVALID_JSON',
    });
  });

  it('should load the validators once, by the first request with something to check', async () => {
    const loader = vi.fn(members);
    const middleware = validateInput(contribute, loader);
    expect(loader).not.toHaveBeenCalled();
    for (const amount of [1, 2]) {
      const { input, extra } = call({ params: { id: 'm1' }, body: { amount } });
      await runMiddleware(middleware, input, { extra });
    }
    expect(loader).toHaveBeenCalledTimes(1);
    const unused = vi.fn(members);
    await run(enablerOfMe, unused, {});
    expect(unused).not.toHaveBeenCalled();
  });
});
