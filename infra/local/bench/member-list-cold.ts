/**
 * One new Lambda instance of the members function, for `npm run bench:members`: run in a process of
 * its own (with --expose-gc), it loads the handler, answers the first GET /members of an enabler, and
 * prints one JSON line: module load, first and second answer times, the count, and the memory used.
 * The parent passes the AWS environment, BENCH_ENABLER and BENCH_TOKEN.
 */
import { measureNewInstance } from './new-instance.ts';

const { body, ...measured } = await measureNewInstance<{ count: number }>(
  async () => (await import('@cpbo/functions/http/members/handler.ts')).handler,
  'members',
  '/api/members',
  { page: '1', pageSize: '10', 'sort:name': 'asc' },
);
console.log(JSON.stringify({ ...measured, count: body.count }));
