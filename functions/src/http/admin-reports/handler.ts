import type { FromSchema, reportListQuerySchema } from '@cpbo/schemas';
import { reportsPage } from '#data/logs/reports.ts';
import { ok, type SessionRequest } from '#http/middleware/api-types.ts';
import { httpHandler } from '#http/middleware/http-handler.ts';

type ReportListQuery = FromSchema<typeof reportListQuerySchema>;

/** GET /admin/reports?pageSize&page: the mobile reports of the environment, newest first. */
const list = async ({ query }: SessionRequest<unknown, never, ReportListQuery>) =>
  ok(await reportsPage(Number(query.page ?? '1'), Number(query.pageSize ?? '10')));

export const handler = httpHandler(
  'admin-reports',
  { 'GET /admin/reports': list },
  {
    validators: () => import('#generated/validators/admin-reports.generated.ts'),
  },
);
