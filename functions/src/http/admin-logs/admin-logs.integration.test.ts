import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { logLevels, MAX_LOG_MESSAGE_LENGTH } from '@cpbo/schemas/operations.ts';
import { appendNumbered, numberedPage } from '#data/logs/numbered-lists.ts';
import { tableName } from '#data/table/table.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { appLog } from '#data/logs/app-log.ts';
import { callApi } from '../../testing/call-api.ts';
import { countDynamoRequests } from '../../testing/dynamo-requests.ts';
import { captureOutput } from '../../testing/log-lines.ts';
import { captureMail, givenEnabler, givenUser } from '../../testing/fixtures.ts';
import { givenSignedInUser } from '../../testing/signed-in-users.ts';
import { handler as adminEnablers } from '../admin-enablers/handler.ts';
import { handler as auth } from '../auth/handler.ts';
import { handler as adminLogs } from './handler.ts';

interface Line {
  timestamp: string;
  level: string;
  message: string;
}

const logs = async (token: string, query: Record<string, string> = {}) =>
  callApi(adminLogs, 'GET', '/admin/logs', { token, query }) as Promise<{
    status: number;
    body: { logs: Line[]; count: number };
  }>;

/** Every line of a level view whose message holds `marker` (all pages of 500). */
const linesWith = async (token: string, level: string, marker: string): Promise<Line[]> => {
  const found: Line[] = [];
  for (let page = 1; ; page += 1) {
    const { body } = await logs(token, { level, pageSize: '500', page: String(page) });
    found.push(...body.logs.filter((line) => line.message.includes(marker)));
    if (page * 500 >= body.count) return found;
  }
};

let enablerId: string;
let admin: Awaited<ReturnType<typeof givenSignedInUser>>;

beforeAll(async () => {
  enablerId = (await givenEnabler()).id;
  admin = await givenSignedInUser('ADMIN', enablerId);
});

describe('GET /admin/logs', () => {
  it('should answer the lines at or above the level, newest first', async () => {
    const marker = randomUUID();
    await appLog.info(`info ${marker}`);
    await appLog.warn(`warn ${marker}`);
    await appLog.error(`error ${marker}`);

    const byLevel = Object.fromEntries(
      await Promise.all(
        logLevels.map(async (level) => [
          level,
          (await linesWith(admin.token, level, marker)).map((l) => l.message),
        ]),
      ),
    );
    expect(byLevel.debug).toEqual([`error ${marker}`, `warn ${marker}`, `info ${marker}`]);
    expect(byLevel.info).toEqual([`error ${marker}`, `warn ${marker}`, `info ${marker}`]);
    expect(byLevel.warn).toEqual([`error ${marker}`, `warn ${marker}`]);
    expect(byLevel.error).toEqual([`error ${marker}`]);

    const [line] = await linesWith(admin.token, 'error', marker);
    expect(line).toMatchObject({ level: 'error' });
    expect(Date.now() - Date.parse(line?.timestamp ?? '')).toBeLessThan(60_000);
  });

  it('should default to warn, page 1 of 10', async () => {
    const marker = randomUUID();
    await appLog.info(`info ${marker}`);
    await appLog.warn(`warn ${marker}`);
    const { status, body } = await logs(admin.token);
    expect(status).toBe(200);
    expect(body.logs.length).toBeLessThanOrEqual(10);
    expect(body.logs.every((line) => line.level === 'warn' || line.level === 'error')).toBe(true);
    expect(body.logs.some((line) => line.message === `warn ${marker}`)).toBe(true);
    expect(body.logs.some((line) => line.message === `info ${marker}`)).toBe(false);
  });

  it('should read three times per page, the first page as the thousandth', async () => {
    const first = await countDynamoRequests(() =>
      logs(admin.token, { level: 'debug', pageSize: '5', page: '1' }),
    );
    const far = await countDynamoRequests(() =>
      logs(admin.token, { level: 'debug', pageSize: '5', page: '1000' }),
    );
    // Each call also reads the caller's session (one GetItem): 1 + 3.
    expect(first).toBe(4);
    expect(far).toBeLessThanOrEqual(4);
  });

  it('should refuse a user, an unknown level and a page size off the list', async () => {
    const agent = await givenSignedInUser('USER', enablerId);
    expect((await logs(agent.token)).status).toBe(403);
    expect((await logs(admin.token, { level: 'fatal' })).status).toBe(400);
    expect((await logs(admin.token, { pageSize: '100000' })).status).toBe(400);
    expect((await logs(admin.token, { page: '0' })).status).toBe(400);
    expect((await callApi(adminLogs, 'GET', '/admin/logs')).status).toBe(401);
  });
});

