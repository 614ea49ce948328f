/**
 * One new Lambda instance, for `npm run bench:admin-lists`, run in a process of its own (with
 * --expose-gc) so that its memory is its own. BENCH_MODE says which:
 * - `cold`: an instance of the contributions function: loads the handler, answers the first
 *   GET /admin/contributions (page 1, newest first) and a second one; prints the module load, both
 *   answer times, the count and total, and the memory used;
 * - `rebuild`: the member-directory worker rebuilding the contributions snapshot from the table;
 *   prints its time and the memory used.
 * The parent passes the AWS environment, BENCH_ENABLER and BENCH_TOKEN.
 */
import { httpApiEvent, lambdaContext } from '@cpbo/events/http-api-event.ts';

const megabytes = (bytes: number) => Math.round(bytes / 1_048_576);
const memory = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return {
    heapMb: megabytes(process.memoryUsage().heapUsed),
    rssMb: megabytes(process.memoryUsage().rss),
    // ru_maxrss is in kilobytes on Linux.
    peakRssMb: megabytes(process.resourceUsage().maxRSS * 1024),
  };
};

const enablerId = process.env.BENCH_ENABLER as string;

if (process.env.BENCH_MODE === 'rebuild') {
  const { refreshRecordSnapshot } = await import('@cpbo/functions/data/record-directory.ts');
  const started = performance.now();
  // Past the snapshot's full-rebuild age: the worker reads the table in full, as once a day.
  const refresh = await refreshRecordSnapshot('contributions', enablerId, Date.now() + 2 * 86_400_000);
  console.log(JSON.stringify({ ms: performance.now() - started, ...refresh, ...memory() }));
} else {
  const started = performance.now();
  const { handler } = await import('@cpbo/functions/http/admin-contributions/handler.ts');
  const loaded = performance.now();
  const list = async () => {
    const before = performance.now();
    const result = await handler(
      httpApiEvent({
        method: 'GET',
        path: '/api/admin/contributions',
        headers: { authorization: `Bearer ${process.env.BENCH_TOKEN}` },
        query: { page: '1', pageSize: '10' },
      }),
      lambdaContext('admin-contributions', 120_000),
    );
    if (result.statusCode !== 200) throw new Error(`list answered ${result.statusCode}: ${result.body}`);
    const { count, totalAmount } = JSON.parse(result.body ?? '{}') as { count: number; totalAmount: number };
    return { ms: performance.now() - before, count, totalAmount };
  };
  const first = await list();
  const second = await list();
  console.log(
    JSON.stringify({
      moduleMs: loaded - started,
      firstMs: first.ms,
      secondMs: second.ms,
      count: first.count,
      totalAmount: first.totalAmount,
      ...memory(),
    }),
  );
}
