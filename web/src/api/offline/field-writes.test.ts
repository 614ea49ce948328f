import { afterEach, describe, expect, it, vi } from 'vitest';
import i18next from '../../i18n/index.ts';
import { errorMessage } from '../../common/errors/error-message.ts';
import { subscribeToErrors } from '../error-bus.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { newWrite, queuedCashout, queuedMember } from '../../test/queued-write-fixtures.ts';
import { submitFieldWrite } from './field-writes.ts';
import { Outbox } from './outbox.ts';
import { outcomeOf } from './send-write.ts';
import { ApiError } from '../api-error.ts';

const cashout = newWrite(queuedCashout('m-1', 50));
const paid = { id: 'k-1', amount: 50 };
/** AWS still busy after the API's retries (docs/errors.md). */
const busy = { status: 503, body: { code: 'ERR_SERVICE_BUSY', message: 'The service is busy.' } };

const openOutbox = async (send = vi.fn(async () => ({ later: true }) as const)) => {
  const outbox = new Outbox({ send, now: () => 10_000 });
  await outbox.open('asha@example.org|enabler-1', { earlierSession: false });
  return outbox;
};

const errorsShown = () => {
  const shown: ApiError[] = [];
  const stop = subscribeToErrors((error) => shown.push(error));
  afterEach(stop);
  return shown;
};

describe('a field write', () => {
  it('should be sent at once online with its key when nothing waits', async () => {
    const api = fakeApi({ 'POST /api/members/m-1/cashouts': { status: 201, body: paid } });
    const outbox = await openOutbox();
    expect(await submitFieldWrite(cashout, { outbox })).toEqual({ status: 'sent', answer: paid });
    expect(api.requestTo('POST /api/members/m-1/cashouts')?.headers.get('Idempotency-Key')).toBe(
      'key-local-k',
    );
    expect(outbox.current().writes).toEqual([]);
  });

  it('should be kept on the device offline, or behind writes still waiting', async () => {
    const api = fakeApi({});
    const outbox = await openOutbox();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await submitFieldWrite(cashout, { outbox })).toMatchObject({
      status: 'queued',
      write: { key: 'key-local-k' },
    });
    vi.restoreAllMocks();
    // Online now, but one waits before it: the order holds.
    expect(await submitFieldWrite(newWrite(queuedCashout('m-1', 7, 'local-k2')), { outbox })).toMatchObject({
      status: 'queued',
    });
    expect(outbox.current().writes.map(({ id }) => id)).toEqual(['local-k', 'local-k2']);
    expect(api.calls()).toEqual([]);
  });

  it('should be kept, noted as unanswered, when its answer is lost', async () => {
    fakeApi({ 'POST /api/members/m-1/cashouts': { networkError: true } });
    const shown = errorsShown();
    const outbox = await openOutbox();
    expect(await submitFieldWrite(cashout, { outbox })).toMatchObject({ status: 'queued' });
    expect(outbox.current().writes[0]).toMatchObject({
      key: 'key-local-k',
      unansweredAt: expect.any(Number),
    });
    expect(shown).toEqual([]);
  });

  it('should wait on the device, unshown, while the server is busy (503), and go with its key at its next try', async () => {
    const answers = [busy, { status: 201, body: paid }];
    const api = fakeApi({ 'POST /api/members/m-1/cashouts': () => answers.shift() ?? busy });
    const shown = errorsShown();
    const outbox = new Outbox();
    await outbox.open('asha@example.org|enabler-1', { earlierSession: false });
    expect(await submitFieldWrite(cashout, { outbox })).toMatchObject({
      status: 'queued',
      write: { key: 'key-local-k', state: 'waiting', unansweredAt: expect.any(Number) },
    });
    expect(shown).toEqual([]);
    // The queue's own try, as after any server failure: recorded once, under the same key.
    await vi.waitFor(() => expect(outbox.current().writes).toEqual([]));
    expect(
      api.requests.map(({ path, headers }) => `${path} ${headers.get('Idempotency-Key') ?? ''}`),
    ).toEqual(['/api/members/m-1/cashouts key-local-k', '/api/members/m-1/cashouts key-local-k']);
    outbox.close();
  });

  it('should show an administrator that the server is busy, in the catalogue’s words', async () => {
    fakeApi({ 'POST /api/members/m-1/cashouts': busy });
    const shown = errorsShown();
    await expect(submitFieldWrite(cashout, { outbox: new Outbox() })).rejects.toMatchObject({ status: 503 });
    const t = i18next.getFixedT('en');
    expect(shown.map((error) => errorMessage(t, error))).toEqual([
      'The service is busy. Try again in a few seconds.',
    ]);
    await i18next.loadLanguages('fr');
    expect(errorMessage(i18next.getFixedT('fr'), shown[0] as ApiError)).toBe(
      'Le service est saturé. Réessayez dans quelques secondes.',
    );
  });

  it('should show the server’s refusal and keep nothing', async () => {
    fakeApi({
      'POST /api/members/m-1/cashouts': {
        status: 400,
        body: { code: 'ERR_BALANCE_TOO_LOW', message: 'Too low' },
      },
    });
    const shown = errorsShown();
    const outbox = await openOutbox();
    await expect(submitFieldWrite(cashout, { outbox })).rejects.toMatchObject({
      code: 'ERR_BALANCE_TOO_LOW',
    });
    expect(shown.map(({ code }) => code)).toEqual(['ERR_BALANCE_TOO_LOW']);
    expect(outbox.current().writes).toEqual([]);
  });

  it('should never keep a member’s bank details: a lost answer is shown, for the agent to try again', async () => {
    fakeApi({ 'POST /api/members': { networkError: true } });
    const shown = errorsShown();
    const outbox = await openOutbox();
    const member = newWrite(
      queuedMember('local-m', { body: { name: 'A', village: 'B', number: 'C', bankAccount: '9' } } as never),
    );
    await expect(submitFieldWrite(member, { outbox })).rejects.toMatchObject({ kind: 'network' });
    expect(shown).toHaveLength(1);
    expect(outbox.current().writes).toEqual([]);
  });

  it('should be an ordinary write without a queue (an administrator)', async () => {
    fakeApi({ 'POST /api/members/m-1/cashouts': { status: 201, body: paid } });
    expect(await submitFieldWrite(cashout, { outbox: new Outbox() })).toEqual({
      status: 'sent',
      answer: paid,
    });
  });
});

