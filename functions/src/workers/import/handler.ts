import {
  DATA_FILE_LIMITS,
  exportedEnablerSchema,
  exportedMemberSchema,
  onboardingMemberSchema,
  type ExportedEnabler,
  type ExportedMember,
  type OnboardingMember,
} from '@cpbo/schemas/data-files.ts';
import {
  enablerImageProblems,
  IMPORT_BATCH_MEMBERS,
  importEnablers,
  importMemberBatch,
  onboardingMemberToImport,
  recountMembers,
  type MemberToImport,
} from '#data/jobs/data-import.ts';
import { addJobErrors, saveDataJob, type DataJob, type JobError } from '#data/jobs/data-jobs.ts';
import { acquireImportLock, extendImportLock, releaseImportLock } from '#data/jobs/import-lock.ts';
import { readEnvironment } from '#platform/environment.ts';
import { fileSchemaErrors } from '#data/jobs/file-schema-errors.ts';
import { loadValidators } from '#platform/validator.ts';
import { appLog } from '#data/logs/app-log.ts';
import { getS3ObjectStream } from '#platform/s3.ts';
import { dataJobKind } from '../data-job-kind.ts';
import { oneStepJobRunner } from '../job-runner/one-step-job.ts';
import { readImportFile, type FileReadProblem } from './file-stream.ts';

const importValidators = () => import('#generated/validators/queue-import.generated.ts');

type Head = Omit<ExportedEnabler, 'members'>;

const fileError = (where: string, message: string): JobError => ({
  where,
  code: 'ERR_IMPORT_INVALID_FILE',
  message,
});

const readProblem = (problem: FileReadProblem): JobError =>
  problem === 'not-a-list'
    ? fileError('/', 'must be array')
    : { where: '', code: 'ERR_IMPORT_UPLOAD_NOT_FOUND', message: 'The file is not valid JSON.' };

/** The file's chunks, read from the files bucket at each pass (undefined when there is no such file). */
const chunksOf = (job: DataJob) => getS3ObjectStream(readEnvironment('filesBucket'), job.fileKey);

/**
 * The first pass: every member and enabler checked against its schema as it streams by (nothing is
 * written), the ids given twice found, the list bounds counted. Keeps the enablers' heads, the
 * campaigns their payouts name and the member count, and only the member ids (to find repeats).
 */
const checkFile = async (job: DataJob, onboarding: boolean) => {
  const validators = await loadValidators(importValidators);
  const report = { errors: [] as JobError[], errorCount: 0 };
  const heads: { head: Head; campaigns: Map<string, string> }[] = [];
  const campaigns = new Map<number, Map<string, string>>();
  const memberIds = new Set<string>();
  const perEnabler = new Map<number, number>();
  let members = 0;
  const check = (schema: object, value: unknown, where: string) => {
    const found = fileSchemaErrors(validators, schema, value);
    if (found.count === 0) return true;
    const errors = found.errors.map((error) => ({
      ...error,
      where: `${where}${error.where === '/' ? '' : error.where}` || '/',
    }));
    addJobErrors(report, errors);
    report.errorCount += found.count - errors.length;
    return false;
  };
  const chunks = await chunksOf(job);
  const problem = chunks
    ? await readImportFile(chunks, onboarding, {
        member: (value, index, enabler) => {
          members += 1;
          if (onboarding) {
            check(onboardingMemberSchema, value, `/${index}`);
            return;
          }
          perEnabler.set(enabler, (perEnabler.get(enabler) ?? 0) + 1);
          const where = `/${enabler}/members/${index}`;
          if (!check(exportedMemberSchema, value, where)) return;
          const member = value as ExportedMember;
          if (memberIds.size === memberIds.add(member.id).size)
            addJobErrors(report, [fileError(`${where}/id`, 'the same member id is given twice')]);
          const named = campaigns.get(enabler) ?? new Map<string, string>();
          campaigns.set(enabler, named);
          for (const payout of member.payouts)
            if (!named.has(payout.assessmentId)) named.set(payout.assessmentId, payout.assessmentDate);
        },
        head: (value, enabler) => {
          if (!check(exportedEnablerSchema, value, `/${enabler}`)) return;
          const head = value as Head;
          addJobErrors(report, enablerImageProblems(head, `/${enabler}`));
          if (heads.some((known) => known.head._id === head._id))
            addJobErrors(report, [fileError(`/${enabler}/_id`, 'the same enabler id is given twice')]);
          heads.push({ head, campaigns: campaigns.get(enabler) ?? new Map() });
        },
      })
    : 'not-json';
  if (problem) addJobErrors(report, [readProblem(problem)]);
  if (onboarding && members > DATA_FILE_LIMITS.onboardingMembers)
    addJobErrors(report, [
      fileError('/', `must NOT have more than ${DATA_FILE_LIMITS.onboardingMembers} items`),
    ]);
  if (!onboarding && heads.length > DATA_FILE_LIMITS.enablers)
    addJobErrors(report, [fileError('/', `must NOT have more than ${DATA_FILE_LIMITS.enablers} items`)]);
  for (const [enabler, count] of perEnabler)
    if (count > DATA_FILE_LIMITS.membersPerEnabler)
      addJobErrors(report, [
        fileError(
          `/${enabler}/members`,
          `must NOT have more than ${DATA_FILE_LIMITS.membersPerEnabler} items`,
        ),
      ]);
  return { ...report, heads, members };
};

