/**
 * npm run bench:admin-lists — the administrators' tables of plots, contributions, payouts and cashouts
 * of one enabler at the issue's sizes, on DynamoDB Local and s3rver.
 *
 * 1. Seeds one enabler with BENCH_ADMIN_MEMBERS members (100 000), BENCH_ADMIN_PLOTS plots (200 000),
 *    BENCH_ADMIN_CONTRIBUTIONS contributions (500 000), BENCH_ADMIN_PAYOUTS payouts and
 *    BENCH_ADMIN_CASHOUTS cashouts (100 000 each), in batched writes, each item under a change instant
 *    of the past year; then builds the four lists' snapshots as the lists worker does (a
 *    full read of the table), the contributions' one in a process of its own for its memory.
 * 2. Changes records after the snapshots (creations, removals, renamed members), so that a new
 *    instance has a real catch-up to do.
 * 3. Cold: new processes, each a new instance of the contributions function, time their first answer
 *    (target ≤ 1.5 s) and report their memory against the function's.
 * 4. Warm: for each list, the p50 of page 1 sorted by amount (largest first), of page 1 000 sorted by
 *    member name, and of a member's records in a date range, through the handler, beside the p50 of a
 *    bare one-page DynamoDB Query on the same table (target ≤ 2×).
 * 5. Checks each list's count and total against a scan of the table.
 * 6. Past what DynamoDB Local can be seeded with in a bench's time, the contributions list alone at
 *    BENCH_ADMIN_ENGINE_SIZES (1, 2 and 5 million; empty: none) in the same enabler: the worker's
 *    rebuild fed synthetic records (admin-lists-synthetic.ts) instead of its read of the table, in a
 *    process of its own, writing the snapshot to the bucket; then new instances loading it (the
 *    catch-up reads the real table), and warm pages beside the same bare Query of the 500 000 table.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  BatchWriteCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
  type ScanCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { httpApiEvent, lambdaContext } from '@cpbo/events/http-api-event.ts';
import { adminLists, type AdminList } from '@cpbo/schemas/admin-list-query.ts';
import { isoDateOf } from '@cpbo/schemas/coverage-dates.ts';
import {
  LIST_IN_MEMORY_MB,
  LISTS_WORKER_HEAP_MB,
  MEMBER_SNAPSHOT_MEMORY_MB,
  workerTimeout,
} from '../../lib/backend-functions.ts';
import { localTableName } from '../aws-environment.ts';
import { coldFigure, coldLine, percentile, seconds, warmFigure } from './bench-figures.ts';
import { benchSignIn, startBenchStores, writeInBatches } from './bench-setup.ts';
import { recordBench, type BenchFigure } from './results.ts';
import { SYNTHETIC_MEMBERS, syntheticMemberId } from './admin-lists-synthetic.ts';

const size = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const MEMBERS = size('BENCH_ADMIN_MEMBERS', 100_000);
const PLOTS = size('BENCH_ADMIN_PLOTS', 200_000);
const CONTRIBUTIONS = size('BENCH_ADMIN_CONTRIBUTIONS', 500_000);
const PAYOUTS = size('BENCH_ADMIN_PAYOUTS', 100_000);
const CASHOUTS = size('BENCH_ADMIN_CASHOUTS', 100_000);
const MEASURED_CALLS = size('BENCH_CALLS', 200);
const COLD_RUNS = size('BENCH_COLD_RUNS', 3);
const ENGINE_SIZES = (process.env.BENCH_ADMIN_ENGINE_SIZES ?? '1000000,2000000,5000000')
  .split(',')
  .filter((value) => value.trim() !== '')
  .map(Number);
/** The worker's memory and time limits, and the targets past 500 000. */
const WORKER_MEMORY_MB = MEMBER_SNAPSHOT_MEMORY_MB;
const WORKER_TIMEOUT_S = workerTimeout('lists').toSeconds();
/** A quarter of the worker's memory to spare. */
const REBUILD_PEAK_TARGET_MB = 1536;
const LARGE_FIRST_ANSWER_MS = 2000;
const LARGE_RESIDENT_MB = 1536;
/** Changes made after the snapshots: contributions created and removed, members renamed. */
const AFTER_SNAPSHOT = { created: 100, removed: 20, renamed: 50 };
/** The memory of each list function (infra/lib/backend-functions.ts LIST_IN_MEMORY_MB). */
const FUNCTION_MEMORY_MB = LIST_IN_MEMORY_MB;
const WRITERS = 8;
const YEAR_MS = 365 * 86_400_000;

