import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  InternalServerError,
  ThrottlingException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { RequestThrottled } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { lambdaContext } from '@cpbo/events/http-api-event.ts';
import type { Session } from '#platform/access-token.ts';
import { AppError } from '#platform/app-error.ts';
import { S3ReadError } from '#platform/s3.ts';
import { captureOutput } from '../../testing/log-lines.ts';
import { runMiddleware } from '../../testing/run-middleware.ts';
import { errorResponder, SERVICE_BUSY_RETRY_AFTER_SECONDS } from './error-responder.ts';

const call = { method: 'POST', path: '/api/members' };
const failing = (error: unknown) => async () => {
  throw error;
};
const answerOf = ({ response }: Awaited<ReturnType<typeof runMiddleware>>) => ({
  status: response.statusCode,
  body: response.body === undefined ? undefined : JSON.parse(response.body),
  headers: response.headers,
});

// The application's log stores a refusal's line in the table.
const table = mockClient(DynamoDBDocumentClient);
let output: ReturnType<typeof captureOutput>;

beforeAll(() => {
  process.env.TABLE_NAME = 'test-table';
});
beforeEach(() => {
  table.reset();
  table.onAnyCommand().resolves({});
  output = captureOutput();
});
afterEach(() => output.restore());
afterAll(() => table.restore());

