import type { FromSchema, logListQuerySchema } from '@cpbo/schemas';
import { logsPage } from '#data/app-logs.ts';
import { ok, type SessionRequest } from '#http/middleware/api-types.ts';
import { httpHandler } from '#http/middleware/http-handler.ts';

type LogListQuery = FromSchema<typeof logListQuerySchema>;

/** GET /admin/logs?level&pageSize&page: the lines at or above the level (warn by default), newest first. */
const list = async ({ query }: SessionRequest<unknown, never, LogListQuery>) =>
  ok(await logsPage(query.level ?? 'warn', Number(query.page ?? '1'), Number(query.pageSize ?? '10')));

export const handler = httpHandler(
  'admin-logs',
  { 'GET /admin/logs': list },
  {
    validators: () => import('#generated/validators/admin-logs.generated.ts'),
  },
);
