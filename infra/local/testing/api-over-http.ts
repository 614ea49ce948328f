import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { lambdaContext } from '@cpbo/events/http-api-event.ts';
import { environmentVariables } from '@cpbo/functions/platform/environment.ts';
import type { MailMessage } from '@cpbo/functions/platform/mail.ts';
import { useQueueTransport } from '@cpbo/functions/platform/queue.ts';
import { newEmptyTable } from '@cpbo/functions/testing/empty-table.ts';
import { linkTokenOf } from '@cpbo/functions/testing/fixtures.ts';
import { scanTable } from '@cpbo/functions/testing/table-items.ts';
import { loadHttpHandler } from '../functions-code.ts';
import { createLocalServer } from '../http/server.ts';

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

/** An account signed in: its address and password, its access and refresh tokens. */
export interface SignedIn {
  email: string;
  password: string;
  token: string;
  refreshToken: string;
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
  /** Signs in over HTTP; rejects unless the answer is 200. */
  signIn(email: string, password: string): Promise<SignedIn>;
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

  const signIn = async (email: string, password: string): Promise<SignedIn> => {
    const answer = await call({ method: 'POST', path: '/auth/login', body: { username: email, password } });
    if (answer.status !== 200)
      throw new Error(`sign-in of ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return { email, password, token: answer.body.accessToken, refreshToken: answer.body.refreshToken };
  };

  return {
    url,
    call,
    sent,
    failures,
    scan: () => scanTable(),
    signIn,
    mailedToken: (email, path) =>
      linkTokenOf(
        sent
          .filter((entry) => entry.queue === 'mail')
          .map((entry) => entry.message as MailMessage)
          .filter((mail) => mail.to.includes(email))
          .at(-1),
        path,
      ),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
