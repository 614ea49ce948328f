import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { REFRESH_GRACE_SECONDS } from '#domain/refresh-tokens.ts';
import { tableName } from '#data/table/table.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { CookieJar, spaHeaders } from '../../testing/browser-cookies.ts';
import { callApi } from '../../testing/call-api.ts';
import { givenEnabler, givenUser } from '../../testing/fixtures.ts';
import { refreshSession, signIn } from '../../testing/signed-in-users.ts';
import { handler as auth } from './handler.ts';

/*
 * Refreshes that race or lose their answer (issue 40): the token just rotated answers the same new
 * token for REFRESH_GRACE_SECONDS; past it, or once rotated twice, it is a replay and ends the session.
 */

let enablerId: string;

beforeAll(async () => {
  enablerId = (await givenEnabler()).id;
});

afterEach(() => {
  vi.useRealTimers();
});

/** The account's sessions, as stored. */
const sessionsOf = async (email: string) => {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :session)',
      ExpressionAttributeValues: { ':pk': `USER#${email}`, ':session': 'SESSION#' },
      ConsistentRead: true,
    }),
  );
  return Items;
};

const signedInAgent = async () => {
  const agent = await givenUser({ role: 'USER', enablerId });
  const answer = await signIn(agent.email, agent.password);
  expect(answer.status).toBe(200);
  return { email: agent.email, password: agent.password, refreshToken: answer.body.refreshToken as string };
};

/** Moves the clock past the grace of a rotation made now. */
const pastTheGrace = () => {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + (REFRESH_GRACE_SECONDS + 1) * 1000);
};

/** The SPA in one browser: its refresh calls carry its header and every cookie the jar sends. */
const spa = () => {
  const jar = new CookieJar();
  return {
    jar,
    /** One refresh, with the cookies as they are when it is sent; its answer kept unless `lost`. */
    refresh: async ({ lost = false, planted = [] as string[] } = {}) => {
      const answer = await callApi(auth, 'GET', '/auth/refresh', {
        headers: spaHeaders(),
        cookies: [...planted, ...jar.sentTo('/api/auth/refresh')],
      });
      if (!lost) jar.take(answer.cookies);
      return answer;
    },
    login: async (email: string, password: string) => {
      const answer = await callApi(auth, 'POST', '/auth/login', {
        headers: spaHeaders(),
        body: { username: email, password },
      });
      jar.take(answer.cookies);
      return answer;
    },
    refreshToken: () => jar.get('refreshToken', '/api/auth')?.value,
  };
};

describe('refreshes at once with one token', () => {
  it('all succeed with the same new token, and one session remains', async () => {
    const agent = await signedInAgent();
    const answers = await Promise.all(Array.from({ length: 5 }, () => refreshSession(agent.refreshToken)));
    expect(answers.map(({ status }) => status)).toEqual([200, 200, 200, 200, 200]);
    const tokens = new Set(answers.map(({ body }) => body.refreshToken as string));
    expect(tokens.size).toBe(1);
    const [next] = [...tokens] as [string];
    expect(next).not.toBe(agent.refreshToken);
    for (const { body } of answers) expect(typeof body.accessToken).toBe('string');
    expect(await sessionsOf(agent.email)).toHaveLength(1);
    // The session goes on with the token they were all given.
    const after = await refreshSession(next);
    expect(after.status).toBe(200);
    expect(await sessionsOf(agent.email)).toHaveLength(1);
  });

  it("all succeed for the SPA's cookie too, which each answer sets to the same token", async () => {
    const agent = await signedInAgent();
    const browser = spa();
    await browser.login(agent.email, agent.password);
    const held = browser.refreshToken() as string;
    const answers = await Promise.all(Array.from({ length: 5 }, () => browser.refresh({ lost: true })));
    expect(answers.map(({ status }) => status)).toEqual([200, 200, 200, 200, 200]);
    const cookies = new Set(
      answers.map(({ cookies }) => cookies.find((cookie) => cookie.includes('Path=/api/auth;'))),
    );
    expect(cookies.size).toBe(1);
    expect([...cookies][0]).not.toContain(held);
    browser.jar.take(answers[0]?.cookies ?? []);
    expect((await browser.refresh()).status).toBe(200);
    expect(await sessionsOf(agent.email)).toHaveLength(2);
  });
});

describe('a refresh whose answer never arrived', () => {
  it('is answered the same new token when sent again within the grace', async () => {
    const agent = await signedInAgent();
    const browser = spa();
    await browser.login(agent.email, agent.password);
    // A reload during the refresh: the server rotated, the browser never got the new cookie.
    const lost = await browser.refresh({ lost: true });
    expect(lost.status).toBe(200);
    const again = await browser.refresh();
    expect(again.status).toBe(200);
    expect(again.cookies).toEqual(lost.cookies);
    expect((await browser.refresh()).status).toBe(200);
  });

  it('ends the whole session when the rotated token comes back after the grace', async () => {
    const agent = await signedInAgent();
    const next = await refreshSession(agent.refreshToken);
    expect(next.status).toBe(200);
    pastTheGrace();
    const replay = await refreshSession(agent.refreshToken);
    expect(replay).toMatchObject({ status: 401, body: { code: 'ERR_UNAUTHENTICATED' } });
    expect(await sessionsOf(agent.email)).toHaveLength(0);
    expect((await refreshSession(next.body.refreshToken)).status).toBe(401);
  });

  it('ends the whole session when a token rotated twice comes back, even within the grace', async () => {
    const agent = await signedInAgent();
    const second = await refreshSession(agent.refreshToken);
    const third = await refreshSession(second.body.refreshToken);
    expect(third.status).toBe(200);
    expect((await refreshSession(agent.refreshToken)).status).toBe(401);
    expect(await sessionsOf(agent.email)).toHaveLength(0);
    expect((await refreshSession(third.body.refreshToken)).status).toBe(401);
  });
});

describe('a planted refreshToken cookie', () => {
  it('before the valid one changes nothing: the refresh goes on normally', async () => {
    const agent = await signedInAgent();
    const other = await signedInAgent();
    const browser = spa();
    await browser.login(agent.email, agent.password);
    const held = browser.refreshToken() as string;
    for (const planted of [
      'junk',
      // Shaped like a token: an unknown session of the account, another account's secret.
      `${held.split('.').slice(0, 1).join('.')}.AAAAAAAAAAAAAAAAAAAAAA.${'A'.repeat(43)}`,
      `${other.refreshToken.split('.').slice(0, 2).join('.')}.${'B'.repeat(43)}`,
    ]) {
      const answer = await browser.refresh({ planted: [`refreshToken=${planted}`] });
      expect(answer.status, planted).toBe(200);
      expect(answer.body.email).toBe(agent.email);
      expect(browser.refreshToken()).not.toBe(held);
    }
    expect(await sessionsOf(agent.email)).toHaveLength(2);
    // The other account's session was not touched either.
    expect((await refreshSession(other.refreshToken)).status).toBe(200);
  });

  it('alone is refused without ending anyone’s session', async () => {
    const agent = await signedInAgent();
    const browser = spa();
    const answer = await browser.refresh({ planted: ['refreshToken=junk'] });
    expect(answer).toMatchObject({ status: 401, body: { code: 'ERR_UNAUTHENTICATED' } });
    expect((await refreshSession(agent.refreshToken)).status).toBe(200);
  });
});
