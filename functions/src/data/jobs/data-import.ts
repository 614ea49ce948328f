import { createHash } from 'node:crypto';
import { PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type {
  DataFile,
  ExportedEnabler,
  ExportedMember,
  OnboardingMember,
} from '@cpbo/schemas/data-files.ts';
import { errorCatalogue, type ErrorCode } from '@cpbo/schemas/error-catalogue.ts';
import { isoDateOf } from '@cpbo/schemas/coverage-dates.ts';
import { isPngOrJpegDataUrl } from '@cpbo/schemas/enablers.ts';
import { MAX_TRANSACTION_ITEMS } from '#domain/member-edits.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { withRetries, type RetryPolicy } from '#platform/retry.ts';
import { importedEnablerItems, importedMemberItems, memberRecordProblem } from './data-files.ts';
import type { DataJob, JobError } from './data-jobs.ts';
import { configSummaryOf, enablerPartition, ENABLER_PROFILE } from '../enablers/enablers.ts';
import { recordPayoutCampaigns } from '../enablers/campaigns.ts';
import { MEMBER_PROFILE, memberPartition, membersOfEnabler } from '../members/member-keys.ts';
import { recordIdHolders } from '../money/record-id-claims.ts';
import {
  batchWriteAll,
  cancellationReasons,
  eachQueryPage,
  getAll,
  nowIso,
  tableName,
} from '../table/table.ts';

type Item = Record<string, unknown>;

/** Members handled per step: their profiles are read in one BatchGetItem (100 keys at most). */
export const IMPORT_BATCH_MEMBERS = 100;
/** Writes in flight: each is one member's claims (a transaction of a few items) or one item. */
const PARALLEL_WRITES = 32;
/** BatchWriteItem requests (25 items each) in flight. */
const PARALLEL_BATCH_WRITES = 32;

interface Put {
  item: Item;
  condition: string;
  values?: Record<string, unknown>;
}

/** Errors after which the same write is sent again. */
const transient = new Set([
  // A 500 (on DynamoDB Local, a lock waited for too long under load).
  'InternalServerError',
  'TransactionConflictException',
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
]);

/** A write that failed for a reason other than its conditions (a conflict, throttling) is sent again. */
const IMPORT_WRITES: RetryPolicy = {
  attempts: 8,
  stepMs: 25,
  jitterMs: 50,
  // A cancelled transaction whose conditions held lost a race with another write.
  retryable: (error) => transient.has((error as Error).name) || cancellationReasons(error) !== undefined,
};

const putOf = (put: Put) => ({
  TableName: tableName(),
  Item: put.item,
  ConditionExpression: put.condition,
  ...(put.values && { ExpressionAttributeValues: put.values }),
});

/**
 * Writes one group of puts, all or nothing: false when one of their conditions failed. One put is a
 * conditional PutItem (cheaper than a transaction); transient failures are sent again after a pause.
 */
const putGroup = (group: Put[]): Promise<boolean> =>
  withRetries(IMPORT_WRITES, async () => {
    const [only] = group;
    try {
      if (group.length === 1 && only) await dynamo().send(new PutCommand(putOf(only)));
      else
        await dynamo().send(
          new TransactWriteCommand({ TransactItems: group.map((put) => ({ Put: putOf(put) })) }),
        );
      return true;
    } catch (error) {
      if (
        (error as Error).name === 'ConditionalCheckFailedException' ||
        cancellationReasons(error)?.some((reason) => reason.Code === 'ConditionalCheckFailed')
      )
        return false;
      throw error;
    }
  });

/**
 * Writes groups of puts, each all or nothing, many groups at once: the answer is, for each group,
 * whether it was written (false: one of its conditions failed).
 */
const putGroups = async (groups: Put[][]): Promise<boolean[]> => {
  const written: boolean[] = [];
  let next = 0;
  const writer = async () => {
    while (next < groups.length) {
      const index = next;
      next += 1;
      written[index] = await putGroup(groups[index] as Put[]);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_WRITES }, writer));
  return written;
};

/**
 * Writes groups of puts that may pass a transaction's bound: each group's first 100 at once, then the
 * rest of the groups whose start was written, 100 at a time; a group is written (true) when all its
 * parts were. Only a member with more than 98 payouts has a group of more than 100 (its two claims
 * and its payouts' assessment claims): a later part refused leaves the first parts' claims, which
 * name the member's own ids and let an import of the member once corrected go through.
 */
