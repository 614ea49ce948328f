import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { lambdaContext } from '@cpbo/events/http-api-event.ts';
import type { TransactItem } from '#data/table/transaction-items.ts';
import { routeKey, routes } from '#http/routes.ts';
import type { Session } from '#platform/access-token.ts';
import { runMiddleware } from '../../testing/run-middleware.ts';
import type { ApiEvent, ApiResult } from './api-types.ts';
import { idempotency, REPLAYED_HEADER, requestFingerprint } from './idempotency.ts';

const contribute = routes.find((route) => routeKey(route) === 'POST /members/{id}/contribute');
if (!contribute) throw new Error('The route table has no contribute call');

const session = { email: 'agent@example.org', enabler: 'e1' } as Session;
const key = 'key-of-the-first-request';
const params = { id: 'm1' };
const body = { amount: 12.5 };
const fingerprint = requestFingerprint({ routeKey: routeKey(contribute), enablerId: 'e1', params, body });

const call = (headers: Record<string, string> = { 'idempotency-key': key }) => ({
  method: 'POST',
  path: '/api/members/m1/contribute',
  headers,
});
const extra = { session, pathParameters: params, parsedBody: body } satisfies Partial<ApiEvent>;

/** A write that stores its answer through the receipt, as the money writes do; the transaction item it would send. */
let written: TransactItem | undefined;
const writeWithReceipt = async (event: ApiEvent): Promise<ApiResult> => {
  written = event.idempotency?.receipt(() => ({ status: 201, body: { id: 'c1' } }))?.({ id: 'c1' });
  return { statusCode: 201, body: '{"id":"c1"}' };
};

const taken = () =>
  Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });
const later = () => Math.floor(Date.now() / 1000) + 3600;
const completed = (of = fingerprint) => ({
  Item: {
    state: 'COMPLETED',
    fingerprint: of,
    expiresAt: later(),
    answer: { status: 201, body: '{"id":"c1"}', headers: { location: '/api/members/m1/contributions/c1' } },
  },
});
const inProgress = () => ({
  Item: { state: 'IN_PROGRESS', fingerprint, expiresAt: later(), lockedUntil: Date.now() + 60_000 },
});

const table = mockClient(DynamoDBDocumentClient);

beforeAll(() => {
  process.env.TABLE_NAME = 'test-table';
});
beforeEach(() => {
  table.reset();
  table.on(PutCommand).resolves({});
  written = undefined;
});
afterAll(() => table.restore());

describe('idempotency', () => {
  it('should run a call without an Idempotency-Key as any other, with no receipt and no read', async () => {
    const { handlerCalls } = await runMiddleware(idempotency(contribute), call({}), {
      extra,
      handler: writeWithReceipt,
    });
    expect(handlerCalls).toBe(1);
    expect(written).toBeUndefined();
    expect(table.calls()).toHaveLength(0);
  });

  it('should refuse a key that is not 16 to 128 letters, digits, - or _, before any read', async () => {
    for (const bad of ['short', 'k'.repeat(129), 'a key with spaces in it']) {
      await expect(
        runMiddleware(idempotency(contribute), call({ 'idempotency-key': bad }), { extra }),
      ).rejects.toMatchObject({ code: 'ERR_INVALID_DATA_FORMAT' });
    }
    expect(table.calls()).toHaveLength(0);
  });

  it('should claim the key for the caller, and complete it with the answer in the write’s transaction', async () => {
    const { response } = await runMiddleware(
      idempotency(contribute),
      call({ 'idempotency-key': `"${key}"` }),
      {
        extra,
        handler: writeWithReceipt,
      },
    );
    expect(response.statusCode).toBe(201);
    const claim = table.commandCalls(PutCommand)[0]?.args[0].input;
    expect(claim?.Item).toMatchObject({
      pk: 'IDEMPOTENCY#agent@example.org',
      sk: `KEY#${key}`,
      state: 'IN_PROGRESS',
      fingerprint,
    });
    expect(written?.Update).toMatchObject({
      Key: { pk: 'IDEMPOTENCY#agent@example.org', sk: `KEY#${key}` },
      ExpressionAttributeValues: {
        ':answer': { status: 201, body: '{"id":"c1"}' },
        ':lockId': claim?.Item?.lockId,
      },
    });
  });

  it('should see the same request in a body whose fields come in another order', () => {
    const request = { routeKey: routeKey(contribute), enablerId: 'e1', params };
    expect(requestFingerprint({ ...request, body: { a: 1, b: { c: 2, d: 3 } } })).toBe(
      requestFingerprint({ ...request, body: { b: { d: 3, c: 2 }, a: 1 } }),
    );
    expect(requestFingerprint({ ...request, body })).not.toBe(
      requestFingerprint({ ...request, enablerId: 'e2', body }),
    );
  });

  it('should answer a repeat with the first answer, marked replayed, without running the handler', async () => {
    table.on(PutCommand).rejects(taken());
    table.on(GetCommand).resolves(completed());
    const { response, handlerCalls } = await runMiddleware(idempotency(contribute), call(), {
      extra,
      handler: writeWithReceipt,
    });
    expect(handlerCalls).toBe(0);
    expect(response).toMatchObject({
      statusCode: 201,
      body: '{"id":"c1"}',
      headers: { location: '/api/members/m1/contributions/c1', [REPLAYED_HEADER]: 'true' },
    });
  });

  it('should refuse the key of another request with ERR_IDEMPOTENCY_KEY_REUSED', async () => {
    table.on(PutCommand).rejects(taken());
    table.on(GetCommand).resolves(completed('another request'));
    await expect(runMiddleware(idempotency(contribute), call(), { extra })).rejects.toMatchObject({
      code: 'ERR_IDEMPOTENCY_KEY_REUSED',
    });
  });

  it('should wait for the first request of the key, and answer ERR_IDEMPOTENCY_KEY_IN_PROGRESS if it does not end', async () => {
    table.on(PutCommand).rejects(taken());
    table.on(GetCommand).resolvesOnce(inProgress()).resolvesOnce(inProgress()).resolves(completed());
    const replayed = await runMiddleware(idempotency(contribute), call(), { extra });
    expect(replayed.response.headers?.[REPLAYED_HEADER]).toBe('true');

    table.on(GetCommand).resolves(inProgress());
    // It waits half of the time the function has left at most.
    const context = lambdaContext('test', 400);
    await expect(runMiddleware(idempotency(contribute), call(), { extra, context })).rejects.toMatchObject({
      code: 'ERR_IDEMPOTENCY_KEY_IN_PROGRESS',
    });
  });

  it('should give the key back when the request fails, so that a retry runs again', async () => {
    const failure = new Error('The write failed');
    const run = runMiddleware(idempotency(contribute), call(), {
      extra,
      handler: async () => {
        throw failure;
      },
    });
    await expect(run).rejects.toBe(failure);
    const lockId = table.commandCalls(PutCommand)[0]?.args[0].input.Item?.lockId;
    expect(table.commandCalls(DeleteCommand)[0]?.args[0].input).toMatchObject({
      Key: { pk: 'IDEMPOTENCY#agent@example.org', sk: `KEY#${key}` },
      ExpressionAttributeValues: { ':inProgress': 'IN_PROGRESS', ':lockId': lockId },
    });
  });

  it('should fail a request that wrote without its receipt', async () => {
    await expect(runMiddleware(idempotency(contribute), call(), { extra })).rejects.toThrow(
      /wrote without its idempotency receipt/,
    );
  });
});
