import { dateOfUnixSeconds, isoDateOf } from '@cpbo/schemas/coverage-dates.ts';
import { amountCents, fromCents, pendingBenefitsEffect } from '@cpbo/schemas/money.ts';
import type { MemberDetail } from '../members.ts';
import type { Plot } from '../plots.ts';
import type { OutboxRecord, QueuedWrite } from './queued-writes.ts';

type QueuedMember = Extract<QueuedWrite, { kind: 'member' }>;
type QueuedPlot = Extract<QueuedWrite, { kind: 'plot' }>;

/** A plot the device queued, as the screens show a plot; its coverage dates as the form computed them. */
const plotOf = (write: QueuedPlot, member: Pick<MemberDetail, 'name' | 'number'>): Plot => {
  const start = dateOfUnixSeconds(write.body.startCoverageDate);
  return {
    id: write.id,
    _id: write.id,
    name: write.body.name,
    memberId: write.memberId,
    memberName: member.name,
    memberNumber: member.number,
    latitude: write.body.latitude,
    longitude: write.body.longitude,
    cropDescription: null,
    isIrrigated: null,
    droughtMonthlyContrib: write.body.droughtMonthlyContrib,
    excessRainMonthlyContrib: write.body.excessRainMonthlyContrib,
    startCoverageDate: start,
    endOfSeasonDate: write.coverage?.endOfSeasonDate ?? start,
    endCoverageDate: write.coverage?.endCoverageDate ?? start,
    enablerConfig: null,
  };
};

const queuedPlotsOf = (record: OutboxRecord, memberId: string): QueuedPlot[] =>
  record.writes.filter((write): write is QueuedPlot => write.kind === 'plot' && write.memberId === memberId);

/** A member the device registered and the server has not numbered yet; undefined when none is queued. */
export function localMember(record: OutboxRecord, memberId: string): MemberDetail | undefined {
  const write = record.writes.find(
    (queued): queued is QueuedMember => queued.kind === 'member' && queued.id === memberId,
  );
  if (!write) return undefined;
  const { body } = write;
  const member: MemberDetail = {
    id: write.id,
    name: body.name,
    village: body.village,
    number: body.number,
    federation: body.federation ?? null,
    gender: body.gender ?? null,
    onboardingDate: isoDateOf(new Date(write.queuedAt)),
    phone: body.phone ?? null,
    // Bank details are never kept on the device (docs/decisions.md).
    bankName: null,
    bankBranchName: null,
    bankIFSC: null,
    bankAccount: null,
    contributionTotal: 0,
    payoutTotal: 0,
    cashoutTotal: 0,
    cashoutBalance: 0,
    firstContributionDate: null,
    firstPayoutDate: null,
    plots: [],
    contributions: [],
    payouts: [],
    cashouts: [],
  };
  return withQueuedWrites(record, member);
}

/**
 * The member as the agent may act on it: the plots queued for it after its own (a contribution can be for
 * one of them), and the pending benefit less the payments waiting to be sent, so that cash handed out
 * offline never adds up to more than the member had.
 */
export function withQueuedWrites(record: OutboxRecord, member: MemberDetail): MemberDetail {
  const plots = queuedPlotsOf(record, member.id);
  const paidCents = record.writes
    .filter((write) => write.kind === 'cashout' && write.memberId === member.id && write.state !== 'refused')
    .reduce((sum, write) => sum + amountCents((write.body as { amount: number }).amount), 0);
  if (!plots.length && !paidCents) return member;
  return {
    ...member,
    plots: [...member.plots, ...plots.map((write) => plotOf(write, member))],
    cashoutBalance: fromCents(
      Math.max(0, amountCents(member.cashoutBalance) + pendingBenefitsEffect('CASHOUT', paidCents)),
    ),
  };
}

/** A plot the device queued, for its member's screens; undefined when none is queued. */
export function localPlot(record: OutboxRecord, memberId: string, plotId: string): Plot | undefined {
  const write = queuedPlotsOf(record, memberId).find(({ id }) => id === plotId);
  if (!write) return undefined;
  return plotOf(write, { name: write.memberName, number: '' });
}
