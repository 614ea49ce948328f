import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { lambdaContext } from '@cpbo/events/http-api-event.ts';
import { loadHttpHandler } from '@cpbo/infra/local/functions-code.ts';
import { createLocalServer } from '@cpbo/infra/local/http/server.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { environmentVariables } from '#platform/environment.ts';
import type { MailMessage } from '#platform/mail.ts';
import { useQueueTransport } from '#platform/queue.ts';
import { newEmptyTable } from './empty-table.ts';

/*
 * The API as the local runtime serves it (its HTTP server, API Gateway's events, the Lambda handlers
 * loaded as the runtime loads them), over a table of its own in the integration run's DynamoDB Local,
 * so that a scan of the table sees this file's writes only. The queues only record what is sent: no
 * worker runs, so nothing writes behind the calls' backs.
 */

export interface HttpAnswer {
  status: number;
  contentType: string | null;
  /** The JSON answer, or the text when it is not JSON. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any field of the JSON answer
  body: any;
}

export interface HttpCall {
  method: string;
  /** Below /api, with its query string; sent as written (already percent-encoded). */
  path: string;
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (a broken client's bytes). */
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
}

export interface ApiOverHttp {
  url: string;
  call(request: HttpCall): Promise<HttpAnswer>;
  /** What the handlers sent to the queues, oldest first. */
  sent: { queue: string; message: unknown }[];
  /** The last link of a kind mailed to an address (its token). */
  mailedToken(email: string, path: 'register' | 'resetPassword'): string | undefined;
  /** Failures the server caught (a function that threw instead of answering). */
  failures: string[];
  /** Every item of the table, read consistently. */
  scan(): Promise<Record<string, unknown>[]>;
  stop(): Promise<void>;
}

export const startApiOverHttp = async (): Promise<ApiOverHttp> => {
  process.env[environmentVariables.tableName] = await newEmptyTable('http');
  const sent: ApiOverHttp['sent'] = [];
  useQueueTransport({
    async send(queue, message) {
      sent.push({ queue, message });
    },
  });
  const failures: string[] = [];
  const server = createLocalServer({
    // No SPA is served: every call of these tests is under /api.
    webDist: tmpdir(),
    environmentName: 'test',
    // The integration run's s3rver, where the API presigns.
    filesOrigin: () => process.env.AWS_ENDPOINT_URL_S3 ?? '',
    log: () => undefined,
    warn: (line) => failures.push(line),
    invoke: async (target, event) =>
      (await loadHttpHandler(target))(event, lambdaContext(`local-${target}`, 30_000)),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // node:http rather than fetch: a malformed request may carry a body on a GET.
  const call = ({ method, path, token, body, rawBody, headers = {} }: HttpCall): Promise<HttpAnswer> => {
    const payload = rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
    return new Promise((resolve, reject) => {
      const sending = request(
        `${url}/api${path}`,
        {
          method,
          headers: {
            ...(payload === undefined || rawBody !== undefined ? {} : { 'content-type': 'application/json' }),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            // Node sends a GET's body unframed without it: the server would read it as the next request.
            ...(payload === undefined ? {} : { 'content-length': String(Buffer.byteLength(payload)) }),
            ...headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const contentType = response.headers['content-type'] ?? null;
            resolve({
              status: response.statusCode ?? 0,
              contentType,
              body:
                text && contentType?.startsWith('application/json') ? JSON.parse(text) : text || undefined,
            });
          });
        },
      );
      sending.on('error', reject);
      sending.end(payload);
    });
  };

  const scan = async () => {
    const items: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await dynamo().send(
        new ScanCommand({
          TableName: process.env[environmentVariables.tableName],
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      items.push(...((page.Items ?? []) as Record<string, unknown>[]));
      start = page.LastEvaluatedKey;
    } while (start);
    return items;
  };

  return {
    url,
    call,
    sent,
    failures,
    scan,
    mailedToken: (email, path) => {
      const mails = sent
        .filter((entry) => entry.queue === 'mail')
        .map((entry) => entry.message as MailMessage);
      const text = mails.filter((mail) => mail.to.includes(email)).at(-1)?.text ?? '';
      return new RegExp(`/${path}/([A-Za-z0-9_-]+)`).exec(text)?.[1];
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
