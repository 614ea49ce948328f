import {
  contributionsDue,
  coveredOn,
  givenBenefit,
  indexBenefit,
  type Benefit,
  type BenefitTerms,
  type CoveredPlot,
} from '@cpbo/schemas/benefit-rule.ts';
import { isAssessedRow, type AssessmentFile, type BenefitRowRefusal } from '@cpbo/schemas/benefit-runs.ts';
import { inCurrencyUnits, type Cents } from '@cpbo/schemas/money.ts';
import { squeeze } from './member-edits.ts';

/*
 * A run's preview: the assessment's rows, areas expanded to their covered plots, each checked and
 * valued by the benefit rule (schemas/benefit-rule.ts), with every input it used and the payee's bank
 * details as read (what an approval pays), and the sums of what would be paid. Pure: the data layer reads the enabler's plots, members, season contributions and the plots
 * already paid for the assessment; the preview job stores what this answers.
 */

/** A plot of the enabler as the preview reads it, with the terms of its attached config version. */
export interface PreviewPlot extends CoveredPlot {
  id: string;
  name: string;
  memberId: string;
  /** Null when the enabler has no config of the plot's version (or none is attached). */
  terms: BenefitTerms | null;
  /** What is grown there, as recorded (the list of the covered plots shows it). */
  cropDescription?: string | null;
}

/** A member's bank details: what a payment file pays. */
export interface BankDetails {
  bankName: string | null;
  bankBranchName: string | null;
  bankIFSC: string | null;
  bankAccount: string | null;
}

export const bankFieldNames = ['bankName', 'bankBranchName', 'bankIFSC', 'bankAccount'] as const;

/** Whether two members' bank details differ in any field a payment file pays. */
export const bankDetailsDiffer = (a: BankDetails, b: BankDetails): boolean =>
  bankFieldNames.some((field) => a[field] !== b[field]);

/** What the preview shows of a member, what its duplicate check compares, and whom the payment pays. */
export interface PreviewMember extends BankDetails {
  id: string;
  name: string;
  number: string;
  village: string;
  federation: string | null;
  phone: string | null;
}

export interface PreviewInputs {
  assessment: AssessmentFile;
  /** Every plot of the enabler, by id. */
  plots: ReadonlyMap<string, PreviewPlot>;
  members: ReadonlyMap<string, PreviewMember>;
  /** Each plot's season contributions (seasonWindow), absent for none. */
  seasonContributions: ReadonlyMap<string, Cents>;
  /** Plots already paid for the assessment. */
  paidPlots: ReadonlySet<string>;
  /** Plot ids the file names that are another enabler's. */
  otherEnablersPlots: ReadonlySet<string>;
}

/**
 * One row of the preview: a plot of the file or of an area, the rule's inputs (the plot's Maximum,
 * the month and its factor, the index, the paid share), what it pays or why not, and the payee's bank
 * details as read.
 */
export interface BenefitRow extends BankDetails {
  /** The file's row, 1-based (a reversal's: its payouts in order). */
  row: number;
  /** A reversal's row: the payout it takes back (null in a payment run's preview). */
  payoutId?: string | null;
  /** The payee's phone as read (the cash list's), beside its bank details. */
  phone?: string | null;
  plotId: string | null;
  plotName: string | null;
  memberId: string | null;
  memberName: string | null;
  memberNumber: string | null;
  village: string | null;
  federation: string | null;
  maximumCents: Cents | null;
  month: number | null;
  factor: number | null;
  damageIndex: number | null;
  seasonContributionsCents: Cents | null;
  contributionsDueCents: Cents | null;
  paidShare: number | null;
  givenAmountCents: Cents | null;
  /** What the row pays (a reversal's: takes back); 0 when refused. */
  benefitCents: Cents;
  status: 'ACCEPTED' | 'REFUSED';
  reason: BenefitRowRefusal | null;
}

type FileRow = AssessmentFile['rows'][number];

const noBank: BankDetails = { bankName: null, bankBranchName: null, bankIFSC: null, bankAccount: null };

