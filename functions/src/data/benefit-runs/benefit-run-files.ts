import { createHash, randomUUID } from 'node:crypto';
import type { AssessmentFile } from '@cpbo/schemas/benefit-runs.ts';
import type { Cents } from '@cpbo/schemas/money.ts';
import type { BenefitRow } from '#domain/benefit-preview.ts';
import type { DuplicateEntry } from '#domain/duplicate-beneficiaries.ts';
import { readEnvironment } from '#platform/environment.ts';
import { getS3Object, putS3Object } from '#platform/s3.ts';

/*
 * A benefit run's files in the files bucket, under benefit-runs/ (kept: they are records of money):
 * - uploads/<hash of the e-mail>/<upload>: an administrator's upload, found only by its uploader;
 * - covered-plots/<hash of the e-mail>/<uuid>/<file>: a list of the covered plots to fill in, read through
 *   the short link its call answers (it lapses, as an upload no run took does);
 * - <run>/assessment.json: the assessment as checked (a CSV file read into the JSON shape);
 * - <run>/preview-<delivery>/: the preview's rows and duplicates (rows.json, which the rows call pages
 *   and the payment pays) and their CSV downloads, a folder per delivery of the preview so that two
 *   deliveries at once never mix: the run names the one whose sums it keeps;
 * - <run>/payment-<delivery>/: the payment files, likewise.
 */

const AREA = 'benefit-runs/';

/** An upload's key names its user: an upload id only leads to a file of the administrator who asked for it. */
export const benefitUploadKey = (upload: string, email: string): string =>
  `${AREA}uploads/${createHash('sha256').update(email).digest('hex').slice(0, 32)}/${upload}`;

/** Where a list of the covered plots an administrator asked for is written. */
export const coveredPlotsKey = (email: string, fileName: string): string =>
  `${AREA}covered-plots/${createHash('sha256').update(email).digest('hex').slice(0, 32)}/${randomUUID()}/${fileName}`;

export const assessmentKey = (runId: string): string => `${AREA}${runId}/assessment.json`;

/** A new folder of the run's files, of one delivery of its preview or payment. */
export const runFilesFolder = (runId: string, of: 'preview' | 'payment'): string =>
  `${AREA}${runId}/${of}-${randomUUID()}/`;

/** A possible duplicate as the preview keeps it. */
export interface StoredDuplicate {
  group: number;
  kind: DuplicateEntry['kind'];
  value: string;
  memberId: string;
  memberName: string;
  memberNumber: string;
  village: string;
  federation: string | null;
  phone: string | null;
  bankAccount: string | null;
  benefitCents: Cents;
}

export const storedDuplicate = ({ member, ...entry }: DuplicateEntry): StoredDuplicate => ({
  group: entry.group,
  kind: entry.kind,
  value: entry.value,
  memberId: member.id,
  memberName: member.name,
  memberNumber: member.number,
  village: member.village,
  federation: member.federation,
  phone: member.phone,
  bankAccount: member.bankAccount,
  benefitCents: entry.benefitCents,
});

/** The preview's rows and duplicates (rows.json). */
export interface PreviewFile {
  rows: BenefitRow[];
  duplicates: StoredDuplicate[];
}

const bucket = () => readEnvironment('filesBucket');

export const writeRunFile = (key: string, text: string, contentType: 'application/json' | 'text/csv') =>
  putS3Object(bucket(), key, text, contentType);

export const writeAssessment = (runId: string, assessment: AssessmentFile) =>
  writeRunFile(assessmentKey(runId), JSON.stringify(assessment), 'application/json');

const readJson = async <Content>(key: string): Promise<Content> => {
  const object = await getS3Object(bucket(), key);
  if (!object) throw new Error(`The benefit run file ${key} is missing`);
  return JSON.parse(new TextDecoder().decode(object.body)) as Content;
};

export const readAssessment = (runId: string): Promise<AssessmentFile> => readJson(assessmentKey(runId));

/** The previews read last by this Lambda instance: a preview file never changes once written. */
const recentPreviews = new Map<string, Promise<PreviewFile>>();
const RECENT_PREVIEWS = 2;

/** A preview's rows and duplicates, read once per Lambda instance while the screen pages them. */
export const readPreview = (key: string): Promise<PreviewFile> => {
  let read = recentPreviews.get(key);
  if (!read) {
    read = readJson<PreviewFile>(key);
    read.catch(() => recentPreviews.delete(key));
    recentPreviews.set(key, read);
    for (const older of [...recentPreviews.keys()].slice(0, -RECENT_PREVIEWS)) recentPreviews.delete(older);
  }
  return read;
};
