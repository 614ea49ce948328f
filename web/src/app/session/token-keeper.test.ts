import { describe, expect, it, vi } from 'vitest';
import { fakeAccessToken, fakeAccessTokenUntil, fakeApi } from '../../test/fake-api.ts';
import { authSession, setSessionMarker } from '../../test/render-app.tsx';
import { accessTokenExpiry, needsRenewal } from './access-token.ts';
import { TokenKeeper } from './token-keeper.ts';

describe('access token expiry', () => {
  it('should read the exp claim of a JWT', () => {
    expect(accessTokenExpiry(fakeAccessTokenUntil(1_800_000_000))).toBe(1_800_000_000_000);
    expect(accessTokenExpiry('not-a-jwt')).toBeNull();
    expect(accessTokenExpiry('a.!!!.c')).toBeNull();
  });

  it('should ask for renewal under 60 s of life only', () => {
    const token = fakeAccessTokenUntil(1_800_000_000);
    const secondsBefore = (seconds: number) => 1_800_000_000_000 - seconds * 1000;
    expect(needsRenewal(token, secondsBefore(59))).toBe(true);
    expect(needsRenewal(token, secondsBefore(-5))).toBe(true);
    expect(needsRenewal(token, secondsBefore(60))).toBe(false);
    expect(needsRenewal(token, secondsBefore(3600))).toBe(false);
    // No readable expiry: the server judges.
    expect(needsRenewal('opaque', secondsBefore(0))).toBe(false);
  });
});

/** A keeper whose token is about to expire and whose renewal the server refuses; `lost` hears the session end. */
const keeperRefusedRenewal = () => {
  fakeApi({
    'GET /api/auth/refresh': { status: 401, body: { code: 'ERR_UNAUTHENTICATED', message: 'x' } },
  });
  setSessionMarker();
  const keeper = new TokenKeeper();
  const lost = vi.fn();
  keeper.onSessionLost(lost);
  keeper.store({ accessToken: fakeAccessToken(10) });
  return { keeper, lost };
};

