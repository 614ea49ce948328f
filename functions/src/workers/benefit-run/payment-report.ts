import type { BenefitPayFailure } from '@cpbo/schemas/benefit-runs.ts';
import type { Cents } from '@cpbo/schemas/money.ts';
import type { BenefitRow, PreviewMember } from '#domain/benefit-preview.ts';
import { squeeze } from '#domain/member-edits.ts';
import { claimsOfAssessment, type BenefitClaim } from '#data/money/benefit-claims.ts';
import { readPreview, runFilesFolder, writeRunFile } from '#data/benefit-runs/benefit-run-files.ts';
import {
  payFailuresOf,
  type BenefitRun,
  type RunFile,
  type StoredPayment,
} from '#data/benefit-runs/benefit-runs.ts';
import { nowIso } from '#data/table/table.ts';
import { csvText } from '#platform/csv.ts';
import { groupBy } from '#platform/group-by.ts';
import { amountText } from './amounts.ts';

/** What a payment file names of a member the run paid: the bank details approved with its preview. */
type PayeeDetails = Omit<PreviewMember, 'id' | 'phone'> & { phone: string | null };

/** A member the run paid, and how much in all. */
interface Payee {
  member: PayeeDetails;
  amountCents: Cents;
}

const byName = (a: Payee, b: Payee) =>
  a.member.name.localeCompare(b.member.name) || a.member.number.localeCompare(b.member.number);

/** A member with a bank and an account is paid by transfer; the others in cash, by agents. */
const hasBank = ({ member }: Payee) => member.bankName !== null && member.bankAccount !== null;

const bankCsv = (run: BenefitRun, payees: Payee[]) =>
  csvText(
    [
      'bankName',
      'bankBranchName',
      'bankIFSC',
      'bankAccount',
      'memberNumber',
      'memberName',
      'amount',
      'assessmentId',
    ],
    payees.map(({ member, amountCents }) => [
      member.bankName,
      member.bankBranchName,
      member.bankIFSC,
      member.bankAccount,
      member.number,
      member.name,
      amountText(amountCents, run.currency),
      run.assessmentId,
    ]),
  );

const cashCsv = (run: BenefitRun, payees: Payee[]) =>
  csvText(
    ['memberNumber', 'memberName', 'village', 'federation', 'phone', 'amount', 'assessmentId'],
    payees.map(({ member, amountCents }) => [
      member.number,
      member.name,
      member.village,
      member.federation,
      member.phone,
      amountText(amountCents, run.currency),
      run.assessmentId,
    ]),
  );

const sum = (payees: Payee[]) => payees.reduce((total, payee) => total + payee.amountCents, 0);

/** A bank's name as its file groups it: spaces squeezed, case and accents folded. */
const bankKey = (payee: Payee) => squeeze(payee.member.bankName ?? '');

/** Each paid member's details as its preview row read them: the bank details approved. */
const approvedDetails = (rows: BenefitRow[]): Map<string, PayeeDetails> =>
  new Map(
    rows.flatMap((row) =>
      row.memberId === null || row.status !== 'ACCEPTED'
        ? []
        : [
            [
              row.memberId,
              {
                name: row.memberName ?? '',
                number: row.memberNumber ?? '',
                village: row.village ?? '',
                federation: row.federation,
                phone: row.phone ?? null,
                bankName: row.bankName,
                bankBranchName: row.bankBranchName,
                bankIFSC: row.bankIFSC,
                bankAccount: row.bankAccount,
              },
            ] as const,
          ],
    ),
  );

/**
 * The payment files of what the run paid (its claims), with the bank details its reviewer approved
 * (the preview's, not the members' of now): one CSV per bank for the transfers, one of the members
 * without bank details, paid in cash. Each file's total is the sum of its lines.
 */