const putChunkedGroups = async (groups: Put[][]): Promise<boolean[]> => {
  const written = await putGroups(groups.map((group) => group.slice(0, MAX_TRANSACTION_ITEMS)));
  for (
    let start = MAX_TRANSACTION_ITEMS;
    groups.some((group) => group.length > start);
    start += MAX_TRANSACTION_ITEMS
  ) {
    const rest = groups.flatMap((group, index) =>
      written[index] && group.length > start
        ? [{ index, part: group.slice(start, start + MAX_TRANSACTION_ITEMS) }]
        : [],
    );
    const parts = await putGroups(rest.map(({ part }) => part));
    rest.forEach(({ index }, at) => {
      written[index] = parts[at] as boolean;
    });
  }
  return written;
};

const absent = 'attribute_not_exists(pk)';

/** The profiles of these members that are already in the table (id → enabler): imported whole, or another's. */
const existingProfiles = async (memberIds: string[]): Promise<Map<string, string>> => {
  const profiles = await getAll(
    memberIds.map((id) => ({ pk: memberPartition(id), sk: MEMBER_PROFILE })),
    { ProjectionExpression: 'id, enablerId' },
  );
  return new Map(profiles.map((profile) => [profile.id as string, profile.enablerId as string]));
};

/** Where a record id is in a member of the file (`/plots/0/id`…). */
const recordPath = (member: ExportedMember, id: string): string => {
  for (const list of ['plots', 'contributions', 'payouts', 'cashouts'] as const) {
    const index = member[list].findIndex((record) => record.id === id);
    if (index >= 0) return `/${list}/${index}/id`;
  }
  return '/id';
};

const jobError = (where: string, code: ErrorCode): JobError => ({
  where,
  code,
  message: errorCatalogue[code].message,
});

export interface MemberToImport {
  member: ExportedMember;
  enablerId: string;
  /** The member's JSON path in the file. */
  where: string;
}

/**
 * Imports one batch of members, the import lock held (import-lock.ts). A member id held by another
 * enabler's member, or a record id claimed for another member (RECORDID claims, read in batches),
 * refuses the member (ERR_IMPORT_ID_TAKEN). Then its number and name+village claims, each put only
 * where absent (a number or name+village taken by another member makes that member
 * ERR_DUPLICATE_MEMBER; agents may register members meanwhile); then its records and their id claims
 * with batch writes (no one else writes those ids while the lock is held; a resumed batch writes the
 * same items again); then the profile with its totals, only where absent. A member whose profile exists
 * was imported whole (the profile is written last) and is left as it is, so importing again, or
 * resuming, changes nothing.
 */
