import { MAX_REPORT_BYTES, type MobileReport } from '@cpbo/schemas/operations.ts';
import type { FromSchema, reportRequestSchema } from '@cpbo/schemas';
import { AppError } from '#platform/app-error.ts';
import { appendNumbered, numberedPage } from './numbered-lists.ts';

/*
 * The mobile app's reports (spec 3, Report): one numbered list, REPORTS, newest first and paged by
 * number (data/logs/numbered-lists.ts). The report's data is kept as the JSON text it was sent as: any
 * JSON object fits, however deeply nested (DynamoDB refuses maps nested deeper than 32 levels).
 */

const REPORTS = 'REPORTS';

export type ReportBody = FromSchema<typeof reportRequestSchema>;

export type Report = MobileReport;

export const storeReport = async (
  body: ReportBody,
  { user, enablerId, env, now = new Date() }: { user: string; enablerId: string; env: string; now?: Date },
): Promise<string> => {
  const dataJson = JSON.stringify(body.data);
  // JSON written again may be longer than as sent ("1e20" comes back as 21 digits): the data kept, and
  // answered by GET /admin/reports, is held to the body's limit too, which bounds a page of reports.
  if (Buffer.byteLength(dataJson, 'utf8') > MAX_REPORT_BYTES)
    throw new AppError('ERR_PAYLOAD_TOO_LARGE', {
      message: `The report's data, written as JSON, is over ${MAX_REPORT_BYTES} bytes.`,
    });
  const number = await appendNumbered(REPORTS, {
    entityType: 'REPORT',
    receivedAt: now.toISOString(),
    user,
    enablerId,
    env,
    deviceManufacturer: body.deviceManufacturer,
    deviceModel: body.deviceModel,
    version: body.version,
    appIdentifier: body.appIdentifier,
    dataJson,
  });
  return String(number);
};

export const reportsPage = async (
  page: number,
  pageSize: number,
): Promise<{ reports: Report[]; count: number }> => {
  const { count, items } = await numberedPage(REPORTS, { page, pageSize });
  return {
    count,
    reports: items.map((item) => ({
      _id: String(item.number),
      receivedAt: String(item.receivedAt),
      user: String(item.user),
      env: String(item.env),
      deviceManufacturer: String(item.deviceManufacturer),
      deviceModel: String(item.deviceModel),
      version: String(item.version),
      appIdentifier: String(item.appIdentifier),
      data: JSON.parse(String(item.dataJson)) as MobileReport['data'],
    })),
  };
};
