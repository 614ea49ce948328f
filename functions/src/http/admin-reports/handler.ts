import type { FromSchema, reportListQuerySchema } from '@cpbo/schemas';
import { reportsPage } from '#data/reports.ts';
import { ok, type SessionRequest } from '#platform/http/api-types.ts';
import { httpHandler } from '#platform/http/http-handler.ts';

type ReportListQuery = FromSchema<typeof reportListQuerySchema>;

/** GET /admin/reports?pageSize&page: the mobile reports of the environment, newest first. */
const list = async ({ query }: SessionRequest<unknown, never, ReportListQuery>) =>
  ok(await reportsPage(Number(query.page ?? '1'), Number(query.pageSize ?? '10')));

export const handler = httpHandler(
  'admin-reports',
  { 'GET /admin/reports': list },
  {
    validators: () => import('#platform/http/validators/admin-reports.generated.ts'),
  },
);
