import {
  dataFileSchema,
  onboardingFileSchema,
  type DataFile,
  type OnboardingFile,
} from '@cpbo/schemas/data-files.ts';
import {
  dataFileProblems,
  IMPORT_BATCH_MEMBERS,
  importEnablers,
  importMemberBatch,
  membersOfDataFile,
  membersOfOnboardingFile,
  recountMembers,
} from '#data/data-import.ts';
import { addJobErrors, saveDataJob, type DataJob } from '#data/data-jobs.ts';
import { readEnvironment } from '#platform/environment.ts';
import { fileSchemaErrors } from '#platform/http/file-errors.ts';
import { loadValidators } from '#platform/http/validator.ts';
import { appLog } from '#platform/logger.ts';
import { getS3Object } from '#platform/s3-object-reads.ts';
import { dataJobHandler } from '../data-job-runner.ts';

const readFile = async (key: string): Promise<unknown> => {
  const object = await getS3Object(readEnvironment('filesBucket'), key);
  if (!object) return undefined;
  try {
    return JSON.parse(Buffer.from(object.body).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * Imports a file: checked whole against its schema first (an invalid file writes nothing, the job
 * is INVALID with its errors), then written in batches of members, the progress saved after each
 * batch so that a retried job resumes after the last batch written.
 */
const importValidators = () => import('#platform/http/validators/queue-import.generated.ts');

export const handler = dataJobHandler('import', importValidators, async (job: DataJob) => {
  const onboarding = job.kind === 'IMPORT_ONBOARD';
  const file = await readFile(job.fileKey);
  const validators = await loadValidators(importValidators);
  const schemaErrors =
    file === undefined
      ? {
          errors: [
            {
              where: '',
              code: 'ERR_IMPORT_UPLOAD_NOT_FOUND' as const,
              message: 'The file is not valid JSON.',
            },
          ],
          count: 1,
        }
      : fileSchemaErrors(validators, onboarding ? onboardingFileSchema : dataFileSchema, file);
  const fileErrors =
    schemaErrors.count === 0 && !onboarding
      ? { errors: dataFileProblems(file as DataFile), count: 0 }
      : schemaErrors;
  if (fileErrors.errors.length > 0) {
    const invalid = { ...job, state: 'INVALID' as const, errors: [], errorCount: 0 };
    addJobErrors(invalid, fileErrors.errors);
    invalid.errorCount = Math.max(invalid.errorCount, fileErrors.count);
    await saveDataJob(invalid);
    await appLog.warn(
      `Import ${job.id} (${job.kind}) refused: the file does not match its schema (${invalid.errorCount} errors)`,
    );
    return;
  }
  const members = onboarding
    ? membersOfOnboardingFile(file as OnboardingFile, job)
    : membersOfDataFile(file as DataFile);
  if (!onboarding) await importEnablers(file as DataFile, job.createdBy);
  const progress = { ...job, state: 'RUNNING' as const, total: members.length };
  await saveDataJob(progress);
  for (let index = job.done; index < members.length; index += IMPORT_BATCH_MEMBERS) {
    const batch = members.slice(index, index + IMPORT_BATCH_MEMBERS);
    addJobErrors(progress, await importMemberBatch(batch, job.createdBy));
    progress.done = index + batch.length;
    await saveDataJob(progress);
  }
  const enablerIds = onboarding ? [job.enablerId] : (file as DataFile).map((enabler) => enabler._id);
  for (const enablerId of enablerIds) await recountMembers(enablerId);
  await saveDataJob({ ...progress, state: 'DONE' });
  await appLog.info(
    `Import ${job.id} (${job.kind}) done: ${members.length} members, ${progress.errorCount} errors`,
  );
});