describe('errorResponder', () => {
  it('should leave an answer alone when nothing failed', async () => {
    const run = await runMiddleware(errorResponder(), call, {
      handler: async () => ({ statusCode: 201, body: '{"id":"m1"}' }),
    });
    expect(answerOf(run)).toMatchObject({ status: 201, body: { id: 'm1' } });
  });

  it('should answer an AppError with its catalogue status and code, its details and the request id', async () => {
    const context = lambdaContext('test');
    const error = new AppError('ERR_INVALID_DATA_FORMAT', { details: [{ where: 'body', problem: 'x' }] });
    const answer = answerOf(
      await runMiddleware(errorResponder(), call, { handler: failing(error), context }),
    );
    expect(answer).toEqual({
      status: 400,
      body: {
        code: 'ERR_INVALID_DATA_FORMAT',
        message: error.message,
        requestId: context.awsRequestId,
        details: [{ where: 'body', problem: 'x' }],
      },
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    });
  });

  it('should turn the HTTP errors that middy’s packages raise into catalogue codes', async () => {
    const httpError = (statusCode: number) => Object.assign(new Error('middy'), { statusCode, expose: true });
    const expected = [
      [404, 'ERR_NOT_FOUND'],
      [405, 'ERR_METHOD_NOT_ALLOWED'],
      [413, 'ERR_PAYLOAD_TOO_LARGE'],
      [415, 'ERR_UNSUPPORTED_MEDIA_TYPE'],
      [422, 'ERR_INVALID_DATA_FORMAT'],
    ] as const;
    for (const [statusCode, code] of expected) {
      const answer = answerOf(
        await runMiddleware(errorResponder(), call, { handler: failing(httpError(statusCode)) }),
      );
      expect(answer.body.code, String(statusCode)).toBe(code);
    }
  });

  it('should answer 500 ERR_INTERNAL without the details of an unexpected error, and report it', async () => {
    const report = vi.fn(async () => undefined);
    const context = lambdaContext('test');
    const error = new Error('The table is on fire at /var/task/secret.js');
    const hidden = Object.assign(new Error('private'), { statusCode: 400, expose: false });
    for (const thrown of [error, hidden]) {
      const answer = answerOf(
        await runMiddleware(errorResponder({ report }), call, { handler: failing(thrown), context }),
      );
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({
        code: 'ERR_INTERNAL',
        message: new AppError('ERR_INTERNAL').message,
        requestId: context.awsRequestId,
      });
    }
    expect(report).toHaveBeenCalledTimes(2);
    expect(report).toHaveBeenCalledWith('Unexpected error', {
      requestId: context.awsRequestId,
      routeKey: '$default',
      path: '/api/members',
      error,
    });
  });

  describe('when AWS was only busy after the SDK’s retries', () => {
    const $metadata = { httpStatusCode: 400, requestId: 'aws-1' };
    const cancelled = (...codes: string[]) =>
      new TransactionCanceledException({
        $metadata,
        message: 'Transaction cancelled',
        CancellationReasons: codes.map((Code) => ({ Code })),
      });

    it('should answer 503 ERR_SERVICE_BUSY with a Retry-After and the request id, and report it', async () => {
      const report = vi.fn(async () => undefined);
      const context = lambdaContext('test');
      const throttled = new ThrottlingException({ $metadata, message: 'Throughput exceeds the capacity.' });
      const answer = answerOf(
        await runMiddleware(errorResponder({ report }), call, { handler: failing(throttled), context }),
      );
      expect(answer).toEqual({
        status: 503,
        body: {
          code: 'ERR_SERVICE_BUSY',
          message: new AppError('ERR_SERVICE_BUSY').message,
          requestId: context.awsRequestId,
        },
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
          'retry-after': String(SERVICE_BUSY_RETRY_AFTER_SECONDS),
        },
      });
      expect(report).toHaveBeenCalledWith('AWS busy after its retries', {
        requestId: context.awsRequestId,
        routeKey: '$default',
        path: '/api/members',
        error: throttled,
      });
    });

    it('should answer 503 to every error the SDK classifies as throttling or transient', async () => {
      const busy = [
        new InternalServerError({ $metadata: { httpStatusCode: 500 }, message: 'Internal server error' }),
        new RequestThrottled({ $metadata, message: 'Request is throttled.' }),
        Object.assign(new Error('Maximum sending rate exceeded.'), {
          name: 'TooManyRequestsException',
          $metadata: { httpStatusCode: 429 },
        }),
        new S3ReadError('S3 GET snapshot answered 503', 503),
        Object.assign(new TypeError('fetch failed'), {
          cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
        }),
      ];
      for (const error of busy) {
        const answer = answerOf(
          await runMiddleware(errorResponder({ report: async () => undefined }), call, {
            handler: failing(error),
          }),
        );
        expect(answer.status, error.name).toBe(503);
        expect(answer.body.code, error.name).toBe('ERR_SERVICE_BUSY');
      }
    });

    it('should answer 503 to a transaction cancelled only by concurrent ones or throttling', async () => {
      for (const codes of [
        ['None', 'TransactionConflict'],
        ['TransactionConflict'],
        ['ThrottlingError', 'None'],
      ]) {
        const answer = answerOf(
          await runMiddleware(errorResponder({ report: async () => undefined }), call, {
            handler: failing(cancelled(...codes)),
          }),
        );
        expect(answer.status, codes.join()).toBe(503);
      }
    });

    it('should answer 500 ERR_INTERNAL to what is no sign of a busy service', async () => {
      const notBusy = [
        cancelled('ConditionalCheckFailed', 'TransactionConflict'),
        cancelled('None', 'ValidationError'),
        new S3ReadError('S3 GET snapshot answered 403', 403),
        new Error('The table is on fire', { cause: null }),
      ];
      for (const error of notBusy) {
        const answer = answerOf(
          await runMiddleware(errorResponder({ report: async () => undefined }), call, {
            handler: failing(error),
          }),
        );
        expect(answer, error.message).toMatchObject({ status: 500, body: { code: 'ERR_INTERNAL' } });
        expect(answer.headers, error.message).not.toHaveProperty('retry-after');
      }
    });

    it('should leave an AppError its own status, whatever caused it', async () => {
      const conflict = new AppError('ERR_CONFLICT', { cause: cancelled('TransactionConflict') });
      const answer = answerOf(await runMiddleware(errorResponder(), call, { handler: failing(conflict) }));
      expect(answer).toMatchObject({ status: 409, body: { code: 'ERR_CONFLICT' } });
    });
  });

  it('should write a refused permission to the application’s log, with who was refused', async () => {
    const session = { email: 'agent@example.org', role: 'USER' } as Session;
    await runMiddleware(errorResponder(), call, {
      extra: { session },
      handler: failing(new AppError('ERR_FORBIDDEN_USER')),
    });
    expect(output.lines().find((line) => line.level === 'WARN')).toMatchObject({
      message: 'Permission refused: ERR_FORBIDDEN_USER on POST /api/members for agent@example.org (USER)',
    });
    expect(table.calls().length).toBeGreaterThan(0);
    expect(output.lines().filter((line) => line.message === 'Log line not stored')).toEqual([]);
  });
});