export const importMemberBatch = async (
  batch: MemberToImport[],
  importedBy: string,
  at: string = nowIso(),
): Promise<JobError[]> => {
  const errors: JobError[] = [];
  const existing = await existingProfiles(batch.map(({ member }) => member.id));
  const claimOwners = new Map<string, string>();
  const candidates: {
    claims: Item[];
    benefitClaims: Item[];
    records: Item[];
    recordIdClaims: Item[];
    profile: Item;
    where: string;
    member: ExportedMember;
  }[] = [];
  for (const { member, enablerId, where } of batch) {
    const holder = existing.get(member.id);
    if (holder !== undefined) {
      // The same member imported before is left as it is; another enabler's member is never touched.
      if (holder !== enablerId) errors.push(jobError(`${where}/id`, 'ERR_IMPORT_ID_TAKEN'));
      continue;
    }
    const problem = memberRecordProblem(member);
    if (problem !== undefined) {
      errors.push(jobError(`${where}${problem}`, 'ERR_IMPORT_RECORD_INVALID'));
      continue;
    }
    const twice = secondPayoutOfAssessment(member);
    if (twice !== undefined) {
      errors.push(jobError(`${where}/payouts/${twice}/assessmentId`, 'ERR_PLOT_PAID_FOR_ASSESSMENT'));
      continue;
    }
    const items = importedMemberItems(member, enablerId, importedBy, at);
    const keys = items.claims.map((claim) => `${String(claim.pk)}`);
    // A second member of the batch with the same claim is a duplicate (written at once, either could win).
    if (keys.some((key) => claimOwners.has(key) && claimOwners.get(key) !== member.id)) {
      errors.push(jobError(where, 'ERR_DUPLICATE_MEMBER'));
      continue;
    }
    keys.forEach((key) => claimOwners.set(key, member.id));
    candidates.push({ ...items, where, member });
  }
  // A record id claimed for another member (of any enabler) refuses its whole member.
  const holders = await recordIdHolders(
    candidates.flatMap(({ recordIdClaims }) => recordIdClaims.map((claim) => claim.id as string)),
  );
  // Two members of one batch with a record id in common: the first is written, the second refused.
  const inBatch = new Set<string>();
  const accepted = candidates.filter(({ recordIdClaims, member, where }) => {
    const held = recordIdClaims.find(({ id }) => {
      const holder = holders.get(id as string);
      return (holder !== undefined && holder !== member.id) || inBatch.has(id as string);
    });
    if (held)
      errors.push(jobError(`${where}${recordPath(member, held.id as string)}`, 'ERR_IMPORT_ID_TAKEN'));
    else for (const { id } of recordIdClaims) inBatch.add(id as string);
    return !held;
  });
  // Each member's claims in one transaction: a number or name+village taken refuses the whole member,
  // and so does an assessment and plot another payout holds (benefit-claims.ts).
  const claimed = await putChunkedGroups(
    accepted.map(({ claims, benefitClaims }) => [
      ...claims.map((item) => ({
        item,
        // A claim this member already holds (an import resumed) is not a duplicate.
        condition: `${absent} OR memberId = :memberId`,
        values: { ':memberId': item.memberId },
      })),
      ...benefitClaims.map((item) => ({
        item,
        condition: `${absent} OR payoutId = :payoutId`,
        values: { ':payoutId': item.payoutId },
      })),
    ]),
  );
  const imported = accepted.filter((_, index) => claimed[index]);
  errors.push(...(await Promise.all(accepted.filter((_, index) => !claimed[index]).map(refusedClaimError))));
  await batchWriteAll(
    imported.flatMap(({ records, recordIdClaims }) =>
      [...recordIdClaims, ...records].map((Item) => ({ PutRequest: { Item } })),
    ),
    PARALLEL_BATCH_WRITES,
  );
  await putGroups(imported.map(({ profile }) => [{ item: profile, condition: absent }]));
  return errors;
};

/** The index of a member's second payout for an assessment and plot that an earlier one names, if any. */
const secondPayoutOfAssessment = (member: ExportedMember): number | undefined => {
  const seen = new Set<string>();
  const index = member.payouts.findIndex(
    ({ assessmentId, plotId }) => seen.size === seen.add(JSON.stringify([assessmentId, plotId])).size,
  );
  return index >= 0 ? index : undefined;
};

/**
 * Why a member's claims were refused: one of its payouts' assessments and plots is held by another
 * payout (read back), or else its number or name and village is another member's.
 */
const refusedClaimError = async ({
  member,
  benefitClaims,
  where,
}: {
  member: ExportedMember;
  benefitClaims: Item[];
  where: string;
}): Promise<JobError> => {
  const held = await getAll(
    benefitClaims.map(({ pk, sk }) => ({ pk, sk })),
    { ProjectionExpression: 'pk, sk, payoutId' },
  );
  const taken = benefitClaims.find((own) =>
    held.some((claim) => own.pk === claim.pk && own.sk === claim.sk && own.payoutId !== claim.payoutId),
  );
  const index = taken ? member.payouts.findIndex((payout) => payout.id === taken.payoutId) : -1;
  return index >= 0
    ? jobError(`${where}/payouts/${index}/assessmentId`, 'ERR_PLOT_PAID_FOR_ASSESSMENT')
    : jobError(where, 'ERR_DUPLICATE_MEMBER');
};

/** Sets an enabler's member count to its members in the table (after an import wrote them in batches). */
export const recountMembers = async (enablerId: string): Promise<number> => {
  let count = 0;
  await eachQueryPage(
    {
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :members',
      FilterExpression: 'entityType = :member',
      ExpressionAttributeValues: { ':members': membersOfEnabler(enablerId), ':member': 'MEMBER' },
      Select: 'COUNT',
    },
    (page) => {
      count += page.Count ?? 0;
    },
  );
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: enablerPartition(enablerId), sk: ENABLER_PROFILE },
      UpdateExpression: 'SET memberCount = :count',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':count': count },
    }),
  );
  return count;
};