const paymentFiles = async (
  run: BenefitRun,
  claims: BenefitClaim[],
  rows: BenefitRow[],
): Promise<RunFile[]> => {
  const amounts = new Map<string, Cents>();
  for (const claim of claims)
    amounts.set(claim.memberId, (amounts.get(claim.memberId) ?? 0) + claim.amountCents);
  const members = approvedDetails(rows);
  const payees = [...amounts].flatMap(([memberId, amountCents]) => {
    const member = members.get(memberId);
    return member ? [{ member, amountCents }] : [];
  });
  const banks = groupBy(payees.filter(hasBank), bankKey);
  const cash = payees.filter((payee) => !hasBank(payee)).sort(byName);
  const folder = runFilesFolder(run.id, 'payment');
  const files: { file: RunFile; text: string }[] = [...banks.values()]
    .map((paid) => paid.sort(byName))
    .sort((a, b) => bankKey(a[0] as Payee).localeCompare(bankKey(b[0] as Payee)))
    .map((paid, index) => {
      const bankName = (paid[0] as Payee).member.bankName as string;
      const id = `bank-${index + 1}`;
      return {
        file: {
          id,
          kind: 'BANK',
          fileName: `benefit-run-${run.assessmentId}-${id}.csv`,
          key: `${folder}${id}.csv`,
          bankName,
          members: paid.length,
          amountCents: sum(paid),
        },
        text: bankCsv(run, paid),
      };
    });
  files.push({
    file: {
      id: 'cash',
      kind: 'CASH',
      fileName: `benefit-run-${run.assessmentId}-cash.csv`,
      key: `${folder}cash.csv`,
      bankName: null,
      members: cash.length,
      amountCents: sum(cash),
    },
    text: cashCsv(run, cash),
  });
  await Promise.all(files.map(({ file, text }) => writeRunFile(file.key, text, 'text/csv')));
  return files.map(({ file }) => file);
};

/**
 * What a reversal took back: its accepted rows whose payout's claim is gone (only the reversal of the
 * run that wrote a payout deletes it, freeing its claim), as the claims they were.
 */
const takenBack = (rows: BenefitRow[], held: BenefitClaim[]): BenefitClaim[] => {
  const still = new Set(held.map((claim) => claim.payoutId));
  return rows
    .filter((row) => row.status === 'ACCEPTED' && !still.has(row.payoutId as string))
    .map((row) => ({
      plotId: row.plotId as string,
      payoutId: row.payoutId as string,
      runId: null,
      memberId: row.memberId as string,
      amountCents: row.benefitCents,
    }));
};

/**
 * The payment's report, from what is written rather than from what the steps counted (a step
 * delivered twice would count twice): the run's claims are its payouts; the rows it could not pay
 * are its failures whose plot it did not pay after all.
 */
export const paymentReport = async (
  run: BenefitRun,
): Promise<{ payment: StoredPayment; files: RunFile[] }> => {
  const [held, { rows }] = await Promise.all([
    claimsOfAssessment(run.enablerId, run.assessmentId),
    readPreview(run.previewKey as string),
  ]);
  const claims =
    run.kind === 'REVERSAL' ? takenBack(rows, held) : held.filter((claim) => claim.runId === run.id);
  const paidPlots = new Set(claims.map((claim) => claim.plotId));
  const failures = (await payFailuresOf(run.id)).filter((failure) => !paidPlots.has(failure.plotId));
  const notPaidByReason: Partial<Record<BenefitPayFailure, number>> = {};
  for (const { reason } of failures) notPaidByReason[reason] = (notPaidByReason[reason] ?? 0) + 1;
  const files = run.kind === 'REVERSAL' ? [] : await paymentFiles(run, claims, rows);
  return {
    payment: {
      paid: {
        plots: claims.length,
        members: new Set(claims.map((claim) => claim.memberId)).size,
        amountCents: claims.reduce((total, claim) => total + claim.amountCents, 0),
      },
      notPaid: failures.length,
      notPaidByReason,
      paidAt: nowIso(),
    },
    files,
  };
};