const emptyRow = (row: number): BenefitRow => ({
  row,
  plotId: null,
  plotName: null,
  memberId: null,
  memberName: null,
  memberNumber: null,
  village: null,
  federation: null,
  maximumCents: null,
  month: null,
  factor: null,
  damageIndex: null,
  seasonContributionsCents: null,
  contributionsDueCents: null,
  paidShare: null,
  givenAmountCents: null,
  benefitCents: 0,
  status: 'REFUSED',
  reason: null,
  ...noBank,
});

const refused = (row: BenefitRow, reason: BenefitRowRefusal): BenefitRow => ({
  ...row,
  benefitCents: 0,
  status: 'REFUSED',
  reason,
});

/** A file's row as the preview reads it: its number, the plot or area, the index or amount (in cents). */
interface Asked {
  row: number;
  damageIndex: number | null;
  givenAmountCents: Cents | null;
}

const askedOf = (fileRow: FileRow, index: number): Asked => ({
  row: index + 1,
  damageIndex: fileRow.damageIndex ?? null,
  givenAmountCents:
    fileRow.benefitAmount === undefined || fileRow.benefitAmount === null
      ? null
      : Math.round(fileRow.benefitAmount * 100),
});

/** Plots covered on the day, by their member's village and federation (as compared: squeezed and folded). */
const coveredByArea = (inputs: PreviewInputs) => {
  const byArea = new Map<string, PreviewPlot[]>();
  const add = (key: string, plot: PreviewPlot) => {
    const plots = byArea.get(key);
    if (plots) plots.push(plot);
    else byArea.set(key, [plot]);
  };
  const day = inputs.assessment.assessmentDate;
  for (const plot of [...inputs.plots.values()].sort((a, b) => a.id.localeCompare(b.id))) {
    const member = inputs.members.get(plot.memberId);
    if (!member || !coveredOn(plot, day)) continue;
    const federation = squeeze(member.federation ?? '');
    const village = squeeze(member.village);
    add(`F|${federation}`, plot);
    add(`V|${village}`, plot);
    add(`FV|${federation}|${village}`, plot);
  }
  return (row: FileRow): PreviewPlot[] => {
    const federation = row.federation === undefined ? undefined : squeeze(row.federation);
    const village = row.village === undefined ? undefined : squeeze(row.village);
    const key =
      federation !== undefined && village !== undefined
        ? `FV|${federation}|${village}`
        : federation !== undefined
          ? `F|${federation}`
          : `V|${village ?? ''}`;
    return byArea.get(key) ?? [];
  };
};

/**
 * The preview's rows: the file's plot rows first, then its area rows, each in the file's order (a plot
 * named by a plot row keeps its own index or amount; one an earlier row named is a DUPLICATE_ROW).
 */