/**
 * The enablers of a full import, with their configs, where absent; an enabler already here keeps its
 * profile and gets the file's configs it lacks (its current config moves to the file's latest when newer).
 * `campaigns` are the assessments the enabler's payouts name (id → date), created as recording the
 * payouts one by one creates them.
 */
export const importEnablers = async (
  enablers: { head: Omit<ExportedEnabler, 'members'>; campaigns: Map<string, string> }[],
  importedBy: string,
): Promise<void> => {
  for (const { head: enabler, campaigns } of enablers) {
    const { profile, configs } = importedEnablerItems(enabler, importedBy);
    await putGroups([profile, ...configs].map((item) => [{ item, condition: absent }]));
    const latest = [...enabler.configs].sort((a, b) => b.version - a.version)[0];
    if (latest) {
      await dynamo()
        .send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { pk: enablerPartition(enabler._id), sk: ENABLER_PROFILE },
            UpdateExpression:
              'SET latestConfigVersion = :version, latestConfigDate = :date, latestConfig = :summary',
            ConditionExpression:
              'attribute_exists(pk) AND (attribute_not_exists(latestConfigVersion) OR latestConfigVersion < :version)',
            ExpressionAttributeValues: {
              ':version': latest.version,
              ':date': latest.creationDate,
              ':summary': configSummaryOf({ ...latest }),
            },
          }),
        )
        .catch((error: Error) => {
          if (error.name !== 'ConditionalCheckFailedException') throw error;
        });
    }
    await recordPayoutCampaigns(
      enabler._id,
      [...campaigns].map(([assessmentId, assessmentDate]) => ({ assessmentId, assessmentDate })),
    );
  }
};

/**
 * An imported enabler's images that are not PNG or JPEG by their bytes (the file's schema took their
 * declared type): an SVG said to be a PNG would otherwise reach every screen that shows the enabler.
 */
export const enablerImageProblems = (
  enabler: { logo?: string | null; banner?: string | null },
  where: string,
): JobError[] =>
  (['logo', 'banner'] as const)
    .filter((field) => {
      const image = enabler[field];
      return typeof image === 'string' && !isPngOrJpegDataUrl(image);
    })
    .map((field) => jobError(`${where}/${field}`, 'ERR_IMAGE_NOT_PNG_OR_JPEG'));

/**
 * Problems of a whole file that its schema cannot say: an enabler or member id given twice, an image
 * whose bytes are not a PNG's or a JPEG's.
 */
export const dataFileProblems = (file: DataFile): JobError[] => {
  const problems: JobError[] = [];
  const enablers = new Set<string>();
  const members = new Set<string>();
  file.forEach((enabler, e) => {
    problems.push(...enablerImageProblems(enabler, `/${e}`));
    if (enablers.size === enablers.add(enabler._id).size)
      problems.push(jobError(`/${e}/_id`, 'ERR_IMPORT_INVALID_FILE'));
    enabler.members.forEach((member, m) => {
      if (members.size === members.add(member.id).size)
        problems.push(jobError(`/${e}/members/${m}/id`, 'ERR_IMPORT_INVALID_FILE'));
    });
  });
  return problems;
};

/** A member id that is the same at every run of a job: a resumed onboarding import finds its own members. */
const onboardingMemberId = (jobId: string, index: number): string => {
  const hex = createHash('sha256').update(`${jobId}#${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

/** A member of an onboarding file, created in the job's enabler (onboarded on the import day unless dated). */
export const onboardingMemberToImport = (
  member: OnboardingMember,
  index: number,
  job: Pick<DataJob, 'id' | 'enablerId' | 'createdAt'>,
): MemberToImport => ({
  member: {
    ...member,
    id: onboardingMemberId(job.id, index),
    onboardingDate: member.onboardingDate ?? isoDateOf(new Date(job.createdAt)),
    plots: [],
    contributions: [],
    payouts: [],
    cashouts: [],
  },
  enablerId: job.enablerId,
  where: `/${index}`,
});
