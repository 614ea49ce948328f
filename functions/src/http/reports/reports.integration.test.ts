import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_REPORT_BYTES, MAX_REPORT_PAGE_SIZE } from '@cpbo/schemas/operations.ts';
import { callApi } from '../../testing/call-api.ts';
import { countDynamoRequests, recordDynamoWrites } from '../../testing/dynamo-requests.ts';
import { givenEnabler } from '../../testing/fixtures.ts';
import { givenSignedInUser } from '../../testing/signed-in-users.ts';
import { handler as adminReports } from '../admin-reports/handler.ts';
import { handler as reports } from './handler.ts';

const reportBody = (fields: Record<string, unknown> = {}) => ({
  deviceManufacturer: 'Samsung',
  deviceModel: 'Galaxy A14',
  version: '2.3.1',
  appIdentifier: 'org.example.cropprotection',
  data: { queue: [{ memberId: randomUUID(), amount: 50 }], battery: 0.42 },
  ...fields,
});

const send = (token: string | undefined, body: unknown) =>
  callApi(reports, 'POST', '/reports', { token, body });
const page = (token: string, query: Record<string, string> = {}) =>
  callApi(adminReports, 'GET', '/admin/reports', { token, query });

let enablerId: string;
let admin: Awaited<ReturnType<typeof givenSignedInUser>>;
let agent: Awaited<ReturnType<typeof givenSignedInUser>>;

beforeAll(async () => {
  enablerId = (await givenEnabler()).id;
  admin = await givenSignedInUser('ADMIN', enablerId);
  agent = await givenSignedInUser('USER', enablerId);
});

describe('POST /reports', () => {
  it('should store the report with who sent it, this environment and when, and list it first', async () => {
    const body = reportBody();
    const before = Date.now();
    const sent = await send(agent.token, body);
    expect(sent.status).toBe(201);
    const { status, body: listed } = await page(admin.token, { pageSize: '5', page: '1' });
    expect(status).toBe(200);
    expect(listed.reports[0]).toEqual({
      _id: sent.body._id,
      receivedAt: expect.any(String),
      user: agent.email,
      env: 'test',
      ...body,
    });
    expect(Date.parse(listed.reports[0].receivedAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('should take a report from an Android user, and keep data nested deeper than DynamoDB maps go', async () => {
    const android = await givenSignedInUser('ANDROID_USER', enablerId);
    let deep: Record<string, unknown> = { leaf: 'bottom' };
    for (let level = 0; level < 60; level += 1) deep = { level, inner: deep };
    const sent = await send(android.token, reportBody({ data: deep }));
    expect(sent.status).toBe(201);
    const { body } = await page(admin.token, { pageSize: '5' });
    expect(body.reports[0]).toMatchObject({ _id: sent.body._id, user: android.email, data: deep });
  });

  it('should refuse an administrator, a caller without a session, and write nothing', async () => {
    const { body: before } = await page(admin.token);
    expect((await send(admin.token, reportBody())).status).toBe(403);
    expect((await send(undefined, reportBody())).status).toBe(401);
    expect((await page(admin.token)).body.count).toBe(before.count);
  });

  it.each([
    ['a missing field', (({ version: _version, ...rest }) => rest)(reportBody())],
    ['an unknown field', reportBody({ user: 'someone@else.org' })],
    ['data that is not an object', reportBody({ data: 'text' })],
    ['a blank device', reportBody({ deviceModel: '   ' })],
    ['a version with spaces', reportBody({ version: '1 2' })],
  ])('should refuse %s with 400 and write nothing', async (_case, body) => {
    const { body: before } = await page(admin.token);
    const answer = await send(agent.token, body);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('ERR_INVALID_DATA_FORMAT');
    expect((await page(admin.token)).body.count).toBe(before.count);
  });

  it('should refuse a body over the size limit with 413 and write nothing', async () => {
    const { body: before } = await page(admin.token);
    const answer = await send(agent.token, reportBody({ data: { blob: 'x'.repeat(MAX_REPORT_BYTES) } }));
    expect(answer.status).toBe(413);
    expect((await page(admin.token)).body.count).toBe(before.count);
  });

  it('should refuse data that grows over the limit once written as JSON with 413, and write nothing', async () => {
    // 13 000 numbers of 4 characters: 65 KB sent, each written back as its 21 digits.
    const numbers = `[${Array.from({ length: 13_000 }, () => '1e20').join(',')}]`;
    const rawBody = JSON.stringify(reportBody({ data: { numbers: '' } })).replace('""', numbers);
    expect(Buffer.byteLength(rawBody)).toBeLessThanOrEqual(MAX_REPORT_BYTES);
    const { body: before } = await page(admin.token);
    const answer = await callApi(reports, 'POST', '/reports', { token: agent.token, rawBody });
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe('ERR_PAYLOAD_TOO_LARGE');
    expect((await page(admin.token)).body.count).toBe(before.count);
  });
});

describe('GET /admin/reports', () => {
  it('should page the reports newest first, with their count', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 7; index += 1) {
      ids.push((await send(agent.token, reportBody({ deviceModel: `Model ${index}` }))).body._id as string);
    }
    const first = await page(admin.token, { pageSize: '5', page: '1' });
    const second = await page(admin.token, { pageSize: '5', page: '2' });
    expect(first.body.count).toBe(second.body.count);
    expect(first.body.count).toBeGreaterThanOrEqual(7);
    const newest = [...ids].reverse();
    expect(first.body.reports.map((report: { _id: string }) => report._id)).toEqual(newest.slice(0, 5));
    expect(second.body.reports.map((report: { _id: string }) => report._id).slice(0, 2)).toEqual(
      newest.slice(5, 7),
    );
  });

  it('should read as much for page 1 as for page 1000', async () => {
    // The session, the counter and the page's range.
    expect(await countDynamoRequests(() => page(admin.token, { pageSize: '5', page: '1' }))).toBe(3);
    expect(
      await countDynamoRequests(() => page(admin.token, { pageSize: '5', page: '1000' })),
    ).toBeLessThanOrEqual(3);
  });

  it("should answer a page of the reports' largest size, each report's data whole", async () => {
    const blob = 'x'.repeat(MAX_REPORT_BYTES - 1024);
    for (let index = 0; index < MAX_REPORT_PAGE_SIZE; index += 1) {
      expect((await send(agent.token, reportBody({ data: { blob } }))).status).toBe(201);
    }
    const { status, body } = await page(admin.token, { pageSize: String(MAX_REPORT_PAGE_SIZE) });
    expect(status).toBe(200);
    expect(body.reports).toHaveLength(MAX_REPORT_PAGE_SIZE);
    expect(body.reports.map((report: { data: unknown }) => report.data)).toEqual(
      Array.from({ length: MAX_REPORT_PAGE_SIZE }, () => ({ blob })),
    );
  });

  it("should refuse the admin tables' page of 500 with 400, and write nothing", async () => {
    let answer: Awaited<ReturnType<typeof page>> | undefined;
    const writes = await recordDynamoWrites(async () => {
      answer = await page(admin.token, { pageSize: '500' });
    });
    expect(answer?.status).toBe(400);
    expect(answer?.body.code).toBe('ERR_INVALID_DATA_FORMAT');
    expect(writes).toEqual([]);
  });

  it('should refuse a user, and a page size off the list', async () => {
    expect((await page(agent.token)).status).toBe(403);
    expect((await page(admin.token, { pageSize: '7' })).status).toBe(400);
    expect((await page(admin.token, { page: '-1' })).status).toBe(400);
  });
});