describe('what a failed send means', () => {
  const http = (status: number, code?: string) => new ApiError({ kind: 'http', status, code, message: 'x' });

  it('should try again later without an answer, or with one that says not now', () => {
    expect(outcomeOf(new ApiError({ kind: 'network', message: 'x' }))).toEqual({ later: true });
    expect(outcomeOf(new ApiError({ kind: 'timeout', message: 'x' }))).toEqual({ later: true });
    expect(outcomeOf(http(503))).toEqual({ later: true });
    expect(outcomeOf(http(503, 'ERR_SERVICE_BUSY'))).toEqual({ later: true });
    expect(
      outcomeOf(
        new ApiError({
          kind: 'http',
          status: 503,
          code: 'ERR_SERVICE_BUSY',
          message: 'x',
          retryAfterMs: 5_000,
        }),
      ),
    ).toEqual({ later: true, afterMs: 5_000 });
    expect(outcomeOf(http(401, 'ERR_UNAUTHENTICATED'))).toEqual({ later: true });
    expect(outcomeOf(http(409, 'ERR_IDEMPOTENCY_KEY_IN_PROGRESS'))).toEqual({ later: true });
    expect(outcomeOf(http(409, 'ERR_CONFLICT'))).toEqual({ later: true });
  });

  it('should keep the server’s reason of a refusal', () => {
    expect(outcomeOf(http(400, 'ERR_BALANCE_TOO_LOW'))).toEqual({
      refused: { code: 'ERR_BALANCE_TOO_LOW', message: 'x' },
    });
    expect(outcomeOf(http(409, 'ERR_DUPLICATE_MEMBER'))).toMatchObject({
      refused: { code: 'ERR_DUPLICATE_MEMBER' },
    });
  });
});
