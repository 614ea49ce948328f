/**
 * npm run bench:dashboard — the dashboard calls with 1 000 and with 100 000 contributions, on
 * DynamoDB Local.
 *
 * 1. Seeds two enablers (BENCH_SMALL_CONTRIBUTIONS, default 1 000; BENCH_LARGE_CONTRIBUTIONS, default
 *    100 000) with members (one per 20 contributions) in five federations, a plot each, contributions
 *    over the past two years, payouts and cashouts, in batched writes; then builds each enabler's
 *    aggregates with the repair (rebuildAggregates: the stream worker's rule over every record).
 * 2. Times the seven dashboard GETs through the Lambda handler with a real session (every scale, with
 *    and without a federation), round-robin, and a bare one-page DynamoDB Query on the same table.
 * 3. Prints each call's p50 at both sizes, the p50 over all calls at each size and their ratio (target
 *    below 1.5: the answers do not grow with the records), beside the bare Query's p50.
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { addMonths, coverageDates, isoDateOf } from '@cpbo/schemas/coverage-dates.ts';
import { httpApiEvent, lambdaContext } from '@cpbo/events/http-api-event.ts';
import { localTableName } from '../aws-environment.ts';
import { percentile, seconds } from './bench-figures.ts';
import { benchSignIn, startBenchStores, writeInBatches } from './bench-setup.ts';
import { dashboardCalls } from './dashboard-calls.ts';
import { recordBench } from './results.ts';

const SMALL = Number(process.env.BENCH_SMALL_CONTRIBUTIONS ?? 1_000);
const LARGE = Number(process.env.BENCH_LARGE_CONTRIBUTIONS ?? 100_000);
/** Calls timed per call shape and size. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const WRITERS = 8;
const federations = ['Kaolack', 'Thiès', 'Fatick', 'Louga', null];

const main = async () => {
  const { substitutes, client } = await startBenchStores();
  try {
    const { plotItem } = await import('@cpbo/functions/data/members/plot-items.ts');
    const { newPlotFields } = await import('@cpbo/functions/testing/member-fixtures.ts');
    const { moneyItem } = await import('@cpbo/functions/data/money/money-items.ts');
    const { rebuildAggregates } = await import('@cpbo/functions/data/aggregates/aggregates.ts');
    const { createEnabler } = await import('@cpbo/functions/data/enablers/enablers.ts');
    const { handler: dashboard } = await import('@cpbo/functions/http/dashboard/handler.ts');

    const today = isoDateOf(new Date());
    const at = new Date().toISOString();

    /** The items of an enabler with `contributions` contributions, generated one member at a time. */
    function* itemsOf(enablerId: string, contributions: number) {
      const members = Math.max(1, Math.ceil(contributions / 20));
      let written = 0;
      for (let index = 0; index < members; index += 1) {
        const id = randomUUID();
        const federation = federations[index % federations.length] ?? null;
        const member = { id, enablerId, federation };
        yield {
          pk: `MEMBER#${id}`,
          sk: 'PROFILE',
          entityType: 'MEMBER',
          gsi1pk: `ENABLER#${enablerId}#MEMBER`,
          gsi1sk: `${at}#${id}`,
          id,
          enablerId,
          name: `Bench member ${index}`,
          village: 'Bench village',
          number: `B-${index}`,
          federation: federation ?? undefined,
          onboardingDate: today,
          createdAt: at,
          updatedAt: at,
        };
        const start = addMonths(today, -(index % 24));
        const plot = plotItem(
          newPlotFields(member, {
            name: 'Bench plot',
            ...coverageDates(start, { lengthOfSeasonInMonth: 4, lengthOfCoverageInMonth: 12 }),
          }),
          randomUUID(),
          at,
        );
        yield plot;
        const own = Math.min(20, contributions - written);
        for (let c = 0; c < own; c += 1, written += 1) {
          const day = isoDateOf(new Date(Date.now() - ((written * 7919) % 730) * 86_400_000));
          yield moneyItem(
            'CONTRIBUTION',
            member,
            `${day}T10:00:00.000Z`,
            {
              plotId: plot.id,
              amountCents: 500 + (written % 40) * 25,
              protectionType: 'DROUGHT',
              contributionDate: `${day}T10:00:00.000Z`,
            },
            'bench',
            at,
          );
        }
        if (index % 3 === 0) {
          const day = addMonths(today, -(index % 12));
          yield moneyItem(
            'PAYOUT',
            member,
            day,
            { plotId: plot.id, amountCents: 4000, assessmentId: 'A1', assessmentDate: day, payoutDate: day },
            'bench',
            at,
          );
          yield moneyItem(
            'CASHOUT',
            member,
            `${today}T09:00:00.000Z`,
            { amountCents: 1500, cashoutDate: `${today}T09:00:00.000Z` },
            'bench',
            at,
          );
        }
      }
    }

    const sizes = [SMALL, LARGE];
    const enablers: { size: number; enablerId: string; token: string }[] = [];
    for (const size of sizes) {
      const enabler = await createEnabler(
        { name: `Bench ${size}`, logo: 'data:,', banner: 'data:,' },
        'bench',
      );
      let started = performance.now();
      const items = await writeInBatches(client, itemsOf(enabler.id, size), WRITERS);
      console.log(`seeded ${size} contributions (${items} items) in ${seconds(performance.now() - started)}`);
      started = performance.now();
      const rebuilt = await rebuildAggregates(enabler.id);
      console.log(
        `aggregates of ${size}: ${rebuilt.aggregates} items from ${rebuilt.records} records, ` +
          `rebuilt in ${seconds(performance.now() - started)}`,
      );
      enablers.push({
        size,
        enablerId: enabler.id,
        token: await benchSignIn(`bench-${size}@example.org`, 'USER', enabler.id),
      });
    }

    const shapes = dashboardCalls;
    const call = async (token: string, shape: (typeof shapes)[number]) => {
      const started = performance.now();
      const answer = await dashboard(
        httpApiEvent({
          method: 'GET',
          path: `/api/dashboard/${shape.path}`,
          headers: { authorization: `Bearer ${token}` },
          query: shape.query,
        }),
        lambdaContext('dashboard'),
      );
      const elapsed = performance.now() - started;
      if (answer.statusCode !== 200)
        throw new Error(`${shape.path} answered ${answer.statusCode}: ${answer.body}`);
      return elapsed;
    };
    const bareQuery = async (enablerId: string) => {
      const started = performance.now();
      await client.send(
        new QueryCommand({
          TableName: localTableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': `ENABLER#${enablerId}#AGG#contributions#monthly#ALL` },
          Limit: 12,
        }),
      );
      return performance.now() - started;
    };

    // Warm-up: module code, the session's verification, the connections.
    for (const { token } of enablers) for (const shape of shapes) await call(token, shape);

    const timings = new Map<string, number[]>();
    const bare: number[] = [];
    const record = (key: string, ms: number) => timings.set(key, [...(timings.get(key) ?? []), ms]);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const { size, token, enablerId } of enablers) {
        for (const shape of shapes) {
          const ms = await call(token, shape);
          record(`${size}|${shape.path}`, ms);
          record(`${size}|all`, ms);
        }
        bare.push(await bareQuery(enablerId));
      }
    }

    console.log('');
    console.log(`p50 of each call, ms (${ROUNDS} rounds of ${shapes.length} calls per size):`);
    for (const path of [...new Set(shapes.map((shape) => shape.path))]) {
      const [small, large] = sizes.map((size) => percentile(timings.get(`${size}|${path}`) ?? [], 50));
      console.log(`  ${path}: ${small?.toFixed(1)} with ${SMALL}, ${large?.toFixed(1)} with ${LARGE}`);
    }
    const [smallP50, largeP50] = sizes.map((size) => percentile(timings.get(`${size}|all`) ?? [], 50)) as [
      number,
      number,
    ];
    console.log('');
    console.log(`dashboard p50, ${SMALL} contributions: ${smallP50.toFixed(1)} ms`);
    console.log(`dashboard p50, ${LARGE} contributions: ${largeP50.toFixed(1)} ms`);
    console.log(`ratio ${LARGE} / ${SMALL}: ${(largeP50 / smallP50).toFixed(2)} (target below 1.5)`);
    console.log(
      `bare DynamoDB Query p50 (one page of 12 aggregates), same run: ${percentile(bare, 50).toFixed(1)} ms`,
    );
    recordBench('dashboard', { small: SMALL, large: LARGE, rounds: ROUNDS }, [
      {
        name: `p50 of the dashboard calls, ${LARGE} contributions`,
        value: largeP50,
        unit: 'ms',
        reference: { name: `the same, ${SMALL} contributions`, value: smallP50, unit: 'ms' },
        target: { op: '<', value: 1.5, timesReference: true },
      },
      {
        name: `p50 of the dashboard calls, ${SMALL} contributions`,
        value: smallP50,
        unit: 'ms',
        reference: { name: 'bare DynamoDB Query', value: percentile(bare, 50), unit: 'ms' },
      },
    ]);
    client.destroy();
  } finally {
    await substitutes.stop();
  }
};

await main();
