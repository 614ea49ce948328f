/**
 * npm run bench:load — sustained concurrent load on the local runtime with the demo data, then proof
 * that nothing was lost or counted twice.
 *
 * 1. Starts the product as `npm start` does (its own process, in memory, the full demo seeded); with
 *    FAULT_RATE set, in the fault mode (faults/fault-mode.ts: AWS's transient errors in that share of
 *    the functions' AWS calls). `npm run bench:load-faults` is the same at FAULT_RATE=0.1.
 * 2. BENCH_LOAD_CONNECTIONS (16) connections for BENCH_LOAD_SECONDS (60) s of the mix of
 *    load-workload.ts: member lists, member and plot pages, admin tables, the dashboard, contributions
 *    and cashouts with their own Idempotency-Keys, 5 % of them sent again with their key (and every
 *    one whose answer was a 5xx or lost, until it has one).
 * 3. Then a bare DynamoDB Local loop (GetItem and Query of member partitions) at the same concurrency
 *    for BENCH_LOAD_BARE_SECONDS (20) s: what the table alone serves on this machine.
 * 4. Waits for the queues, then checks (load-checks.ts) the totals, the aggregates and the records
 *    against the answers; no dead letter. Prints req/s, p50, p99 and errors per kind, and the checks.
 *
 * Targets: 0 errors and 0 × 5xx without the fault mode; with it, no 5xx that the client's retry with its
 * key does not recover, no 500 ERR_INTERNAL (AWS still busy after the SDK's retries is 503
 * ERR_SERVICE_BUSY), and no answer without a catalogue code. Every check holds in both.
 */
import { fileURLToPath } from 'node:url';
import { defaultLogins } from '../seed/index.ts';
import { startSeededRuntime } from '../runtime-process.ts';
import { faultRateOf } from '../faults/fault-rate.ts';
import { checkAggregates, checkRecordsAnswered, checkTotals, type LoadCheck } from './load-checks.ts';
import { latencies, runBareLoad, runHttpLoad, type Answer, type Latencies } from './load-run.ts';
import { loadKinds, loadWorkload, type LoadMember } from './load-workload.ts';
import { recordBench, type BenchFigure } from './results.ts';

const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const BARE_SECONDS = Number(process.env.BENCH_LOAD_BARE_SECONDS ?? 20);
/** How long the stream worker may take to catch up after the load. */
const CATCH_UP_SECONDS = 60;
const faultRate = faultRateOf(process.env);
const webDist = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

const ms = (value: number) => `${value.toFixed(1)} ms`;
const line = (name: string, { count, perSecond, p50, p99 }: Latencies, extra = '') =>
  `  ${name.padEnd(16)} ${String(count).padStart(6)} calls ${perSecond.toFixed(1).padStart(7)} req/s  ` +
  `p50 ${ms(p50).padStart(9)}  p99 ${ms(p99).padStart(9)}${extra}`;

/** The error answers by status and code, e.g. "409 ERR_CONFLICT × 2". */
const errorsOf = (answers: readonly Answer[]) => {
  const counts = new Map<string, number>();
  for (const { status, code } of answers.filter((answer) => answer.status === 0 || answer.status >= 400))
    counts.set(`${status} ${code}`, (counts.get(`${status} ${code}`) ?? 0) + 1);
  return [...counts].map(([what, count]) => `${what} × ${count}`).join(', ');
};

