import { createHash, randomUUID } from 'node:crypto';
import {
  dataFileSchema,
  onboardingFileSchema,
  type DataFile,
  type FromSchema,
  type importRequestSchema,
} from '@cpbo/schemas';
import { dataFileProblems } from '#data/jobs/data-import.ts';
import { createDataJob, type ImportKind } from '#data/jobs/data-jobs.ts';
import { AppError } from '#platform/app-error.ts';
import { readEnvironment } from '#platform/environment.ts';
import type { SessionRequest } from '#http/middleware/api-types.ts';
import { fileSchemaErrors } from '#data/jobs/file-schema-errors.ts';
import { httpHandler } from '#http/middleware/http-handler.ts';
import { currentEnabler } from '#http/session-enabler.ts';
import { loadValidators } from '#platform/validator.ts';
import { appLog } from '#data/logs/app-log.ts';
import { sendFromOutbox } from '#data/jobs/outbox.ts';
import { headS3Object, putS3Object } from '#platform/s3.ts';
import { newFileUpload } from '../file-uploads.ts';
import { dataJobAnswer, ownDataJob } from '../exports/data-job-answer.ts';

type ImportBody = FromSchema<typeof importRequestSchema>;

const importValidators = () => import('#generated/validators/imports.generated.ts');

/**
 * An upload's key names its user: an upload id only leads to a file of the user who asked for it,
 * so no other administrator can import it (for them it is not found).
 */
const uploadKey = (upload: string, email: string): string =>
  `imports/uploads/${createHash('sha256').update(email).digest('hex').slice(0, 32)}/${upload}.json`;

/** The file's problems, by its schema then (full import) its ids; ERR_IMPORT_INVALID_FILE lists them. */
const assertValidFile = async (kind: ImportKind, file: unknown): Promise<void> => {
  const validators = await loadValidators(importValidators);
  const found = fileSchemaErrors(validators, kind === 'all' ? dataFileSchema : onboardingFileSchema, file);
  const problems =
    found.count === 0 && kind === 'all'
      ? { errors: dataFileProblems(file as DataFile), count: dataFileProblems(file as DataFile).length }
      : found;
  if (problems.count > 0) throw new AppError('ERR_IMPORT_INVALID_FILE', { details: problems });
};

/**
 * POST /imports/all and /imports/onboard: a file in the body is checked here (an invalid one answers
 * 400 with its errors and writes nothing), kept in the files bucket and imported by the import
 * worker; an upload is checked by the worker before it writes anything. Answers the job (202).
 */
const start =
  (kind: ImportKind) =>
  async ({ body, session }: SessionRequest<ImportBody>) => {
    // An onboarding file's members join the current enabler; a full file names its enablers.
    const enablerId = kind === 'onboard' ? currentEnabler(session) : session.enabler;
    const id = randomUUID();
    let fileKey: string;
    if (body.file !== undefined) {
      await assertValidFile(kind, body.file);
      fileKey = `imports/${id}.json`;
      await putS3Object(readEnvironment('filesBucket'), fileKey, JSON.stringify(body.file));
    } else {
      fileKey = uploadKey(body.upload as string, session.email);
      if (!(await headS3Object(readEnvironment('filesBucket'), fileKey)))
        throw new AppError('ERR_IMPORT_UPLOAD_NOT_FOUND');
    }
    const { job, queued } = await createDataJob(
      {
        id,
        kind: `IMPORT_${kind.toUpperCase() as Uppercase<ImportKind>}`,
        enablerId,
        createdBy: session.email,
        fileKey,
      },
      { queue: 'import' },
    );
    // Recorded with the job: a send that fails now is the outbox relay's to make (data/jobs/outbox.ts).
    if (queued) await sendFromOutbox(queued);
    await appLog.info(`Import ${id} (${job.kind}) started by ${session.email}`);
    return { status: 202, body: { job: dataJobAnswer(job) } };
  };

const status = async ({ params, session }: SessionRequest<unknown, 'id'>) => ({
  status: 200,
  body: { job: dataJobAnswer(await ownDataJob(params.id, session, 'IMPORT_')) },
});

export const handler = httpHandler(
  'imports',
  {
    'POST /imports/all': start('all'),
    'POST /imports/onboard': start('onboard'),
    'POST /imports/uploads': newFileUpload(uploadKey),
    'GET /imports/jobs/{id}': status,
  },
  { validators: importValidators },
);
