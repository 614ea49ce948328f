/**
 * One new Lambda instance of the members function, for `npm run bench:members`: run in a process of
 * its own (with --expose-gc), it loads the handler, answers the first GET /members of an enabler, and
 * prints one JSON line: module load, first and second answer times, the count, and the memory used.
 * The parent passes the AWS environment, BENCH_ENABLER and BENCH_TOKEN.
 */
import { httpApiEvent, lambdaContext } from '@cpbo/events/http-api-event.ts';

const started = performance.now();
const { handler } = await import('@cpbo/functions/http/members/handler.ts');
const loaded = performance.now();

const list = async () => {
  const before = performance.now();
  const result = await handler(
    httpApiEvent({
      method: 'GET',
      path: '/api/members',
      headers: { authorization: `Bearer ${process.env.BENCH_TOKEN}` },
      query: { page: '1', pageSize: '10', 'sort:name': 'asc' },
    }),
    lambdaContext('members', 120_000),
  );
  if (result.statusCode !== 200) throw new Error(`list answered ${result.statusCode}: ${result.body}`);
  return {
    ms: performance.now() - before,
    count: (JSON.parse(result.body ?? '{}') as { count: number }).count,
  };
};

const first = await list();
const second = await list();
(globalThis as { gc?: () => void }).gc?.();
const megabytes = (bytes: number) => Math.round(bytes / 1_048_576);
console.log(
  JSON.stringify({
    moduleMs: loaded - started,
    firstMs: first.ms,
    secondMs: second.ms,
    count: first.count,
    heapMb: megabytes(process.memoryUsage().heapUsed),
    rssMb: megabytes(process.memoryUsage().rss),
    // ru_maxrss is in kilobytes on Linux.
    peakRssMb: megabytes(process.resourceUsage().maxRSS * 1024),
  }),
);
