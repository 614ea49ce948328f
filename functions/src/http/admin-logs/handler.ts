import type { FromSchema, logListQuerySchema } from '@cpbo/schemas';
import { MAX_ACTIVITY_DAYS, type activityQuerySchema } from '@cpbo/schemas/activity.ts';
import { logsPage } from '#data/logs/app-logs.ts';
import { activityPage } from '#data/logs/audit.ts';
import { namedPage } from '#data/logs/audit-names.ts';
import { AppError } from '#platform/app-error.ts';
import { ok, type SessionRequest } from '#http/middleware/api-types.ts';
import { httpHandler } from '#http/middleware/http-handler.ts';

type LogListQuery = FromSchema<typeof logListQuerySchema>;
type ActivityQuery = FromSchema<typeof activityQuerySchema>;

/** GET /admin/logs?level&pageSize&page: the lines at or above the level (warn by default), newest first. */
const list = async ({ query }: SessionRequest<unknown, never, LogListQuery>) =>
  ok(await logsPage(query.level ?? 'warn', Number(query.page ?? '1'), Number(query.pageSize ?? '10')));

const DAY_MS = 86_400_000;

/**
 * GET /admin/activity: who changed what in the current enabler and in the administration (accounts,
 * enablers, configs) between two instants, newest first, named; one kind or all.
 */
const activity = async ({ query, session }: SessionRequest<unknown, never, ActivityQuery>) => {
  const span = Date.parse(query.to) - Date.parse(query.from);
  if (!(span >= 0 && span <= MAX_ACTIVITY_DAYS * DAY_MS))
    throw new AppError('ERR_INVALID_DATA_FORMAT', {
      message: `from must come before to, at most ${MAX_ACTIVITY_DAYS} days before.`,
    });
  const page = await activityPage(
    session.enabler || null,
    { from: new Date(query.from).toISOString(), to: new Date(query.to).toISOString() },
    { before: query.before ?? null, count: Number(query.pageSize ?? '25'), kind: query.kind ?? null },
  );
  return ok(await namedPage(page));
};

export const handler = httpHandler(
  'admin-logs',
  { 'GET /admin/logs': list, 'GET /admin/activity': activity },
  {
    validators: () => import('#generated/validators/admin-logs.generated.ts'),
  },
);