/**
 * The second pass: the checked file's members written in batches, the progress saved after each.
 * Answers the job as it ends.
 */
const writeMembers = async (
  job: DataJob,
  checked: Awaited<ReturnType<typeof checkFile>>,
): Promise<DataJob> => {
  const onboarding = job.kind === 'IMPORT_ONBOARD';
  if (!onboarding) await importEnablers(checked.heads, job.createdBy);
  const progress = { ...job, state: 'RUNNING' as const, total: checked.members };
  await saveDataJob(progress);
  let seen = 0;
  let pending: MemberToImport[] = [];
  const write = async (all: boolean) => {
    while (pending.length >= IMPORT_BATCH_MEMBERS || (all && pending.length > 0)) {
      const batch = pending.slice(0, IMPORT_BATCH_MEMBERS);
      pending = pending.slice(IMPORT_BATCH_MEMBERS);
      addJobErrors(progress, await importMemberBatch(batch, job.createdBy));
      progress.done += batch.length;
      await extendImportLock(job.id);
      await saveDataJob(progress);
    }
  };
  const chunks = await chunksOf(job);
  if (!chunks) throw new Error(`The file of import ${job.id} is gone`);
  const problem = await readImportFile(
    chunks,
    onboarding,
    {
      member: (value, index, enabler) => {
        seen += 1;
        // Members written before a redelivery are passed over (their batches were saved).
        if (seen <= job.done) return;
        pending.push(
          onboarding
            ? onboardingMemberToImport(value as OnboardingMember, index, job)
            : {
                member: value as ExportedMember,
                enablerId: checked.heads[enabler]?.head._id ?? '',
                where: `/${enabler}/members/${index}`,
              },
        );
      },
    },
    () => write(false),
  );
  if (problem) throw new Error(`The file of import ${job.id} changed between its passes`);
  await write(true);
  const enablerIds = onboarding ? [job.enablerId] : checked.heads.map(({ head }) => head._id);
  for (const enablerId of enablerIds) await recountMembers(enablerId);
  return { ...progress, state: 'DONE' };
};

/**
 * Imports a file in two streaming passes over the upload, so that a file of any size takes the same
 * memory: the first checks the whole file (an invalid file writes nothing, the job is INVALID with
 * its errors); the second, the import lock held (freed when it ends or fails; a killed worker's lapses
 * or passes to its redelivery), writes its members in batches, the progress saved after each batch so
 * that a retried job resumes after the last batch written.
 */
export const handler = oneStepJobRunner({
  ...dataJobKind('import', importValidators),
  step: async (job): Promise<DataJob> => {
    const checked = await checkFile(job, job.kind === 'IMPORT_ONBOARD');
    if (checked.errorCount > 0) {
      const { errors, errorCount } = checked;
      return { ...job, state: 'INVALID', errors, errorCount };
    }
    if (!(await acquireImportLock(job.id)))
      throw new Error(`Import ${job.id} waited too long for another import to finish`);
    try {
      return await writeMembers(job, checked);
    } finally {
      await releaseImportLock(job.id);
    }
  },
  finish: async (job, ended) => {
    await saveDataJob(ended);
    if (ended.state === 'INVALID')
      await appLog.warn(
        `Import ${job.id} (${job.kind}) refused: the file does not match its schema (${ended.errorCount} errors)`,
      );
    else
      await appLog.info(
        `Import ${job.id} (${job.kind}) done: ${ended.total} members, ${ended.errorCount} errors`,
      );
  },
});