export const previewRows = (inputs: PreviewInputs): BenefitRow[] => {
  const { assessment } = inputs;
  const day = assessment.assessmentDate;
  const named = new Set<string>();
  const rows: BenefitRow[] = [];

  const valued = (asked: Asked, plot: PreviewPlot): BenefitRow => {
    const member = inputs.members.get(plot.memberId);
    const season = inputs.seasonContributions.get(plot.id) ?? 0;
    const row: BenefitRow = {
      ...emptyRow(asked.row),
      plotId: plot.id,
      plotName: plot.name,
      memberId: plot.memberId,
      memberName: member?.name ?? null,
      memberNumber: member?.number ?? null,
      village: member?.village ?? null,
      federation: member?.federation ?? null,
      seasonContributionsCents: season,
      damageIndex: asked.damageIndex,
      givenAmountCents: asked.givenAmountCents,
      phone: member?.phone ?? null,
      bankName: member?.bankName ?? null,
      bankBranchName: member?.bankBranchName ?? null,
      bankIFSC: member?.bankIFSC ?? null,
      bankAccount: member?.bankAccount ?? null,
    };
    if (!coveredOn(plot, day)) return refused(row, 'NOT_COVERED');
    const repeated = named.has(plot.id);
    named.add(plot.id);
    if (repeated) return refused(row, 'DUPLICATE_ROW');
    if (inputs.paidPlots.has(plot.id)) return refused(row, 'ALREADY_PAID');
    if (!plot.terms) return refused(row, 'NO_CONFIG');
    const seasonOfPlot = {
      plot,
      terms: plot.terms,
      seasonContributionsCents: season,
      assessmentDate: day,
    };
    const benefit: Benefit =
      asked.givenAmountCents === null
        ? indexBenefit(seasonOfPlot, asked.damageIndex ?? 0)
        : givenBenefit(seasonOfPlot, asked.givenAmountCents);
    const computed: BenefitRow = {
      ...row,
      maximumCents: benefit.maximumCents,
      month: benefit.month,
      factor: benefit.factor,
      contributionsDueCents: contributionsDue(plot, day),
      paidShare: benefit.paidShare,
      benefitCents: benefit.benefitCents,
    };
    if (benefit.benefitCents > benefit.maximumCents) return refused(computed, 'ABOVE_MAXIMUM');
    if (!inCurrencyUnits(benefit.benefitCents, plot.terms.currency))
      return refused(computed, 'NOT_CURRENCY_UNIT');
    if (benefit.benefitCents === 0) return refused(computed, 'ZERO_BENEFIT');
    return { ...computed, status: 'ACCEPTED' };
  };

  assessment.rows.forEach((fileRow, index) => {
    // A plot row left blank (a list of the covered plots' row not filled in) is not assessed.
    if (fileRow.plotId === undefined || !isAssessedRow(fileRow)) return;
    const asked = askedOf(fileRow, index);
    const plot = inputs.plots.get(fileRow.plotId);
    if (plot) rows.push(valued(asked, plot));
    else
      rows.push(
        refused(
          {
            ...emptyRow(asked.row),
            plotId: fileRow.plotId,
            damageIndex: asked.damageIndex,
            givenAmountCents: asked.givenAmountCents,
          },
          inputs.otherEnablersPlots.has(fileRow.plotId) ? 'OTHER_ENABLER_PLOT' : 'UNKNOWN_PLOT',
        ),
      );
  });
  const areaPlots = coveredByArea(inputs);
  assessment.rows.forEach((fileRow, index) => {
    if (fileRow.plotId !== undefined) return;
    const asked = askedOf(fileRow, index);
    const plots = areaPlots(fileRow);
    if (plots.length === 0)
      rows.push(
        refused(
          {
            ...emptyRow(asked.row),
            village: fileRow.village ?? null,
            federation: fileRow.federation ?? null,
            damageIndex: asked.damageIndex,
          },
          'NO_COVERED_PLOT',
        ),
      );
    for (const plot of plots) rows.push(valued(asked, plot));
  });
  return rows;
};

/** Accepted plots, their members and amount. */
export interface PreviewCounts {
  plots: number;
  members: number;
  amountCents: Cents;
}

export interface PreviewSummary {
  rows: number;
  accepted: PreviewCounts;
  refused: number;
  refusedByReason: Partial<Record<BenefitRowRefusal, number>>;
  perFederation: (PreviewCounts & { federation: string | null })[];
}

const countsOf = (rows: BenefitRow[]): PreviewCounts => ({
  plots: rows.length,
  members: new Set(rows.map((row) => row.memberId)).size,
  amountCents: rows.reduce((sum, row) => sum + row.benefitCents, 0),
});

/** What the preview pays in all and per federation (members without one together, last), and what it refused. */
export const previewSummary = (rows: BenefitRow[]): PreviewSummary => {
  const accepted = rows.filter((row) => row.status === 'ACCEPTED');
  const refusedByReason: Partial<Record<BenefitRowRefusal, number>> = {};
  for (const row of rows)
    if (row.reason !== null) refusedByReason[row.reason] = (refusedByReason[row.reason] ?? 0) + 1;
  const federations = [...new Set(accepted.map((row) => row.federation))].sort((a, b) =>
    a === null ? 1 : b === null ? -1 : a.localeCompare(b),
  );
  return {
    rows: rows.length,
    accepted: countsOf(accepted),
    refused: rows.length - accepted.length,
    refusedByReason,
    perFederation: federations.map((federation) => ({
      federation,
      ...countsOf(accepted.filter((row) => row.federation === federation)),
    })),
  };
};
