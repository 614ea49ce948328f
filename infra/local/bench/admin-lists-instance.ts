/**
 * One new Lambda instance, for `npm run bench:admin-lists`, run in a process of its own (with
 * --expose-gc) so that its memory is its own. BENCH_MODE says which:
 * - `cold`: an instance of the contributions function: loads the handler, answers the first
 *   GET /admin/contributions (page 1, newest first) and a second one; prints the module load, both
 *   answer times, the count and total, and the memory used;
 * - `rebuild`: the lists worker rebuilding the contributions snapshot from the table;
 *   prints its time and the memory used.
 * The parent passes the AWS environment, BENCH_ENABLER and BENCH_TOKEN.
 */
import { instanceMemory, measureNewInstance } from './new-instance.ts';

const enablerId = process.env.BENCH_ENABLER as string;

if (process.env.BENCH_MODE === 'rebuild') {
  const { refreshRecordSnapshot } = await import('@cpbo/functions/data/lists/record-directory.ts');
  const started = performance.now();
  // Past the snapshot's full-rebuild age: the worker reads the table in full, as once a day.
  const refresh = await refreshRecordSnapshot('contributions', enablerId, Date.now() + 2 * 86_400_000);
  console.log(JSON.stringify({ ms: performance.now() - started, ...refresh, ...instanceMemory() }));
} else {
  const { body, ...measured } = await measureNewInstance<{ count: number; totalAmount: number }>(
    async () => (await import('@cpbo/functions/http/admin-contributions/handler.ts')).handler,
    'admin-contributions',
    '/api/admin/contributions',
    { page: '1', pageSize: '10' },
  );
  console.log(JSON.stringify({ ...measured, count: body.count, totalAmount: body.totalAmount }));
}
