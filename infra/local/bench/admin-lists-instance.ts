/**
 * One new Lambda instance, for `npm run bench:admin-lists`, run in a process of its own (with
 * --expose-gc) so that its memory is its own. BENCH_MODE says which:
 * - `cold`: an instance of the contributions function: loads the handler, answers the first
 *   GET /admin/contributions (page 1, newest first) and a second one; prints the module load, both
 *   answer times, the count and total, and the memory used;
 * - `rebuild`: the lists worker rebuilding the contributions snapshot from the table;
 *   prints its time and the memory used;
 * - `synthetic`: the lists worker's rebuild of the contributions snapshot of BENCH_SIZE synthetic
 *   contributions (admin-lists-synthetic.ts), handed to the list's builder page by page as the worker
 *   hands what it reads from the table, then written to the bucket as the worker writes it; prints its
 *   time (and the part spent making the items), the memory used, and the count and total written.
 * The parent passes the AWS environment, BENCH_ENABLER and BENCH_TOKEN.
 */
import { instanceMemory, measureNewInstance } from './new-instance.ts';
import {
  syntheticContributionPages,
  syntheticNameItems,
  syntheticTotalCents,
} from './admin-lists-synthetic.ts';

const enablerId = process.env.BENCH_ENABLER as string;

if (process.env.BENCH_MODE === 'rebuild') {
  const { refreshRecordSnapshot } = await import('@cpbo/functions/data/lists/record-directory.ts');
  const started = performance.now();
  // Past the snapshot's full-rebuild age: the worker reads the table in full, as once a day.
  const refresh = await refreshRecordSnapshot('contributions', enablerId, Date.now() + 2 * 86_400_000);
  console.log(JSON.stringify({ ms: performance.now() - started, ...refresh, ...instanceMemory() }));
} else if (process.env.BENCH_MODE === 'synthetic') {
  const { RecordIndex } = await import('@cpbo/functions/domain/lists/record-list.ts');
  const { entryOf } = await import('@cpbo/functions/data/lists/record-timeline.ts');
  const { writeRecordSnapshot } = await import('@cpbo/functions/data/lists/record-directory.ts');
  const count = Number(process.env.BENCH_SIZE);
  const now = Date.now();
  const seenUpTo = new Date(now).toISOString();
  const started = performance.now();
  let makingMs = performance.now();
  const { members, plots } = syntheticNameItems(now);
  makingMs = performance.now() - makingMs;
  const builder = RecordIndex.builder('contributions');
  builder.names([
    ...members.map((entry) => ({ type: 'member' as const, entry })),
    ...plots.map((entry) => ({ type: 'plot' as const, entry: { ...entry, number: '' } })),
  ]);
  const pages = syntheticContributionPages(count, enablerId, now);
  for (;;) {
    const before = performance.now();
    const page = pages.next();
    makingMs += performance.now() - before;
    if (page.done) break;
    builder.add(page.value.map((item) => ({ type: 'record' as const, entry: entryOf.contributions(item) })));
  }
  const index = builder.build();
  const builtMs = performance.now() - started;
  const bytes = await writeRecordSnapshot('contributions', index, {
    enablerId,
    seenUpTo,
    rebuiltAt: seenUpTo,
  });
  console.log(
    JSON.stringify({
      ms: performance.now() - started,
      makingMs,
      builtMs,
      rows: index.size,
      totalCents: syntheticTotalCents(count),
      bytes,
      ...instanceMemory(),
    }),
  );
} else {
  const { body, ...measured } = await measureNewInstance<{ count: number; totalAmount: number }>(
    async () => (await import('@cpbo/functions/http/admin-contributions/handler.ts')).handler,
    'admin-contributions',
    '/api/admin/contributions',
    { page: '1', pageSize: '10' },
  );
  console.log(JSON.stringify({ ...measured, count: body.count, totalAmount: body.totalAmount }));
}
