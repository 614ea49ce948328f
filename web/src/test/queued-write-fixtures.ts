import type { NewQueuedWrite, QueuedWrite } from '../api/offline/queued-writes.ts';

/** A member the device registered, as the onboarding form queues it. */
export const queuedMember = (id = 'local-m', overrides: Partial<QueuedWrite> = {}): QueuedWrite =>
  ({
    kind: 'member',
    id,
    key: `key-${id}`,
    queuedAt: 1_000,
    state: 'waiting',
    memberName: 'Awa Sy',
    body: { name: 'Awa Sy', village: 'Sob', number: 'N-1' },
    ...overrides,
  }) as QueuedWrite;

/** A plot for a member (the device's or the server's). */
export const queuedPlot = (
  memberId: string,
  id = 'local-p',
  overrides: Partial<QueuedWrite> = {},
): QueuedWrite =>
  ({
    kind: 'plot',
    id,
    key: `key-${id}`,
    queuedAt: 2_000,
    state: 'waiting',
    memberId,
    memberName: 'Awa Sy',
    body: {
      name: 'Millet field',
      latitude: 14,
      longitude: -16,
      droughtMonthlyContrib: 1500,
      excessRainMonthlyContrib: 0,
      startCoverageDate: 1_767_225_600,
    },
    coverage: { endOfSeasonDate: '2026-05-01', endCoverageDate: '2026-07-01' },
    ...overrides,
  }) as QueuedWrite;

/** A contribution for a member's plot. */
export const queuedContribution = (
  memberId: string,
  plotId: string,
  id = 'local-c',
  overrides: Partial<QueuedWrite> = {},
): QueuedWrite =>
  ({
    kind: 'contribution',
    id,
    key: `key-${id}`,
    queuedAt: 3_000,
    state: 'waiting',
    memberId,
    memberName: 'Awa Sy',
    plotName: 'Millet field',
    body: { amount: 1500, protectionType: 'DROUGHT', plotId },
    ...overrides,
  }) as QueuedWrite;

/** A payment from a member's pending benefit. */
export const queuedCashout = (
  memberId: string,
  amount: number,
  id = 'local-k',
  overrides: Partial<QueuedWrite> = {},
): QueuedWrite =>
  ({
    kind: 'cashout',
    id,
    key: `key-${id}`,
    queuedAt: 4_000,
    state: 'waiting',
    memberId,
    memberName: 'Asha Devi',
    body: { amount },
    ...overrides,
  }) as QueuedWrite;

/** What a form hands over: the write without the queue's own fields. */
export const newWrite = (write: QueuedWrite): NewQueuedWrite => {
  const { queuedAt: _queuedAt, state: _state, refusal: _refusal, unansweredAt: _unanswered, ...rest } = write;
  return rest as NewQueuedWrite;
};
