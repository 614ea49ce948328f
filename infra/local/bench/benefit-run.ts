/**
 * npm run bench:benefit-run — a benefit run over one enabler of 50 000 covered plots on DynamoDB Local.
 *
 * 1. Writes the enabler as the import writes it (BENCH_BENEFIT_PLOTS plots, 2 a member, each given one
 *    drought contribution in its season; 97 villages; most members paid in cash, some by four banks).
 * 2. Starts a run of an assessment naming each village (every plot is covered on its date) and runs
 *    its preview with the benefit worker in a process of its own (a new Lambda instance): the preview's
 *    time and the process's peak memory, beside a bare read of what it reads (the same Queries, with
 *    the same page size, in a process of their own, nothing done with their items). Target: the
 *    preview ≤ 2 × the bare read.
 * 3. Approves it and runs its payment the same way: payouts per second and peak memory.
 * 4. Builds the items the payment wrote (each payout's transaction: the payout, its id claim, its plot's
 *    claim for the assessment, its audit entry, its plot's and its member's totals) and writes them with
 *    a bare BatchWriteItem loop into a DynamoDB Local of its own, in requests of one payout's items and
 *    as many at once as the payment pays members: the bare rate in payouts per second. Target: the
 *    payment ≥ 50 % of it.
 * 5. Writes the same items with bare unconditional TransactWriteItems of as many payouts as one of the
 *    payment's (MAX_RECORDS_TOGETHER), as many at once: what any payment that writes a payout with its
 *    claims and totals all or none can reach on this DynamoDB Local, beside the BatchWriteItem loop.
 */
import { randomUUID } from 'node:crypto';
import type { AssessmentFile } from '@cpbo/schemas/benefit-runs.ts';
import type { DataFile } from '@cpbo/schemas/data-files.ts';
import { startAwsSubstitutes } from '../aws-substitutes.ts';
import { bareRate } from './bare-writes.ts';
import { benchEnablerFile } from './bench-enabler.ts';
import { recordBench } from './results.ts';
import { bareReadProcess, runWorkerProcess } from './worker-process.ts';

const PLOTS = Number(process.env.BENCH_BENEFIT_PLOTS ?? 50_000);
const PLOTS_PER_MEMBER = 2;
const VILLAGES = 97;
const BY = 'bench@example.org';

/** Six letters drawn from the member's index: names far enough apart not to read as one person's. */
const nameCode = (index: number): string => {
  let seed = Math.imul(index + 1, 2654435761) >>> 0;
  let code = '';
  for (let letter = 0; letter < 6; letter += 1) {
    seed = Math.imul(seed ^ (seed >>> 15), 2246822507) >>> 0;
    code += String.fromCharCode(97 + (seed % 26));
  }
  return code;
};

const benchFile = (): DataFile =>
  benchEnablerFile({
    members: Math.ceil(PLOTS / PLOTS_PER_MEMBER),
    plotsPerMember: PLOTS_PER_MEMBER,
    // One a plot: 1 January and 2 February, both before the assessment date.
    contributionsPerMember: PLOTS_PER_MEMBER,
    details: (index) => ({
      name: `Awa Diop ${nameCode(index)}`,
      ...(index % 3 === 0 && {
        bankName: `Bank ${index % 4}`,
        bankBranchName: 'Kaolack',
        bankIFSC: `B${index % 4}`,
        bankAccount: `ACC-${index}`,
      }),
    }),
  });