describe('TokenKeeper', () => {
  it('should give the access token as is while more than a minute remains', async () => {
    const api = fakeApi({});
    const keeper = new TokenKeeper();
    const token = fakeAccessToken(600);
    keeper.store({ accessToken: token });

    expect(await keeper.validAccessToken()).toBe(token);
    expect(api.calls()).toEqual([]);
  });

  it('should renew an access token with under a minute left through the API’s cookie, once for concurrent callers', async () => {
    const renewed = { ...authSession('USER'), accessToken: fakeAccessToken(900) };
    const api = fakeApi({ 'GET /api/auth/refresh': { body: renewed } });
    const keeper = new TokenKeeper();
    keeper.store({ accessToken: fakeAccessToken(30) });

    const tokens = await Promise.all([keeper.validAccessToken(), keeper.validAccessToken()]);

    expect(tokens).toEqual([renewed.accessToken, renewed.accessToken]);
    // The refresh token rotates in the cookie: two refreshes with the same one would revoke the session.
    expect(api.calls()).toEqual(['GET /api/auth/refresh']);
    // The page has no refresh token to send: the API reads its HttpOnly cookie.
    expect(api.bearerOf('GET /api/auth/refresh')).toBeNull();
    expect(api.requestTo('GET /api/auth/refresh')?.headers.get('X-Session-Cookie')).toBe('1');
  });

  it('should share one refresh between the tabs of a browser: a tab that waited takes the answer of the other', async () => {
    // The browser's Web Locks, one holder at a time, for the tabs (keepers) of this test.
    let held = false;
    const queue: (() => void)[] = [];
    const request = async <T>(
      _name: string,
      options: LockOptions | ((lock: Lock | null) => Promise<T> | T),
      work?: (lock: Lock | null) => Promise<T> | T,
    ): Promise<T> => {
      const callback = (typeof options === 'function' ? options : work) as (lock: Lock | null) => Promise<T>;
      if (typeof options !== 'function' && options.ifAvailable && held) return callback(null);
      if (held) await new Promise<void>((granted) => queue.push(granted));
      held = true;
      try {
        return await callback({ name: 'cpbo-session-refresh', mode: 'exclusive' } as Lock);
      } finally {
        held = false;
        queue.shift()?.();
      }
    };
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    let answered = 0;
    const api = fakeApi({
      'GET /api/auth/refresh': async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        answered += 1;
        return { body: { ...authSession('USER'), accessToken: fakeAccessToken(900 + answered) } };
      },
    });
    setSessionMarker();
    const tabs = [new TokenKeeper(), new TokenKeeper(), new TokenKeeper()];
    const restored = await Promise.all(tabs.map((tab) => tab.restore()));

    // One refresh call: the others waited for the lock, then took the answer it shared.
    expect(api.calls()).toEqual(['GET /api/auth/refresh']);
    expect(new Set(restored.map(({ accessToken }) => accessToken)).size).toBe(1);
    expect(await tabs[2]?.validAccessToken()).toBe(restored[0]?.accessToken);
    vi.unstubAllGlobals();
  });

  it('should restore once at start-up: a later call gets the same answer without a second refresh', async () => {
    const restored = { ...authSession('USER'), accessToken: fakeAccessToken(900) };
    const api = fakeApi({ 'GET /api/auth/refresh': { body: restored } });
    setSessionMarker();
    const keeper = new TokenKeeper();
    const early = keeper.restore();
    expect(await early).toEqual(restored);
    // The session provider takes it after the early start has finished: the rotated token is not spent.
    expect(await keeper.restore()).toEqual(restored);
    expect(api.calls()).toEqual(['GET /api/auth/refresh']);
    // What the outline draws; forgotten with the session, so that another account's outline never shows it.
    expect(keeper.restored()).toEqual(restored);
    keeper.clear();
    expect(keeper.restored()).toBeUndefined();
  });

  it('should end the session when the server refuses the renewal', async () => {
    const { keeper, lost } = keeperRefusedRenewal();

    await expect(keeper.validAccessToken()).rejects.toMatchObject({ status: 401 });
    expect(lost).toHaveBeenCalledTimes(1);
    expect(keeper.hasSession()).toBe(false);
    expect(await keeper.validAccessToken()).toBeNull();
  });

  it.each([
    ['could not reach the server', { networkError: true }, { kind: 'network' }],
    [
      'failed on the server',
      { status: 503, body: { code: 'ERR_INTERNAL', message: 'x' } },
      { status: 503, code: 'ERR_INTERNAL' },
    ],
  ] as const)('should keep the session when the renewal %s', async (_, answer, rejection) => {
    fakeApi({ 'GET /api/auth/refresh': answer });
    setSessionMarker();
    const keeper = new TokenKeeper();
    const lost = vi.fn();
    keeper.onSessionLost(lost);
    keeper.store({ accessToken: fakeAccessToken(10) });

    await expect(keeper.validAccessToken()).rejects.toMatchObject(rejection);
    expect(lost).not.toHaveBeenCalled();
    expect(keeper.hasSession()).toBe(true);
  });

  it('should see the marker the API set beside its cookie, and the cookie the SPA once wrote itself', () => {
    expect(new TokenKeeper().hasSession()).toBe(false);
    setSessionMarker();
    expect(new TokenKeeper().hasSession()).toBe(true);
    new TokenKeeper().clear();
    expect(new TokenKeeper().hasSession()).toBe(false);
    // Until the API replaces it, a refresh token the page wrote before this change restores the session.
    document.cookie = 'refreshToken=from-before; path=/';
    expect(new TokenKeeper().hasSession()).toBe(true);
  });

  it('should sign out with a renewed access token when the current one is about to expire', async () => {
    const renewed = { ...authSession('USER'), accessToken: fakeAccessToken(900) };
    fakeApi({ 'GET /api/auth/refresh': { body: renewed } });
    setSessionMarker();
    const keeper = new TokenKeeper();
    keeper.store({ accessToken: fakeAccessToken(30) });
    const revoke = vi.fn(async () => undefined);

    await keeper.signOut(revoke);

    expect(revoke).toHaveBeenCalledWith(renewed.accessToken);
    expect(keeper.hasSession()).toBe(false);
  });

  it('should forget the session even when it cannot be revoked, without ending it loudly', async () => {
    const { keeper, lost } = keeperRefusedRenewal();
    const revoke = vi.fn(async () => undefined);

    await keeper.signOut(revoke);

    expect(revoke).not.toHaveBeenCalled();
    expect(lost).not.toHaveBeenCalled();
    expect(keeper.hasSession()).toBe(false);
    expect(await keeper.validAccessToken()).toBeNull();
  });
});
