import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { httpApiEvent, lambdaContext } from '@cpbo/events/http-api-event.ts';
import { signAccessToken, type Session } from '#platform/access-token.ts';
import { countEvent } from '#platform/metrics.ts';
import { captureOutput } from '../../testing/log-lines.ts';
import { openSessionItem, useTestSigningKey } from '../../testing/sessions.ts';
import { ok } from './api-types.ts';
import { httpHandler, type RouteImplementations } from './http-handler.ts';

// As Lambda sets it, before the logger is made: Powertools reports cold starts of on-demand functions only.
vi.hoisted(() => {
  process.env.AWS_LAMBDA_INITIALIZATION_TYPE = 'on-demand';
});

const agent: Session = {
  email: 'agent@example.org',
  username: 'Agent',
  role: 'USER',
  enabler: 'enabler-7',
  enablerName: 'Enabler seven',
  sessionId: 's1',
};

const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZ2VudCJ9.c2lnbmF0dXJl';
const link = 'https://app.example.org/register/Zm9vYmFyYmF6cXV4';

const table = mockClient(DynamoDBDocumentClient);
let output: ReturnType<typeof captureOutput>;

beforeAll(() => {
  useTestSigningKey();
  process.env.ENVIRONMENT_NAME = 'staging';
});

beforeEach(() => {
  table.reset();
  table.on(GetCommand).resolves(openSessionItem('enabler-7'));
  output = captureOutput();
});

afterEach(() => output.restore());
afterAll(() => table.restore());

const me = httpHandler(
  'me',
  {
    'GET /me/enabler': async () => {
      throw new Error(`The store refused ${jwt} for ${link}`);
    },
    'PUT /me/language': async () => {
      countEvent('Contributions');
      countEvent('Contributions');
      return ok({});
    },
    'GET /me/preferences': async () => ok({ tables: {} }),
    'PUT /me/preferences/{table}': async () => ok({ tables: {} }),
  } as RouteImplementations<'me'>,
  { validators: () => import('#generated/validators/me.generated.ts') },
);

const failing = async () => {
  throw new Error('Hashing failed');
};
const registration = httpHandler(
  'registration',
  {
    'POST /register': failing,
    'POST /resetPassword': failing,
    'POST /resetPassword/request': failing,
  },
  { validators: () => import('#generated/validators/registration.generated.ts') },
);

const call = async (
  handler: typeof me,
  input: Parameters<typeof httpApiEvent>[0],
  context = lambdaContext('me'),
) => ({ result: await handler(httpApiEvent(input), context), context });

const bearer = async () => ({
  authorization: `Bearer ${await signAccessToken(agent)}`,
  'content-type': 'application/json',
});

describe('the log lines of a function', () => {
  it('carry the request id, the cold start flag, the function and the caller’s enabler', async () => {
    const first = await call(me, { method: 'GET', path: '/api/me/enabler', headers: await bearer() });
    const second = await call(me, { method: 'GET', path: '/api/me/enabler', headers: await bearer() });
    expect(first.result.statusCode).toBe(500);
    const lines = output.lines().filter((line) => line.message === 'Unexpected error');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: 'ERROR',
      service: 'crop-protection',
      function_name: 'me',
      function_request_id: first.context.awsRequestId,
      cold_start: true,
      enabler: 'enabler-7',
    });
    expect(lines[1]).toMatchObject({ function_request_id: second.context.awsRequestId, cold_start: false });
  });

  it('never say who the caller is, nor a token or a link an error carried', async () => {
    await call(me, { method: 'GET', path: '/api/me/enabler', headers: await bearer() });
    const text = output.text();
    expect(text).toContain('The store refused [redacted] for [redacted]');
    for (const secret of [jwt, link, 'agent@example.org', 'Zm9vYmFyYmF6cXV4'])
      expect(text).not.toContain(secret);
  });

  it('drop the enabler of the previous request, and never hold the body (a password)', async () => {
    await call(me, { method: 'GET', path: '/api/me/enabler', headers: await bearer() });
    await call(registration, {
      method: 'POST',
      path: '/api/register',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: 'Zm9vYmFyYmF6cXV4', password: 'correct horse battery' }),
    });
    const [line] = output.lines().filter((entry) => entry.error?.message === 'Hashing failed');
    expect(line).toMatchObject({ level: 'ERROR', path: '/api/register' });
    expect(line).not.toHaveProperty('enabler');
    expect(output.text()).not.toMatch(/correct horse battery|Zm9vYmFyYmF6cXV4/);
  });
});

describe('the business metrics', () => {
  it('are written once per invocation that counted something, in the environment’s namespace', async () => {
    await call(me, {
      method: 'PUT',
      path: '/api/me/language',
      headers: await bearer(),
      body: JSON.stringify({ language: 'fr' }),
    });
    await call(me, { method: 'GET', path: '/api/me/enabler', headers: await bearer() });
    const metrics = output.lines().filter((line) => line._aws);
    expect(metrics).toHaveLength(1);
    expect(metrics[0]).toMatchObject({
      _aws: {
        CloudWatchMetrics: [
          {
            Namespace: 'CropProtection/staging',
            Dimensions: [['service']],
            Metrics: [{ Name: 'Contributions', Unit: 'Count' }],
          },
        ],
      },
      service: 'crop-protection',
      Contributions: [1, 1],
    });
  });
});
