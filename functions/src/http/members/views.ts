import type {
  CashoutAnswer,
  ContributionAnswer,
  MemberDetailAnswer,
  MemberRowAnswer,
  PayoutAnswer,
  PlotAnswer,
} from '@cpbo/schemas';
import type { MemberSummary } from '#domain/lists/member-list.ts';
import { fromCents } from '@cpbo/schemas/money.ts';
import type { Member } from '#data/members/member-items.ts';
import type { MemberPage } from '#data/members/member-page.ts';
import { plotTermsOf, type Plot } from '#data/members/plot-items.ts';
import type { Cashout, Contribution, Payout } from '#data/money/money-items.ts';

/** The API's shapes of members and their records: amounts in currency units, never cents. */
export const memberRowView = (summary: MemberSummary): MemberRowAnswer => ({
  id: summary.id,
  name: summary.name,
  village: summary.village,
  number: summary.number,
  federation: summary.federation,
  onboardingDate: summary.onboardingDate,
  contributionTotal: fromCents(summary.contributionTotalCents),
  pendingBenefits: fromCents(summary.cashoutBalanceCents),
  plotCount: summary.plotCount,
  lastContributionDate: summary.lastContributionDate,
  lastPayoutDate: summary.lastPayoutDate,
});

/** What a plot's answer shows of it (a plot read from the table, or a row of the plot list). */
type PlotFields = Omit<Plot, 'enablerId' | 'createdAt' | 'updatedAt'>;

export const plotView = (plot: PlotFields, member: Pick<Member, 'name' | 'number'>): PlotAnswer => ({
  id: plot.id,
  _id: plot.id,
  name: plot.name,
  memberId: plot.memberId,
  memberName: member.name,
  memberNumber: member.number,
  ...plotTermsOf(plot),
});

/** Whose record: the member's current name and number (spec section 3). */
type Owner = Pick<Member, 'name' | 'number'>;
/** The current names of the member's plots by id; a record keeps the name it was written with otherwise. */
type PlotNames = ReadonlyMap<string, string>;
const noPlotNames: PlotNames = new Map();

const ofMember = (record: { memberId: string }, member: Owner) => ({
  memberId: record.memberId,
  memberName: member.name,
  memberNumber: member.number,
});

export const contributionView = (
  contribution: Contribution,
  member: Owner,
  plotNames: PlotNames = noPlotNames,
): ContributionAnswer => ({
  id: contribution.id,
  ...ofMember(contribution, member),
  plotId: contribution.plotId,
  plotName: plotNames.get(contribution.plotId) ?? contribution.plotName,
  protectionType: contribution.protectionType,
  amount: fromCents(contribution.amountCents),
  contributionDate: contribution.contributionDate,
});

export const payoutView = (
  payout: Payout,
  member: Owner,
  plotNames: PlotNames = noPlotNames,
): PayoutAnswer => ({
  id: payout.id,
  ...ofMember(payout, member),
  plotId: payout.plotId,
  plotName: plotNames.get(payout.plotId) ?? payout.plotName,
  amount: fromCents(payout.amountCents),
  assessmentId: payout.assessmentId,
  assessmentDate: payout.assessmentDate,
  payoutDate: payout.payoutDate,
});

export const cashoutView = (cashout: Cashout, member: Owner): CashoutAnswer => ({
  id: cashout.id,
  ...ofMember(cashout, member),
  amount: fromCents(cashout.amountCents),
  cashoutDate: cashout.cashoutDate,
});

const newestFirst =
  <T>(date: (record: T) => string) =>
  (a: T, b: T) =>
    date(b).localeCompare(date(a));

export const memberDetailView = ({
  member,
  plots,
  contributions,
  payouts,
  cashouts,
}: MemberPage): MemberDetailAnswer => {
  const plotNames: PlotNames = new Map(plots.map((plot) => [plot.id, plot.name]));
  return {
    id: member.id,
    name: member.name,
    village: member.village,
    number: member.number,
    federation: member.federation,
    gender: member.gender,
    onboardingDate: member.onboardingDate,
    phone: member.phone,
    bankName: member.bankName,
    bankBranchName: member.bankBranchName,
    bankIFSC: member.bankIFSC,
    bankAccount: member.bankAccount,
    contributionTotal: fromCents(member.contributionTotalCents),
    payoutTotal: fromCents(member.payoutTotalCents),
    cashoutTotal: fromCents(member.cashoutTotalCents),
    cashoutBalance: fromCents(member.cashoutBalanceCents),
    firstContributionDate: member.firstContributionDate,
    firstPayoutDate: member.firstPayoutDate,
    plots: plots.sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map((plot) => plotView(plot, member)),
    contributions: contributions
      .sort(newestFirst((c) => c.contributionDate))
      .map((contribution) => contributionView(contribution, member, plotNames)),
    payouts: payouts
      .sort(newestFirst((p) => p.payoutDate))
      .map((payout) => payoutView(payout, member, plotNames)),
    cashouts: cashouts.sort(newestFirst((c) => c.cashoutDate)).map((cashout) => cashoutView(cashout, member)),
  };
};