const firstNames = ['Awa', 'Moussa', 'Fatou', 'Ibrahima', 'Aïssatou', 'Mamadou', 'Khady', 'Ousmane', 'Ndèye'];
const lastNames = ['Diop', 'Ndiaye', 'Sarr', 'Fall', 'Ba', 'Sène', 'Faye', 'Gueye', 'Diouf', 'Cissé'];
const agents = ['ada@example.org', 'bob@example.org', 'chloe@example.org', 'demba@example.org'];

const instanceScript = fileURLToPath(new URL('./admin-lists-instance.ts', import.meta.url));

/** Runs one new instance in a process of its own; answers the JSON line it printed. */
const instance = async <Result>(env: Record<string, string>): Promise<Result> => {
  // The worker's rebuilds have its heap; a list function's heap is past its memory, so that a size
  // that outgrows it is measured, not crashed.
  const heapMb = env.BENCH_MODE === 'cold' ? 8192 : LISTS_WORKER_HEAP_MB;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--expose-gc', `--max-old-space-size=${heapMb}`, instanceScript],
    {
      env: { ...process.env, ...env },
      maxBuffer: 1 << 20,
    },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) as string) as Result;
};

const main = async () => {
  const { substitutes, client } = await startBenchStores();
  try {
    const { memberItem } = await import('@cpbo/functions/data/members/member-items.ts');
    const { plotItem } = await import('@cpbo/functions/data/members/plot-items.ts');
    const { newMemberFields, newPlotFields } = await import('@cpbo/functions/testing/member-fixtures.ts');
    const { moneyItem } = await import('@cpbo/functions/data/money/money-items.ts');
    const { changeKey } = await import('@cpbo/functions/data/members/member-keys.ts');
    const { recordTombstoneItem } = await import('@cpbo/functions/data/lists/record-timeline.ts');
    const { refreshRecordSnapshot } = await import('@cpbo/functions/data/lists/record-directory.ts');
    const { createEnabler } = await import('@cpbo/functions/data/enablers/enablers.ts');

    const enabler = await createEnabler({ name: 'Bench lists', logo: 'data:,', banner: 'data:,' }, 'bench');
    const enablerId = enabler.id;
    const now = Date.now();
    /** A change instant of the past year, spread so that a full read cuts the timelines into slices. */
    const changedAt = (index: number) => new Date(now - YEAR_MS + ((index * 7919) % YEAR_MS)).toISOString();
    const dayOf = (index: number, days: number) => isoDateOf(new Date(now - (index % days) * 86_400_000));

    const memberIds = Array.from({ length: MEMBERS }, () => randomUUID());
    const plotIds = Array.from({ length: PLOTS }, () => randomUUID());
    const plotOf = (index: number) => index % PLOTS;
    /** A plot's member: plots go round the members, so each member has PLOTS / MEMBERS of them. */
    const memberOfPlot = (plot: number) => memberIds[plot % MEMBERS] as string;
    const ownerOf = (plot: number) => ({ id: memberOfPlot(plot), enablerId, federation: null });

    function* items() {
      for (let index = 0; index < MEMBERS; index += 1)
        yield memberItem(
          newMemberFields(enablerId, {
            name: `${firstNames[index % firstNames.length]} ${lastNames[Math.floor(index / 9) % lastNames.length]} ${index}`,
            village: `Village ${index % 97}`,
            number: `M-${index}`,
            onboardingDate: dayOf(index, 700),
          }),
          memberIds[index] as string,
          changedAt(index),
        );
      for (let index = 0; index < PLOTS; index += 1) {
        const start = dayOf(index, 500);
        yield plotItem(
          newPlotFields(
            { id: memberOfPlot(index), enablerId },
            {
              name: `Field ${index % 13}`,
              latitude: 12 + (index % 500) / 100,
              longitude: -16 + (index % 300) / 100,
              cropDescription: index % 3 ? 'Millet' : null,
              isIrrigated: index % 4 ? null : true,
              droughtMonthlyContribCents: 500 + (index % 20) * 50,
              startCoverageDate: start,
              endOfSeasonDate: start,
              endCoverageDate: start,
            },
          ),
          plotIds[index] as string,
          changedAt(index + 1),
        );
      }
      for (let index = 0; index < CONTRIBUTIONS; index += 1) {
        const plot = plotOf(index * 7);
        const date = `${dayOf(index, 730)}T10:00:00.000Z`;
        yield moneyItem(
          'CONTRIBUTION',
          ownerOf(plot),
          date,
          {
            plotId: plotIds[plot],
            plotName: `Field ${plot % 13}`,
            amountCents: 100 + ((index * 37) % 5000),
            protectionType: index % 10 ? 'DROUGHT' : 'EXCESS_RAIN',
            contributionDate: date,
          },
          agents[index % agents.length] as string,
          changedAt(index + 2),
        );
      }
      for (let index = 0; index < PAYOUTS; index += 1) {
        const plot = plotOf(index * 11);
        const day = dayOf(index, 365);
        yield moneyItem(
          'PAYOUT',
          ownerOf(plot),
          day,
          {
            plotId: plotIds[plot],
            plotName: `Field ${plot % 13}`,
            amountCents: 1000 + ((index * 53) % 90_000),
            assessmentId: `ASSESS-${index % 40}`,
            assessmentDate: day,
            payoutDate: day,
          },
          agents[index % agents.length] as string,
          changedAt(index + 3),
        );
      }
      for (let index = 0; index < CASHOUTS; index += 1) {
        const date = `${dayOf(index, 365)}T09:00:00.000Z`;
        yield moneyItem(
          'CASHOUT',
          { id: memberIds[index % MEMBERS] as string, enablerId, federation: null },
          date,
          { amountCents: 500 + ((index * 29) % 20_000), cashoutDate: date },
          agents[index % agents.length] as string,
          changedAt(index + 4),
        );
      }
    }

    let started = performance.now();
    const written = await writeInBatches(client, items(), WRITERS, (count) => {
      if (count % 100_000 < 25)
        console.log(`[bench] ${count} items written (${seconds(performance.now() - started)})`);
    });
    console.log(
      `seeded ${MEMBERS} members, ${PLOTS} plots, ${CONTRIBUTIONS} contributions, ${PAYOUTS} payouts, ` +
        `${CASHOUTS} cashouts (${written} items) in ${seconds(performance.now() - started)}`,
    );

    // The snapshots, as the worker builds them: the contributions' in a process of its own.
    const environment = { BENCH_ENABLER: enablerId };
    const rebuild = await instance<{
      ms: number;
      rows: number;
      bytes: number;
      peakRssMb: number;
      heapMb: number;
    }>({
      ...environment,
      BENCH_MODE: 'rebuild',
    });
    console.log(
      `snapshot contributions: built from the table in ${seconds(rebuild.ms)}, ${rebuild.rows} rows, ` +
        `${(rebuild.bytes / 1_048_576).toFixed(1)} MB compressed, worker peak resident ${rebuild.peakRssMb} MB`,
    );
    for (const list of adminLists.filter((name) => name !== 'contributions')) {
      started = performance.now();
      const built = await refreshRecordSnapshot(list, enablerId);
      console.log(
        `snapshot ${list}: built from the table in ${seconds(performance.now() - started)}, ${built.rows} rows, ` +
          `${(built.bytes / 1_048_576).toFixed(1)} MB compressed`,
      );
    }

    // Changes after the snapshots: created and removed contributions, renamed members.
    started = performance.now();
    const at = () => new Date().toISOString();
    const created = Array.from({ length: AFTER_SNAPSHOT.created }, (_, index) => {
      const date = `${isoDateOf(new Date())}T08:00:00.000Z`;
      return moneyItem(
        'CONTRIBUTION',
        ownerOf(index),
        date,
        {
          plotId: plotIds[index],
          plotName: `Field ${index % 13}`,
          amountCents: 777,
          protectionType: 'DROUGHT',
          contributionDate: date,
        },
        'late@example.org',
        at(),
      );
    });
    for (const item of created)
      await client.send(
        new BatchWriteCommand({ RequestItems: { [localTableName]: [{ PutRequest: { Item: item } }] } }),
      );
    for (const item of created.slice(0, AFTER_SNAPSHOT.removed)) {
      const removedAt = at();
      await client.send(
        new TransactWriteCommand({
          TransactItems: [
            { Delete: { TableName: localTableName, Key: { pk: item.pk, sk: item.sk } } },
            {
              Put: {
                TableName: localTableName,
                Item: recordTombstoneItem('CONTRIBUTION', enablerId, item.id, removedAt),
              },
            },
          ],
        }),
      );
    }
    for (const memberId of memberIds.slice(0, AFTER_SNAPSHOT.renamed)) {
      const renamedAt = at();
      await client.send(
        new UpdateCommand({
          TableName: localTableName,
          Key: { pk: `MEMBER#${memberId}`, sk: 'PROFILE' },
          UpdateExpression: 'SET #name = :name, updatedAt = :at, gsi1sk = :key',
          ExpressionAttributeNames: { '#name': 'name' },
          ExpressionAttributeValues: {
            ':name': `Renamed ${memberId.slice(0, 6)}`,
            ':at': renamedAt,
            ':key': changeKey(renamedAt, memberId),
          },
        }),
      );
    }
    const lastChangeAt = Date.now();
    console.log(
      `after the snapshots: ${AFTER_SNAPSHOT.created} contributions created, ${AFTER_SNAPSHOT.removed} removed, ` +
        `${AFTER_SNAPSHOT.renamed} members renamed (${seconds(performance.now() - started)})`,
    );

    // The truth: one scan of the table, counting and summing each kind. In many short segments, a few
    // at a time: DynamoDB Local slows down page after page of a long scan (8 segments of a million
    // items had not ended after 30 minutes).
    started = performance.now();
    const truth = new Map<string, { count: number; cents: number }>();
    const segments = 512;
    let nextSegment = 0;
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        for (let segment = nextSegment++; segment < segments; segment = nextSegment++) {
          let startKey: Record<string, unknown> | undefined;
          do {
            const page: ScanCommandOutput = await client.send(
              new ScanCommand({
                TableName: localTableName,
                Segment: segment,
                TotalSegments: segments,
                FilterExpression: 'enablerId = :enabler',
                ExpressionAttributeValues: { ':enabler': enablerId },
                ProjectionExpression: 'entityType, amountCents',
                ExclusiveStartKey: startKey,
              }),
            );
            for (const item of page.Items ?? []) {
              const held = truth.get(item.entityType as string) ?? { count: 0, cents: 0 };
              held.count += 1;
              held.cents += (item.amountCents as number | undefined) ?? 0;
              truth.set(item.entityType as string, held);
            }
            startKey = page.LastEvaluatedKey;
          } while (startKey);
        }
      }),
    );
    console.log(`scan of the table: ${seconds(performance.now() - started)}`);

    const token = await benchSignIn('bench-admin@example.org', 'ADMIN', enablerId);

    const figures: BenchFigure[] = [];
    const lines: string[] = [];

    // Cold: new instances of the contributions function.
    const runs: {
      firstMs: number;
      moduleMs: number;
      secondMs: number;
      count: number;
      totalAmount: number;
      heapMb: number;
      rssMb: number;
      peakRssMb: number;
    }[] = [];
    for (let run = 0; run < COLD_RUNS; run += 1)
      runs.push(await instance({ ...environment, BENCH_TOKEN: token, BENCH_MODE: 'cold' }));
    const expected = truth.get('CONTRIBUTION') ?? { count: 0, cents: 0 };
    for (const run of runs)
      if (run.count !== expected.count || Math.round(run.totalAmount * 100) !== expected.cents)
        throw new Error(
          `A new instance counted ${run.count} (${run.totalAmount}), the scan ${expected.count} (${expected.cents / 100})`,
        );
    const cold = percentile(
      runs.map((run) => run.firstMs),
      50,
    );
    const heaviest = runs.reduce((a, b) => (a.peakRssMb > b.peakRssMb ? a : b));
    lines.push(
      coldLine('cold contributions', runs),
      `memory: a new instance of the contributions function: heap ${heaviest.heapMb} MB, resident ${heaviest.rssMb} MB, peak resident ${heaviest.peakRssMb} MB ` +
        `of ${FUNCTION_MEMORY_MB} MB; the worker's rebuild: heap ${rebuild.heapMb} MB, peak resident ${rebuild.peakRssMb} MB`,
    );
    figures.push(
      coldFigure(
        `cold first answer, ${CONTRIBUTIONS} contributions`,
        cold,
        runs.map((run) => run.moduleMs),
        1500,
      ),
      {
        name: `peak resident memory of a new contributions instance`,
        value: heaviest.peakRssMb,
        unit: 'MB',
        target: { op: '≤', value: FUNCTION_MEMORY_MB },
      },
      {
        name: 'peak resident memory of the contributions snapshot rebuild',
        value: rebuild.peakRssMb,
        unit: 'MB',
      },
    );

    // Warm: each list, the three shapes, beside a bare one-page Query.
    const handlers = {
      plots: (await import('@cpbo/functions/http/admin-plots/handler.ts')).handler,
      contributions: (await import('@cpbo/functions/http/admin-contributions/handler.ts')).handler,
      payouts: (await import('@cpbo/functions/http/admin-payouts/handler.ts')).handler,
      cashouts: (await import('@cpbo/functions/http/admin-cashouts/handler.ts')).handler,
    };
    const call = async (list: AdminList, query: Record<string, string>) => {
      const before = performance.now();
      const result = await handlers[list](
        httpApiEvent({
          method: 'GET',
          path: `/api/admin/${list}`,
          headers: { authorization: `Bearer ${token}` },
          query,
        }),
        lambdaContext(`admin-${list}`, 120_000),
      );
      const elapsed = performance.now() - before;
      if (result.statusCode !== 200) throw new Error(`${list} answered ${result.statusCode}: ${result.body}`);
      return { elapsed, body: JSON.parse(result.body ?? '{}') as { count: number; totalAmount?: number } };
    };
    const bareQuery = () =>
      client.send(
        new QueryCommand({
          TableName: localTableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :records',
          ExpressionAttributeValues: { ':records': `ENABLER#${enablerId}#CONTRIB` },
          Limit: 10,
        }),
      );
    const entityTypes: Record<AdminList, string> = {
      plots: 'PLOT',
      contributions: 'CONTRIBUTION',
      payouts: 'PAYOUT',
      cashouts: 'CASHOUT',
    };
    const member = memberIds[MEMBERS - 1] as string;
    const shapes = (list: AdminList): [string, Record<string, string>][] => [
      [
        'page 1 by amount, largest first',
        {
          page: '1',
          pageSize: '10',
          [list === 'plots' ? 'sort:droughtMonthlyContrib' : 'sort:amount']: 'desc',
        },
      ],
      ['page 1 000 by member name', { page: '1000', pageSize: '10', 'sort:memberName': 'asc' }],
      [
        'a member in a date range',
        {
          page: '1',
          pageSize: '10',
          'filter:memberId': member,
          'filter:from': dayOf(600, 730),
          'filter:to': dayOf(0, 730),
        },
      ],
    ];
    for (const list of adminLists) {
      // The count and total of the whole list, against the scan.
      const whole = (await call(list, { page: '1', pageSize: '10' })).body;
      const scanned = truth.get(entityTypes[list]) ?? { count: 0, cents: 0 };
      const totalMatches = list === 'plots' || Math.round((whole.totalAmount ?? 0) * 100) === scanned.cents;
      lines.push(
        `${list}: count ${whole.count} against ${scanned.count} scanned` +
          (list === 'plots' ? '' : `, total ${whole.totalAmount} against ${scanned.cents / 100}`) +
          (whole.count === scanned.count && totalMatches ? ' (equal)' : ' (DIFFERENT)'),
      );
      if (whole.count !== scanned.count || !totalMatches)
        throw new Error(`The ${list} list's count or total differs from the scan`);
      for (const [, query] of shapes(list)) for (let i = 0; i < 5; i += 1) await call(list, query);
    }
    for (let i = 0; i < 20; i += 1) await bareQuery();
    const queryTimes: number[] = [];
    const listTimes = new Map<string, number[]>();
    for (let i = 0; i < MEASURED_CALLS; i += 1) {
      const before = performance.now();
      await bareQuery();
      queryTimes.push(performance.now() - before);
      for (const list of adminLists)
        for (const [shape, query] of shapes(list)) {
          const key = `${list}|${shape}`;
          listTimes.set(key, [...(listTimes.get(key) ?? []), (await call(list, query)).elapsed]);
        }
    }
    const queryP50 = percentile(queryTimes, 50);

    // Past 500 000: the contributions list of synthetic records, the engine's part of each figure.
    const { forgetRecordDirectories } = await import('@cpbo/functions/data/lists/record-directory.ts');
    const largeLines: string[] = [];
    const { CATCH_UP_OVERLAP_MS } = await import('@cpbo/functions/data/lists/directories.ts');
    for (const count of ENGINE_SIZES) {
      const label = `${count} contributions (synthetic)`;
      // A new instance catches up from the snapshot's instant less an overlap: the table's own changes
      // must be older, or they would be counted beside the synthetic records.
      const wait = lastChangeAt + CATCH_UP_OVERLAP_MS + 1000 - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const built = await instance<{
        ms: number;
        makingMs: number;
        builtMs: number;
        rows: number;
        totalCents: number;
        bytes: number;
        peakRssMb: number;
        heapMb: number;
      }>({ ...environment, BENCH_MODE: 'synthetic', BENCH_SIZE: String(count) });
      if (built.rows !== count) throw new Error(`The synthetic rebuild held ${built.rows} of ${count}`);
      const largeRuns: typeof runs = [];
      for (let run = 0; run < COLD_RUNS; run += 1)
        largeRuns.push(await instance({ ...environment, BENCH_TOKEN: token, BENCH_MODE: 'cold' }));
      for (const run of largeRuns)
        if (run.count !== count || Math.round(run.totalAmount * 100) !== built.totalCents)
          throw new Error(
            `A new instance counted ${run.count} (${run.totalAmount}), the synthetic rebuild ${count} (${built.totalCents / 100})`,
          );
      forgetRecordDirectories();
      const largeShapes: [string, Record<string, string>][] = [
        ['page 1 by amount, largest first', { page: '1', pageSize: '10', 'sort:amount': 'desc' }],
        ['page 1 000 by member name', { page: '1000', pageSize: '10', 'sort:memberName': 'asc' }],
        [
          'a member in a date range',
          {
            page: '1',
            pageSize: '10',
            'filter:memberId': syntheticMemberId(SYNTHETIC_MEMBERS - 1),
            'filter:from': dayOf(600, 730),
            'filter:to': dayOf(0, 730),
          },
        ],
      ];
      for (const [, query] of largeShapes) for (let i = 0; i < 5; i += 1) await call('contributions', query);
      const bareTimes: number[] = [];
      const shapeTimes = largeShapes.map((): number[] => []);
      for (let i = 0; i < MEASURED_CALLS; i += 1) {
        const before = performance.now();
        await bareQuery();
        bareTimes.push(performance.now() - before);
        for (const [position, [, query]] of largeShapes.entries())
          shapeTimes[position]?.push((await call('contributions', query)).elapsed);
      }
      forgetRecordDirectories();
      const bareP50 = percentile(bareTimes, 50);
      const largeCold = percentile(
        largeRuns.map((run) => run.firstMs),
        50,
      );
      const heaviestLarge = largeRuns.reduce((a, b) => (a.peakRssMb > b.peakRssMb ? a : b));
      largeLines.push(
        '',
        `${label}: snapshot rebuilt in ${seconds(built.ms)} (of which ${seconds(built.makingMs)} making the synthetic items, ` +
          `${seconds(built.builtMs - built.makingMs)} building the list, ${seconds(built.ms - built.builtMs)} writing the snapshot; ` +
          `the worker's limit ${WORKER_TIMEOUT_S} s, its read of the table not included), ${(built.bytes / 1_048_576).toFixed(1)} MB compressed, ` +
          `peak resident ${built.peakRssMb} MB of the worker's ${WORKER_MEMORY_MB} MB (heap after ${built.heapMb} MB)`,
        coldLine(`${label}, cold contributions`, largeRuns),
        `${label}: a new instance: heap ${heaviestLarge.heapMb} MB, resident ${heaviestLarge.rssMb} MB, peak resident ${heaviestLarge.peakRssMb} MB of ${FUNCTION_MEMORY_MB} MB`,
        `| ${label}, warm call (${MEASURED_CALLS} calls each, interleaved) | p50 ms | p95 ms | p50 / bare Query |`,
        '|---|---|---|---|',
        `| bare DynamoDB Query, one page of 10 (the 500 000 table's) | ${bareP50.toFixed(2)} | ${percentile(bareTimes, 95).toFixed(2)} | 1.00 |`,
        ...largeShapes.map(([shape], position) => {
          const times = shapeTimes[position] as number[];
          const p50 = percentile(times, 50);
          figures.push(
            warmFigure(`warm GET /admin/contributions p50 at ${label}, ${shape}`, p50, bareP50, 2),
          );
          return `| GET /admin/contributions, ${shape} | ${p50.toFixed(2)} | ${percentile(times, 95).toFixed(2)} | ${(p50 / bareP50).toFixed(2)} |`;
        }),
      );
      figures.push(
        coldFigure(
          `cold first answer, ${label}`,
          largeCold,
          largeRuns.map((run) => run.moduleMs),
          LARGE_FIRST_ANSWER_MS,
        ),
        {
          name: `peak resident memory of a new contributions instance, ${label}`,
          value: heaviestLarge.peakRssMb,
          unit: 'MB',
          target: { op: '≤', value: LARGE_RESIDENT_MB },
        },
        {
          name: `peak resident memory of the contributions snapshot rebuild, ${label}`,
          value: built.peakRssMb,
          unit: 'MB',
          target: { op: '≤', value: REBUILD_PEAK_TARGET_MB },
        },
        { name: `contributions snapshot rebuild, ${label}`, value: built.ms, unit: 'ms' },
      );
    }
    console.log('');
    console.log(
      `| warm call (${MEASURED_CALLS} calls each, interleaved) | p50 ms | p95 ms | p50 / bare Query |`,
    );
    console.log('|---|---|---|---|');
    console.log(
      `| bare DynamoDB Query, one page of 10 | ${queryP50.toFixed(2)} | ${percentile(queryTimes, 95).toFixed(2)} | 1.00 |`,
    );
    for (const list of adminLists)
      for (const [shape] of shapes(list)) {
        const times = listTimes.get(`${list}|${shape}`) as number[];
        const p50 = percentile(times, 50);
        console.log(
          `| GET /admin/${list}, ${shape} | ${p50.toFixed(2)} | ${percentile(times, 95).toFixed(2)} | ${(p50 / queryP50).toFixed(2)} |`,
        );
        figures.push(warmFigure(`warm GET /admin/${list} p50, ${shape}`, p50, queryP50, 2));
      }
    console.log('');
    for (const line of lines) console.log(line);
    for (const line of largeLines) console.log(line);
    recordBench(
      'admin-lists',
      {
        members: MEMBERS,
        plots: PLOTS,
        contributions: CONTRIBUTIONS,
        payouts: PAYOUTS,
        cashouts: CASHOUTS,
        engineSizes: ENGINE_SIZES.join(','),
        calls: MEASURED_CALLS,
        coldRuns: COLD_RUNS,
      },
      figures,
    );
    client.destroy();
  } finally {
    await substitutes.stop();
  }
};

await main();
