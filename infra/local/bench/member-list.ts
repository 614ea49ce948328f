/**
 * npm run bench:members — the member list at 50 000 and 500 000 members, on DynamoDB Local and s3rver.
 *
 * 1. Seeds two enablers (BENCH_MEMBERS, default 50 000, and BENCH_LARGE_MEMBERS, default 500 000;
 *    0 skips the large one) with batched writes, and builds each enabler's snapshot as the
 *    lists worker does (a full read of the table).
 * 2. Changes members after the snapshots (creations, changes, removals), so a new instance has a real
 *    catch-up to do, as in production where the snapshot trails the table by a few seconds.
 * 3. Cold: starts new processes, each a new Lambda instance of the members function, and times the
 *    first answer of each (`cold <members>: … ms`), with its memory.
 * 4. Warm: the p50/p95 of list calls through the handler (sorted, filtered, searched) beside the p50
 *    of a bare one-page DynamoDB Query on the same table, made in turns after WARM_UP_TURNS unmeasured turns of
 *    both, and their ratio (target ≤ 1.5, issue 42).
 *    A catch-up reads again every change of the last CATCH_UP_OVERLAP_MS (data/lists/directories.ts),
 *    so calls that soon after the changes of step 2 are timed apart (`just after the changes`), and the
 *    warm calls start once those changes are out of that window, as they are between bursts of writes.
 */
import { execFile } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  BatchWriteCommand,
  QueryCommand,
  type DynamoDBDocumentClient,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { httpApiEvent, lambdaContext } from '@cpbo/events/http-api-event.ts';
import { localTableName } from '../aws-environment.ts';
import { coldFigure, coldLine, percentile, seconds, warmFigure } from './bench-figures.ts';
import { benchSignIn, startBenchStores } from './bench-setup.ts';
import { recordBench, type BenchFigure } from './results.ts';
import { sahelFirstNames, sahelLastNames } from '../seed/sahel-names.ts';

const SMALL = Number(process.env.BENCH_MEMBERS ?? 50_000);
const LARGE = Number(process.env.BENCH_LARGE_MEMBERS ?? 500_000);
const MEASURED_CALLS = Number(process.env.BENCH_CALLS ?? 300);
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 3);
/** Unmeasured calls of each kind, in turns, before the warm ones. */
const WARM_UP_TURNS = 300;
/** Changes made after each snapshot: members created, members changed (a plot added), members removed. */
const AFTER_SNAPSHOT = { created: 100, changed: 100, removed: 20 };
const WRITERS = 8;

const federations = ['Kaolack', 'Thiès', 'Fatick', 'Louga', null];

const memberItem = (enablerId: string, index: number, now: number) => {
  const id = randomUUID();
  // Members were onboarded and last changed over the past year, as in a real enabler.
  const updatedAt = new Date(
    now - ((index * 7919) % 365) * 86_400_000 - (index % 86_400) * 1000,
  ).toISOString();
  const lastContribution =
    index % 5 === 0 ? null : new Date(now - (index % 400) * 86_400_000).toISOString().slice(0, 10);
  return {
    pk: `MEMBER#${id}`,
    sk: 'PROFILE',
    entityType: 'MEMBER',
    gsi1pk: `ENABLER#${enablerId}#MEMBER`,
    gsi1sk: `${updatedAt}#${id}`,
    id,
    enablerId,
    name: `${sahelFirstNames[index % 10]} ${sahelLastNames[Math.floor(index / 10) % 10]} ${index}`,
    village: `Village ${index % 97}`,
    number: `M-${String(index).padStart(6, '0')}`,
    federation: federations[index % federations.length] ?? undefined,
    onboardingDate: updatedAt.slice(0, 10),
    contributionTotalCents: (index % 37) * 1500,
    payoutTotalCents: (index % 11) * 2000,
    cashoutTotalCents: 0,
    cashoutBalanceCents: (index % 11) * 2000,
    plotCount: index % 4,
    lastContributionDate: lastContribution ?? undefined,
    lastPayoutDate:
      index % 11 ? new Date(now - (index % 300) * 86_400_000).toISOString().slice(0, 10) : undefined,
    createdAt: updatedAt,
    updatedAt,
  };
};

