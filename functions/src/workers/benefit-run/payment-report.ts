import type { BenefitPayFailure } from '@cpbo/schemas/benefit-runs.ts';
import type { Cents } from '@cpbo/schemas/money.ts';
import { squeeze } from '#domain/member-edits.ts';
import { claimsOfAssessment, type BenefitClaim } from '#data/benefit-claims.ts';
import { beneficiaries, type BeneficiaryMember } from '#data/benefit-inputs.ts';
import { runFilesFolder, writeRunFile } from '#data/benefit-run-files.ts';
import { payFailuresOf, type BenefitRun, type RunFile, type StoredPayment } from '#data/benefit-runs.ts';
import { nowIso } from '#data/table.ts';
import { csvText } from '#platform/csv.ts';
import { groupBy } from '#platform/group-by.ts';
import { amountText } from './amounts.ts';

/** A member the run paid, and how much in all. */
interface Payee {
  member: BeneficiaryMember;
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
      amountText(amountCents),
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
      amountText(amountCents),
      run.assessmentId,
    ]),
  );

const sum = (payees: Payee[]) => payees.reduce((total, payee) => total + payee.amountCents, 0);

/** A bank's name as its file groups it: spaces squeezed, case and accents folded. */
const bankKey = (payee: Payee) => squeeze(payee.member.bankName ?? '');

/**
 * The payment files of what the run paid (its claims), from its members' bank details as they are
 * now: one CSV per bank for the transfers, one of the members without bank details, paid in cash.
 */
const paymentFiles = async (run: BenefitRun, claims: BenefitClaim[]): Promise<RunFile[]> => {
  const amounts = new Map<string, Cents>();
  for (const claim of claims)
    amounts.set(claim.memberId, (amounts.get(claim.memberId) ?? 0) + claim.amountCents);
  const members = await beneficiaries([...amounts.keys()]);
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
 * The payment's report, from what is written rather than from what the steps counted (a step
 * delivered twice would count twice): the run's claims are its payouts; the rows it could not pay
 * are its failures whose plot it did not pay after all.
 */
export const paymentReport = async (
  run: BenefitRun,
): Promise<{ payment: StoredPayment; files: RunFile[] }> => {
  const claims = (await claimsOfAssessment(run.enablerId, run.assessmentId)).filter(
    (claim) => claim.runId === run.id,
  );
  const paidPlots = new Set(claims.map((claim) => claim.plotId));
  const failures = (await payFailuresOf(run.id)).filter((failure) => !paidPlots.has(failure.plotId));
  const notPaidByReason: Partial<Record<BenefitPayFailure, number>> = {};
  for (const { reason } of failures) notPaidByReason[reason] = (notPaidByReason[reason] ?? 0) + 1;
  const files = await paymentFiles(run, claims);
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
