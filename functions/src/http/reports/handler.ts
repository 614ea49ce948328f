import { storeReport, type ReportBody } from '#data/logs/reports.ts';
import { AppError } from '#platform/app-error.ts';
import { readEnvironment } from '#platform/environment.ts';
import { created, type SessionRequest } from '#http/middleware/api-types.ts';
import { httpHandler } from '#http/middleware/http-handler.ts';

/** The roles of the mobile app's users (spec: ANDROID_USER and USER); an administrator sends none. */
const reportingRoles = new Set(['ANDROID_USER', 'USER']);

/**
 * POST /reports: the mobile app's report, stored with who sent it and this environment's name (never
 * taken from the body). The body's size and shape are checked before (route table: MAX_REPORT_BYTES).
 */
const send = async ({ body, session }: SessionRequest<ReportBody>) => {
  if (!reportingRoles.has(session.role)) throw new AppError('ERR_FORBIDDEN_USER');
  const id = await storeReport(body, {
    user: session.email,
    enablerId: session.enabler,
    env: readEnvironment('environmentName'),
  });
  return created({ _id: id });
};

export const handler = httpHandler(
  'reports',
  { 'POST /reports': send },
  {
    validators: () => import('#generated/validators/reports.generated.ts'),
  },
);