/** Writes `count` members, 25 per BatchWriteItem, WRITERS requests at a time; returns their ids. */
const seed = async (client: DynamoDBDocumentClient, enablerId: string, count: number) => {
  const now = Date.now();
  const ids: string[] = [];
  let next = 0;
  const writer = async () => {
    while (next < count) {
      const batch = [];
      for (let i = 0; i < 25 && next < count; i += 1, next += 1) batch.push(memberItem(enablerId, next, now));
      ids.push(...batch.map((item) => item.id));
      let requests: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = {
        [localTableName]: batch.map((Item) => ({ PutRequest: { Item } })),
      };
      while (requests && Object.keys(requests).length) {
        const result = await client.send(new BatchWriteCommand({ RequestItems: requests }));
        requests = result.UnprocessedItems as typeof requests;
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
  return ids;
};

const coldScript = fileURLToPath(new URL('./member-list-cold.ts', import.meta.url));

interface ColdRun {
  moduleMs: number;
  firstMs: number;
  secondMs: number;
  count: number;
  heapMb: number;
  rssMb: number;
  peakRssMb: number;
}

/** The first answers of new instances, each in a new process. */
const coldRuns = async (enablerId: string, token: string): Promise<ColdRun[]> => {
  const runs: ColdRun[] = [];
  for (let run = 0; run < COLD_RUNS; run += 1) {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--expose-gc', coldScript],
      { env: { ...process.env, BENCH_ENABLER: enablerId, BENCH_TOKEN: token }, maxBuffer: 1 << 20 },
    );
    runs.push(JSON.parse(stdout.trim().split('\n').at(-1) as string) as ColdRun);
  }
  return runs;
};

const main = async () => {
  const { substitutes, client } = await startBenchStores();
  try {
    const { refreshMemberSnapshot, memberDirectory } =
      await import('@cpbo/functions/data/lists/member-directory.ts');
    const { createMember } = await import('@cpbo/functions/data/members/members.ts');
    const { createPlot } = await import('@cpbo/functions/data/members/plots.ts');
    const { newMemberFields, newPlotFields } = await import('@cpbo/functions/testing/member-fixtures.ts');
    const { memberTombstoneItem } = await import('@cpbo/functions/data/lists/member-timeline.ts');
    const { createEnabler } = await import('@cpbo/functions/data/enablers/enablers.ts');

    const sizes = [SMALL, LARGE].filter((size) => size > 0);
    const enablers: {
      size: number;
      enablerId: string;
      token: string;
      expected: number;
      changedAt: number;
    }[] = [];
    for (const size of sizes) {
      const enabler = await createEnabler(
        { name: `Bench ${size}`, logo: 'data:,', banner: 'data:,' },
        'bench',
      );
      let started = performance.now();
      const ids = await seed(client, enabler.id, size);
      console.log(`seeded ${size} members in ${seconds(performance.now() - started)} (batched writes)`);

      started = performance.now();
      const built = await refreshMemberSnapshot(enabler.id);
      console.log(
        `snapshot ${size}: built from the table in ${seconds(performance.now() - started)}, ` +
          `${(built.bytes / 1_048_576).toFixed(1)} MB compressed`,
      );

      started = performance.now();
      const onboardingDate = new Date().toISOString().slice(0, 10);
      for (let i = 0; i < AFTER_SNAPSHOT.created; i += 1)
        await createMember(
          newMemberFields(enabler.id, {
            name: `Late member ${i}`,
            number: `LATE-${i}`,
            village: 'Bench village',
            federation: 'Kaolack',
            onboardingDate,
          }),
        );
      for (const memberId of ids.slice(0, AFTER_SNAPSHOT.changed))
        await createPlot(
          newPlotFields(
            { id: memberId, enablerId: enabler.id },
            {
              name: 'Bench plot',
              startCoverageDate: onboardingDate,
              endOfSeasonDate: onboardingDate,
              endCoverageDate: onboardingDate,
            },
          ),
        );
      // A removal deletes the profile and leaves its tombstone, in one transaction.
      for (const memberId of ids.slice(-AFTER_SNAPSHOT.removed))
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              { Delete: { TableName: localTableName, Key: { pk: `MEMBER#${memberId}`, sk: 'PROFILE' } } },
              {
                Put: {
                  TableName: localTableName,
                  Item: memberTombstoneItem(enabler.id, memberId, new Date().toISOString()),
                },
              },
            ],
          }),
        );
      console.log(
        `after the snapshot: ${AFTER_SNAPSHOT.created} members created, ${AFTER_SNAPSHOT.changed} changed, ` +
          `${AFTER_SNAPSHOT.removed} removed (${seconds(performance.now() - started)})`,
      );
      const token = await benchSignIn(`bench-${size}@example.org`, 'USER', enabler.id);
      enablers.push({
        size,
        enablerId: enabler.id,
        token,
        expected: size + AFTER_SNAPSHOT.created - AFTER_SNAPSHOT.removed,
        changedAt: Date.now(),
      });
    }

    console.log('');
    const coldLines: string[] = [];
    const figures: BenchFigure[] = [];
    for (const { size, enablerId, token, expected } of enablers) {
      const runs = await coldRuns(enablerId, token);
      for (const run of runs)
        if (run.count !== expected)
          throw new Error(`A new instance counted ${run.count} members, not ${expected}`);
      const median = percentile(
        runs.map((run) => run.firstMs),
        50,
      );
      coldLines.push(coldLine(`cold ${size}`, runs));
      const heaviest = runs.reduce((a, b) => (a.peakRssMb > b.peakRssMb ? a : b));
      // The bounds: 1 s up to 50 000 members, 3 s up to 500 000; above, none.
      const coldBound = size <= 50_000 ? 1000 : size <= 500_000 ? 3000 : undefined;
      figures.push(
        coldFigure(
          `cold first answer, ${size} members`,
          median,
          runs.map((run) => run.moduleMs),
          coldBound,
        ),
        {
          name: `peak resident memory of a new instance, ${size} members`,
          value: heaviest.peakRssMb,
          unit: 'MB',
        },
      );
      coldLines.push(
        `memory ${size}: heap ${heaviest.heapMb} MB after the first answer, resident ${heaviest.rssMb} MB, ` +
          `peak resident ${heaviest.peakRssMb} MB`,
      );
    }
    for (const line of coldLines) console.log(line);

    const { handler } = await import('@cpbo/functions/http/members/handler.ts');
    const shapes: Record<string, string>[] = [
      { page: '1', pageSize: '10', 'sort:name': 'asc' },
      { page: '3', pageSize: '50', 'sort:pendingBenefits': 'desc', 'filter:plots': 'one' },
      { page: '1', pageSize: '10', 'sort:onboardingDate': 'desc', 'filter:search': 'diop' },
      {
        page: '2',
        pageSize: '100',
        'sort:federation': 'asc',
        'filter:benefits': '12_months',
        'filter:contributions': 'not_2_months',
      },
      { page: '1', pageSize: '10', 'sort:number': 'desc', 'filter:search': 'M-0012' },
    ];
    const { parseMemberListQuery } = await import('@cpbo/schemas/member-list-query.ts');
    const { getSessionState } = await import('@cpbo/functions/data/accounts/sessions.ts');
    const { CATCH_UP_OVERLAP_MS } = await import('@cpbo/functions/data/lists/directories.ts');
    const { verifyAccessToken } = await import('@cpbo/functions/platform/access-token.ts');
    for (const { size, enablerId, token, changedAt } of enablers) {
      const list = async (query: Record<string, string>) => {
        const started = performance.now();
        const result = await handler(
          httpApiEvent({
            method: 'GET',
            path: '/api/members',
            headers: { authorization: `Bearer ${token}` },
            query,
          }),
          lambdaContext('members', 120_000),
        );
        const elapsed = performance.now() - started;
        if (result.statusCode !== 200) throw new Error(`list answered ${result.statusCode}: ${result.body}`);
        return elapsed;
      };
      for (const shape of shapes) for (let i = 0; i < 5; i += 1) await list(shape);
      const overlapEnds = changedAt + CATCH_UP_OVERLAP_MS;
      const justAfter: number[] = [];
      for (let i = 0; Date.now() < overlapEnds - 1000 && i < MEASURED_CALLS; i += 1)
        justAfter.push(await list(shapes[i % shapes.length] as Record<string, string>));
      await sleep(Math.max(0, overlapEnds + 500 - Date.now()));
      const query = async () => {
        const started = performance.now();
        await client.send(
          new QueryCommand({
            TableName: localTableName,
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :members',
            ExpressionAttributeValues: { ':members': `ENABLER#${enablerId}#MEMBER` },
            Limit: 10,
          }),
        );
        return performance.now() - started;
      };
      // Warm both first, in turns: DynamoDB Local's Java process compiles its paths as they are used, and the
      // size measured first otherwise pays for it (its bare Query a tenth slower than the next size's).
      for (let i = 0; i < WARM_UP_TURNS; i += 1) {
        await list(shapes[i % shapes.length] as Record<string, string>);
        await query();
      }
      // Side by side, in turns (each first every other time): both meet the same moments of the table's
      // process (its collections, its compilations), which a block of each would not.
      const listTimes: number[] = [];
      const queryTimes: number[] = [];
      for (let i = 0; i < MEASURED_CALLS; i += 1) {
        const shape = shapes[i % shapes.length] as Record<string, string>;
        if (i % 2) queryTimes.push(await query());
        listTimes.push(await list(shape));
        if (!(i % 2)) queryTimes.push(await query());
      }

      // The two parts of a warm list call, measured alone.
      const catchUp: number[] = [];
      const pass: number[] = [];
      for (let i = 0; i < 100; i += 1) {
        const t1 = performance.now();
        const index = await memberDirectory(enablerId);
        const t2 = performance.now();
        const listQuery = parseMemberListQuery(shapes[i % shapes.length] as Record<string, string>);
        if (typeof listQuery === 'string') throw new Error(`a measured query is refused: ${listQuery}`);
        index.list(listQuery, '2026-11-21');
        const t3 = performance.now();
        catchUp.push(t2 - t1);
        pass.push(t3 - t2);
      }
      const listP50 = percentile(listTimes, 50);
      const queryP50 = percentile(queryTimes, 50);
      console.log('');
      console.log(`| measure (${size} members, ${MEASURED_CALLS} warm calls each) | p50 ms | p95 ms |`);
      console.log('|---|---|---|');
      console.log(
        `| GET /members through the handler (sorted, filtered, searched, paged) | ${listP50.toFixed(2)} | ${percentile(listTimes, 95).toFixed(2)} |`,
      );
      console.log(
        `| bare DynamoDB Query, one page of 10 | ${queryP50.toFixed(2)} | ${percentile(queryTimes, 95).toFixed(2)} |`,
      );
      // The session check every authenticated call makes (one strongly consistent GetItem), alone.
      const claims = await verifyAccessToken(token);
      const sessionCheck: number[] = [];
      for (let i = 0; i < 100; i += 1) {
        const started = performance.now();
        await getSessionState(claims.email, claims.sessionId);
        sessionCheck.push(performance.now() - started);
      }
      console.log(
        `probe: catch-up p50 ${percentile(catchUp, 50).toFixed(2)} ms, list pass p50 ${percentile(pass, 50).toFixed(2)} ms, ` +
          `session check p50 ${percentile(sessionCheck, 50).toFixed(2)} ms`,
      );
      if (justAfter.length)
        console.log(
          `just after the changes ${size}: ${justAfter.length} calls within ${seconds(CATCH_UP_OVERLAP_MS)} of ` +
            `${AFTER_SNAPSHOT.created + AFTER_SNAPSHOT.changed + AFTER_SNAPSHOT.removed} changes, each reading them again: ` +
            `p50 ${percentile(justAfter, 50).toFixed(2)} ms`,
        );
      console.log(
        `warm ${size}: ratio list p50 / query p50: ${(listP50 / queryP50).toFixed(2)} (target ≤ 1.5)`,
      );
      figures.push(warmFigure(`warm GET /members p50, ${size} members`, listP50, queryP50, 1.5));
    }
    console.log('');
    for (const line of coldLines) console.log(line);
    recordBench(
      'members',
      { members: SMALL, largeMembers: LARGE, calls: MEASURED_CALLS, coldRuns: COLD_RUNS },
      figures,
    );
    client.destroy();
  } finally {
    await substitutes.stop();
  }
};

await main();