const main = async () => {
  const started = Date.now();
  // As the other benches: the runtime's process (which inherits them) prints its warnings only.
  Object.assign(process.env, { LOG_LEVEL: 'WARN', POWERTOOLS_METRICS_DISABLED: 'true' });
  const runtime = await startSeededRuntime(webDist, 'cpbo-bench-load-', { demoScale: 1, quiet: true });
  try {
    Object.assign(process.env, runtime.awsEnvironment);
    const { getUser } = await import('@cpbo/functions/data/accounts/users.ts');
    const { listEnablers } = await import('@cpbo/functions/data/enablers/enablers.ts');
    const { allMembersOf } = await import('@cpbo/functions/data/lists/member-timeline.ts');
    const { readMemberPartition } = await import('@cpbo/functions/data/members/member-page.ts');
    console.log(
      `[load] the demo's product up in ${((Date.now() - started) / 1000).toFixed(1)} s` +
        (faultRate ? `, fault mode: ${faultRate * 100} % of the functions' AWS calls fail` : ''),
    );

    const signIn = async (username: string, password: string) => {
      const answer = await fetch(`${runtime.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      if (answer.status !== 200)
        throw new Error(`sign-in of ${username}: ${answer.status} ${await answer.text()}`);
      return ((await answer.json()) as { accessToken: string }).accessToken;
    };
    const tokens = {
      agent: await signIn(defaultLogins.userEmail, defaultLogins.userPassword),
      admin: await signIn(defaultLogins.adminEmail, defaultLogins.adminPassword),
    };
    const enablerId = (await getUser(defaultLogins.userEmail))?.enablerId as string;
    const members: LoadMember[] = await Promise.all(
      (await allMembersOf(enablerId)).map(async ({ id, name }) => {
        const items = await readMemberPartition(id);
        const profile = items.find((item) => item.entityType === 'MEMBER');
        return {
          id,
          name,
          plotIds: items.filter((item) => item.entityType === 'PLOT').map((item) => item.id as string),
          pendingBenefitCents: (profile?.cashoutBalanceCents as number | undefined) ?? 0,
        };
      }),
    );

    const since = new Date().toISOString();
    const http = await runHttpLoad({
      url: runtime.url,
      tokens,
      connections: CONNECTIONS,
      seconds: SECONDS,
      next: loadWorkload(members).next,
    });
    const bare = await runBareLoad({
      endpoint: runtime.awsEnvironment.AWS_ENDPOINT_URL_DYNAMODB as string,
      memberIds: members.map((member) => member.id),
      connections: CONNECTIONS,
      seconds: BARE_SECONDS,
    });

    const checks: LoadCheck[] = [
      await checkTotals(members.map((member) => member.id)),
      await checkAggregates(
        (await listEnablers()).map((enabler) => enabler.id),
        CATCH_UP_SECONDS,
      ),
      await checkRecordsAnswered(enablerId, http.writes, since),
    ];
    // Last: the stream worker has caught up (the aggregates agree), so a record it gave up on is a dead letter.
    const settled = await runtime.settle();
    checks.push({
      name: 'queued work delivered, stream records applied',
      problems: settled.deadLetters.map((letter) => `dead letter in ${letter.queue}: ${letter.body}`),
    });

    const all = latencies(
      http.answers.map((answer) => answer.milliseconds),
      http.seconds,
    );
    const errors = http.answers.filter((answer) => answer.status === 0 || answer.status >= 400);
    const serverErrors = http.answers.filter((answer) => answer.status === 0 || answer.status >= 500);
    const uncoded = errors.filter((answer) => answer.code === 'no code' || answer.code === 'no answer');
    const unrecovered = http.writes.filter(({ answers }) => (answers.at(-1)?.status ?? 0) >= 500).length;
    // AWS's faults answer 503 ERR_SERVICE_BUSY once the SDK's retries are spent: a 500 is a failure of ours.
    const internal = errors.filter((answer) => answer.status === 500).length;

    console.log('');
    console.log(
      `[load] ${CONNECTIONS} connections, ${http.seconds.toFixed(1)} s, ${members.length} members` +
        (faultRate ? `, FAULT_RATE=${faultRate}` : ''),
    );
    for (const kind of loadKinds) {
      const answers = http.answers.filter((answer) => answer.kind === kind);
      if (!answers.length) continue;
      const kindErrors = errorsOf(answers);
      console.log(
        line(
          kind,
          latencies(
            answers.map((answer) => answer.milliseconds),
            http.seconds,
          ),
          kindErrors ? `  errors: ${kindErrors}` : '',
        ),
      );
    }
    // A 5xx by its code: AWS still busy after the SDK's retries (503 ERR_SERVICE_BUSY) or a failure of ours.
    const serverErrorKinds = serverErrors.length ? ` (${errorsOf(serverErrors)})` : '';
    console.log(
      line(
        'all',
        all,
        `  errors: ${errors.length}, 5xx or no answer: ${serverErrors.length}${serverErrorKinds}`,
      ),
    );
    console.log(`[load] bare DynamoDB Local, ${CONNECTIONS} connections, same run:`);
    console.log(line('GetItem', bare.get));
    console.log(line('Query', bare.query));
    console.log(line('both', bare.all));
    if (faultRate) {
      const injected = Object.entries(settled.faultsInjected)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, count]) => `${name} × ${count}`)
        .join(', ');
      console.log(`[load] faults injected: ${injected || 'none'}`);
    }
    console.log('');
    for (const { name, problems } of checks) {
      console.log(`[load] check: ${name}: ${problems.length ? `FAILED (${problems.length})` : 'ok'}`);
      for (const problem of problems.slice(0, 10)) console.log(`         ${problem}`);
    }

    const failedChecks = checks.filter((check) => check.problems.length).length;
    const kindFigures = loadKinds.flatMap((kind): BenchFigure[] => {
      const answers = http.answers.filter((answer) => answer.kind === kind);
      if (!answers.length) return [];
      const { p99 } = latencies(
        answers.map((answer) => answer.milliseconds),
        http.seconds,
      );
      return [{ name: `p99 ${kind}`, value: p99, unit: 'ms' }];
    });
    const none = { op: '≤', value: 0 } as const;
    recordBench(
      faultRate ? 'load-faults' : 'load',
      {
        connections: CONNECTIONS,
        seconds: SECONDS,
        bareSeconds: BARE_SECONDS,
        members: members.length,
        faultRate,
      },
      [
        {
          name: 'requests per second',
          value: all.perSecond,
          unit: 'req/s',
          reference: { name: 'bare DynamoDB Local GetItem/Query', value: bare.all.perSecond, unit: 'req/s' },
        },
        {
          name: 'p50 over all calls',
          value: all.p50,
          unit: 'ms',
          reference: { name: 'bare', value: bare.all.p50, unit: 'ms' },
        },
        {
          name: 'p99 over all calls',
          value: all.p99,
          unit: 'ms',
          reference: { name: 'bare', value: bare.all.p99, unit: 'ms' },
        },
        ...kindFigures,
        ...(faultRate
          ? [
              {
                name: 'writes left on a 5xx after their retries',
                value: unrecovered,
                unit: 'writes',
                target: none,
              },
              { name: 'answers 500 ERR_INTERNAL', value: internal, unit: 'calls', target: none },
            ]
          : [{ name: 'errors (4xx, 5xx, no answer)', value: errors.length, unit: 'calls', target: none }]),
        { name: 'answers without a catalogue code', value: uncoded.length, unit: 'calls', target: none },
        { name: 'checks failed', value: failedChecks, unit: 'checks', target: none },
      ],
    );
    const failed =
      failedChecks > 0 ||
      uncoded.length > 0 ||
      (faultRate ? unrecovered > 0 || internal > 0 : errors.length > 0);
    if (failed) {
      console.error('[load] FAILED: see the errors and checks above');
      process.exitCode = 1;
    }
  } finally {
    await runtime.stop();
  }
};

await main();