describe('numbered lists', () => {
  it('should page a list by number: count, newest first, the last page short', async () => {
    const list = `TEST#${randomUUID()}`;
    for (let index = 1; index <= 12; index += 1) await appendNumbered(list, { index });
    const pages = await Promise.all([1, 2, 3, 4].map((page) => numberedPage(list, { page, pageSize: 5 })));
    expect(pages.map((page) => page.count)).toEqual([12, 12, 12, 12]);
    expect(pages.map((page) => page.items.map((item) => item.index))).toEqual([
      [12, 11, 10, 9, 8],
      [7, 6, 5, 4, 3],
      [2, 1],
      [],
    ]);
  });

  it('should keep the lines of the retention window only, by day', async () => {
    const list = `TEST#${randomUUID()}`;
    for (const [day, index] of [
      ['2026-08-01', 1],
      ['2026-08-01', 2],
      ['2026-09-15', 3],
      ['2026-11-23', 4],
    ] as const) {
      await appendNumbered(list, { index }, { day, expiresAt: 1 });
    }
    const kept = await numberedPage(list, { page: 1, pageSize: 10, firstDay: '2026-08-25' });
    expect(kept).toMatchObject({ count: 2 });
    expect(kept.items.map((item) => item.index)).toEqual([4, 3]);
    expect(await numberedPage(list, { page: 1, pageSize: 10, firstDay: '2026-12-01' })).toEqual({
      count: 0,
      items: [],
    });
  });

  it('should number concurrent lines without a gap or a repeat', async () => {
    const list = `TEST#${randomUUID()}`;
    const numbers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => appendNumbered(list, { index })),
    );
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    expect((await numberedPage(list, { page: 1, pageSize: 500 })).items).toHaveLength(40);
  });
});

describe('the logged events', () => {
  it('should log a failed sign-in and the lock, with the address but never the password', async () => {
    captureMail();
    const agent = await givenUser({ role: 'USER', enablerId });
    const wrong = `Wrong-${randomUUID()}`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      statuses.push(
        (await callApi(auth, 'POST', '/auth/login', { body: { username: agent.email, password: wrong } }))
          .status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 403]);
    const lines = await linesWith(admin.token, 'warn', agent.email);
    expect(lines.map((line) => line.message)).toEqual([
      `Account ${agent.email} locked after 5 wrong passwords`,
      ...[5, 4, 3, 2, 1].map(
        (count) => `Failed sign-in: wrong password for ${agent.email} (${count} in a row)`,
      ),
    ]);
    expect(JSON.stringify(await linesWith(admin.token, 'debug', wrong))).toBe('[]');
  });

  it('should not write an address without an account (it may be a password typed in the wrong field)', async () => {
    const typedPassword = `Secret-${randomUUID()}@oops`;
    await callApi(auth, 'POST', '/auth/login', { body: { username: typedPassword, password: 'whatever1' } });
    expect(await linesWith(admin.token, 'debug', typedPassword)).toEqual([]);
  });

  it('should log a refused permission with who was refused', async () => {
    const agent = await givenSignedInUser('USER', enablerId);
    expect((await callApi(adminEnablers, 'GET', '/admin/enablers', { token: agent.token })).status).toBe(403);
    const lines = await linesWith(admin.token, 'warn', agent.email);
    expect(lines.map((line) => line.message)).toContain(
      `Permission refused: ERR_FORBIDDEN_USER on GET /api/admin/enablers for ${agent.email} (USER)`,
    );
  });

  it('should log the deletion of an enabler', async () => {
    const doomed = await givenEnabler();
    expect(
      (await callApi(adminEnablers, 'DELETE', `/admin/enablers/${doomed.id}`, { token: admin.token })).status,
    ).toBe(204);
    expect((await linesWith(admin.token, 'info', doomed.id)).map((line) => line.message)).toEqual([
      `Enabler ${doomed.id} (${doomed.name}) deleted by ${admin.email}`,
    ]);
  });
});

describe('log redaction', () => {
  it('should store no password, token, link or bank number, whatever the message', async () => {
    const marker = randomUUID();
    const secrets = {
      password: 'Hunter2-correct-horse',
      token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl',
      link: 'https://app.example.org/register/b64TokenValue',
      account: '004512345678901',
      iban: 'FR7630006000011234567890189',
      ifsc: 'SBIN0004321',
    };
    const output = captureOutput();
    try {
      await appLog.error(
        `${marker} password=${secrets.password} sent ${secrets.token} link ${secrets.link} ` +
          `account ${secrets.account} iban ${secrets.iban} branch ${secrets.ifsc}`,
      );
    } finally {
      output.restore();
    }
    const [line] = await linesWith(admin.token, 'error', marker);
    expect(line?.message).toBe(
      `${marker} password=[redacted] sent [redacted] link [redacted] account [redacted] iban [redacted] branch [redacted]`,
    );
    // As stored, in every view: read from the table, not only through the API.
    const stored = await Promise.all(
      logLevels.map(
        async (view) =>
          (
            await dynamo().send(
              new QueryCommand({
                TableName: tableName(),
                KeyConditionExpression: 'pk = :pk',
                FilterExpression: 'contains(message, :marker)',
                ExpressionAttributeValues: { ':pk': `LOG#${view}`, ':marker': marker },
                ScanIndexForward: false,
              }),
            )
          ).Items ?? [],
      ),
    );
    expect(stored.flat()).toHaveLength(4);
    const text = JSON.stringify(stored);
    for (const secret of Object.values(secrets)) expect(text).not.toContain(secret);
  });
});

describe('a long line', () => {
  it('should be kept clipped in the application log, and whole in the function log', async () => {
    const marker = randomUUID();
    // Words: one long run of a character would read as a token, and be redacted.
    const message = `${marker} ${'crop '.repeat(MAX_LOG_MESSAGE_LENGTH)}`;
    const output = captureOutput();
    try {
      await appLog.error(message);
    } finally {
      output.restore();
    }
    const [line] = await linesWith(admin.token, 'error', marker);
    expect([...(line?.message ?? '')]).toHaveLength(MAX_LOG_MESSAGE_LENGTH);
    expect(line?.message.endsWith('…')).toBe(true);
    expect(output.text()).toContain(message);
  });
});