const main = async () => {
  const file = benchFile();
  const enabler = file[0] as DataFile[number];
  const substitutes = await startAwsSubstitutes({ inMemory: true });
  try {
    Object.assign(process.env, substitutes.environment, {
      LOG_LEVEL: 'warn',
      POWERTOOLS_METRICS_DISABLED: 'true',
    });
    // Imported once the environment is set: the functions read it.
    const { importedMemberItems } = await import('@cpbo/functions/data/jobs/data-files.ts');
    const { importEnablers } = await import('@cpbo/functions/data/jobs/data-import.ts');
    const { batchWriteAll } = await import('@cpbo/functions/data/table/table.ts');
    const { getBenefitRun, reviewBenefitRun } =
      await import('@cpbo/functions/data/benefit-runs/benefit-runs.ts');
    const { givenBenefitRun, benefitStepMessage } = await import('@cpbo/functions/testing/benefit-runs.ts');
    const { paymentItems } = await import('./benefit-payment-items.ts');
    const { PAY_PARALLELISM } = await import('@cpbo/functions/workers/benefit-run/payment.ts');
    const { MAX_RECORDS_TOGETHER } = await import('@cpbo/functions/data/money/money-create.ts');

    const { members, ...head } = enabler;
    await importEnablers([{ head: { ...head }, campaigns: new Map() }], BY);
    const at = new Date().toISOString();
    const items = members.flatMap((member) => {
      const built = importedMemberItems(member, enabler._id, BY, at);
      return [...built.claims, ...built.recordIdClaims, ...built.records, built.profile];
    });
    const seeding = performance.now();
    await batchWriteAll(
      items.map((Item) => ({ PutRequest: { Item } })),
      32,
    );
    console.log(
      `[bench] ${members.length} members, ${PLOTS} plots: ${items.length} items written in ` +
        `${((performance.now() - seeding) / 1000).toFixed(0)} s`,
    );

    const assessment: AssessmentFile = {
      assessmentId: `DRY-${randomUUID().slice(0, 8)}`,
      assessmentDate: '2026-02-15',
      rows: Array.from({ length: VILLAGES }, (_, village) => ({
        village: `Village ${village}`,
        damageIndex: 0.6,
      })),
    };
    const started = await givenBenefitRun(enabler._id, assessment, 'uploader@example.org');
    const bareRead = await bareReadProcess(enabler._id, assessment.assessmentId);
    const preview = await runWorkerProcess('benefit', benefitStepMessage(started));
    const previewed = await getBenefitRun(started.id);
    if (previewed?.state !== 'PENDING_APPROVAL' || previewed.preview?.accepted.plots !== PLOTS)
      throw new Error(`The preview did not accept every plot: ${JSON.stringify(previewed?.preview)}`);
    console.log(
      `[bench] preview of ${PLOTS} plots: ${(preview.ms / 1000).toFixed(1)} s, peak RSS ${preview.peakRssMb} MB, ` +
        `${previewed.preview.duplicates} members in possible duplicates; bare read of its items ` +
        `${(bareRead.ms / 1000).toFixed(1)} s (${bareRead.items} items): ` +
        `${(preview.ms / bareRead.ms).toFixed(2)} × (target ≤ 2)`,
    );

    const approved = await reviewBenefitRun(previewed, 'APPROVED', 'reviewer@example.org', 'Bench');
    const payment = await runWorkerProcess('benefit', benefitStepMessage(approved));
    const paid = await getBenefitRun(started.id);
    if (paid?.state !== 'PAID' || paid.payment?.paid.plots !== PLOTS)
      throw new Error(`The payment did not pay every plot: ${JSON.stringify(paid?.payment)}`);
    const payoutRate = PLOTS / (payment.ms / 1000);
    console.log(
      `[bench] payment of ${PLOTS} payouts: ${(payment.ms / 1000).toFixed(1)} s, ${Math.round(payoutRate)} payouts/s, ` +
        `${payment.deliveries} steps, peak RSS ${payment.peakRssMb} MB`,
    );

    const written = await paymentItems(paid);
    const perPayout = written.length / PLOTS;
    const bare = (await bareRate(written, { batch: perPayout, writers: PAY_PARALLELISM })) / perPayout;
    console.log(
      `[bench] payment / bare: ${Math.round((payoutRate / bare) * 100)} % (${Math.round(bare)} payouts/s bare; target ≥ 50 %)`,
    );
    const bareTransactions =
      (await bareRate(written, {
        batch: perPayout * MAX_RECORDS_TOGETHER,
        writers: PAY_PARALLELISM,
        call: 'TransactWriteItems',
      })) / perPayout;
    console.log(
      `[bench] payment / bare TransactWriteItems: ${Math.round((payoutRate / bareTransactions) * 100)} % ` +
        `(${Math.round(bareTransactions)} payouts/s bare); bare TransactWriteItems / bare BatchWriteItem: ` +
        `${Math.round((bareTransactions / bare) * 100)} %, the ceiling of a payment in transactions here`,
    );
    recordBench(
      'benefit-run',
      {
        plots: PLOTS,
        members: members.length,
        villages: VILLAGES,
        itemsPerPayout: perPayout,
        parallel: PAY_PARALLELISM,
      },
      [
        {
          name: `preview of ${PLOTS} plots`,
          value: preview.ms / 1000,
          unit: 's',
          reference: {
            name: 'bare read of the same items (its Queries)',
            value: bareRead.ms / 1000,
            unit: 's',
          },
          target: { op: '≤', value: 2, timesReference: true },
        },
        {
          name: `payment of ${PLOTS} payouts`,
          value: payoutRate,
          unit: 'payouts/s',
          reference: { name: 'bare BatchWriteItem loop of the same items', value: bare, unit: 'payouts/s' },
          target: { op: '≥', value: 0.5, timesReference: true },
        },
        {
          name: `payment of ${PLOTS} payouts, beside transactions`,
          value: payoutRate,
          unit: 'payouts/s',
          reference: {
            name: `bare TransactWriteItems of the same items (${MAX_RECORDS_TOGETHER} payouts a transaction)`,
            value: bareTransactions,
            unit: 'payouts/s',
          },
        },
        {
          name: 'bare TransactWriteItems of the payment’s items',
          value: bareTransactions,
          unit: 'payouts/s',
          reference: { name: 'bare BatchWriteItem loop of the same items', value: bare, unit: 'payouts/s' },
        },
        { name: "preview worker's peak memory", value: preview.peakRssMb, unit: 'MB' },
        { name: "payment worker's peak memory", value: payment.peakRssMb, unit: 'MB' },
      ],
    );
  } finally {
    await substitutes.stop();
  }
};

await main();
