/**
 * npm run bench:import — importing 10 000 members with 20 000 plots and 100 000 contributions on
 * DynamoDB Local, beside a bare BatchWriteItem loop over the same items, in the same run.
 *
 * 1. Builds the file (one enabler, BENCH_IMPORT_MEMBERS members, 2 plots and 10 contributions each) and
 *    the items the import writes from it (claims, plots, contributions, their id claims, profiles).
 * 2. Writes those items with BatchWriteItem into the product's table of a DynamoDB Local of its own, in
 *    the worker's order and with its parallelism: requests of 25 items (BatchWriteItem's most), 32 in
 *    flight (the worker's batch writes), what comes back unprocessed sent again: the bare rate.
 * 3. In a new DynamoDB Local, puts the file in the files bucket, as POST /imports/uploads would, and runs
 *    the import worker on it in a process of its own (a new Lambda instance): items per second and the
 *    process's peak memory, beside its peak memory on a file a twentieth the size, imported after it. Target: the import ≥ 70 % of the bare rate.
 */
import { randomUUID } from 'node:crypto';
import type { DataFile } from '@cpbo/schemas/data-files.ts';
import { startAwsSubstitutes } from '../aws-substitutes.ts';
import { localFilesBucket } from '../aws-environment.ts';
import { bareRate } from './bare-writes.ts';
import { benchEnablerFile } from './bench-enabler.ts';
import { recordBench } from './results.ts';
import { runWorkerProcess } from './worker-process.ts';

const MEMBERS = Number(process.env.BENCH_IMPORT_MEMBERS ?? 10_000);
const PLOTS = 2;
const CONTRIBUTIONS = 10;
/** As the worker (functions/src/data/jobs/data-import.ts): BatchWriteItem requests in flight. */
const WRITERS = 32;
/** BatchWriteItem's most items per request. */
const BATCH = 25;

const benchFile = (count: number): DataFile =>
  benchEnablerFile({ members: count, plotsPerMember: PLOTS, contributionsPerMember: CONTRIBUTIONS });

const main = async () => {
  const { importedMemberItems } = await import('@cpbo/functions/data/jobs/data-files.ts');
  const itemsOf = (file: DataFile) => {
    const enabler = file[0] as DataFile[number];
    return enabler.members.flatMap((member) => {
      const built = importedMemberItems(member, enabler._id, 'bench@example.org', new Date().toISOString());
      return [...built.claims, ...built.recordIdClaims, ...built.records, built.profile];
    });
  };
  const file = benchFile(MEMBERS);
  const items = itemsOf(file);
  console.log(
    `[bench] ${MEMBERS} members, ${MEMBERS * PLOTS} plots, ${MEMBERS * CONTRIBUTIONS} contributions: ` +
      `${items.length} items, a file of ${(JSON.stringify(file).length / 1_048_576).toFixed(1)} MB`,
  );
  /*
   * Each run in a DynamoDB Local of its own, into the table it starts with: writes to a table with a
   * stream slow down several times over once another table's stream has records (seen on DynamoDB
   * Local 2.x, not on AWS), which would make the order of the runs decide the result.
   */
  const bare = await bareRate(items, { batch: BATCH, writers: WRITERS });

  const substitutes = await startAwsSubstitutes({ inMemory: true });
  try {
    Object.assign(process.env, substitutes.environment, {
      LOG_LEVEL: 'warn',
      POWERTOOLS_METRICS_DISABLED: 'true',
    });
    // Imported once the environment is set: the functions read it.
    const { putS3Object } = await import('@cpbo/functions/platform/s3.ts');
    const { createDataJob, getDataJob } = await import('@cpbo/functions/data/jobs/data-jobs.ts');
    /** Imports a bench file with the worker in a process of its own. */
    const importRun = async (imported: DataFile) => {
      const text = JSON.stringify(imported);
      const enabler = imported[0] as DataFile[number];
      const jobId = randomUUID();
      const fileKey = `imports/uploads/${jobId}.json`;
      await putS3Object(localFilesBucket, fileKey, text);
      await createDataJob({
        id: jobId,
        kind: 'IMPORT_ALL',
        enablerId: enabler._id,
        createdBy: 'bench@example.org',
        fileKey,
      });
      const run = await runWorkerProcess('import', { jobId });
      const job = await getDataJob(jobId);
      if (job?.state !== 'DONE' || job.done !== enabler.members.length || job.errorCount !== 0)
        throw new Error(`The import did not complete: ${JSON.stringify(job)}`);
      return { ...run, megabytes: text.length / 1_048_576 };
    };

    const run = await importRun(file);
    // The worker's memory on a file a twentieth the size, beside the full one's: it must not grow with the file.
    const smallMembers = Math.max(100, Math.round(MEMBERS / 20));
    const small = await importRun(benchFile(smallMembers));
    const importRate = items.length / (run.ms / 1000);
    console.log(
      `[bench] import worker: ${(run.ms / 1000).toFixed(1)} s, ${Math.round(importRate)} items/s, peak RSS ${run.peakRssMb} MB, ` +
        `${run.deliveries} deliveries (small file: ${small.deliveries})`,
    );
    console.log(
      `[bench] worker peak RSS: ${small.peakRssMb} MB for ${smallMembers} members (a ${small.megabytes.toFixed(1)} MB file), ` +
        `${run.peakRssMb} MB for ${MEMBERS} members (a ${run.megabytes.toFixed(1)} MB file)`,
    );
    console.log(`[bench] import / bare: ${Math.round((importRate / bare) * 100)} % (target ≥ 70 %)`);
    recordBench('import', { members: MEMBERS, items: items.length }, [
      {
        name: `import of ${MEMBERS} members (${items.length} items)`,
        value: importRate,
        unit: 'items/s',
        reference: { name: 'bare BatchWriteItem loop', value: bare, unit: 'items/s' },
        target: { op: '≥', value: 0.7, timesReference: true },
      },
      {
        name: `import worker's peak memory, ${MEMBERS} members`,
        value: run.peakRssMb,
        unit: 'MB',
        reference: { name: `${smallMembers} members`, value: small.peakRssMb, unit: 'MB' },
      },
    ]);
  } finally {
    await substitutes.stop();
  }
};

await main();
