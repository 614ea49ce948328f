import { ArnFormat, Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Resource } from '@cpbo/functions/http/routes.ts';
import { LOG_PARTITION_PREFIX } from '@cpbo/functions/data/logs/app-logs.ts';
import { MAIL_DELIVERY_PARTITION_PREFIX } from '@cpbo/functions/data/accounts/mail-deliveries.ts';
import { OUTBOX_PARTITION_PREFIX } from '@cpbo/functions/data/jobs/outbox.ts';
import type { QueueName } from '@cpbo/functions/domain/queues.ts';
import type { Worker } from '@cpbo/functions/workers/workers.ts';
import { fileAreas, type FileArea } from './data-store.ts';
import { acknowledge, nagArnOf } from './nag.ts';

/*
 * What each Lambda may do, in one place: derived from the calls its handler and the data modules it
 * imports make (docs/operations.md, "Permissions"). A function gets nothing else; the event sources
 * (queues, the table's stream) add their own read rights. The CDK tests compare every role with a
 * table of its own, so a right added here without that table changing fails them.
 */

export type FunctionName = Resource | 'not-found' | `${Worker}-worker`;

/** Reads of the table itself (its global indexes are `indexes`). */
type TableRead = 'GetItem' | 'BatchGetItem' | 'Query' | 'Scan';
/** Writes; a transaction needs the right of each kind of item it holds (ConditionCheckItem for checks). */
type TableWrite = 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'BatchWriteItem' | 'ConditionCheckItem';

export interface FunctionAccess {
  /** `indexes`: Query on the table's global indexes. */
  readonly table?: { read?: TableRead[]; write?: TableWrite[]; indexes?: boolean };
  /**
   * Appends lines to the application's log (a 403 answered, an administrator's deletion…): PutItem and
   * UpdateItem on the log's partitions only, for the functions that otherwise write nothing there.
   */
  readonly appLog?: boolean;
  /** Reads and writes the marks of the mails handed to SES (GetItem, PutItem on their partitions only). */
  readonly mailMarks?: boolean;
  /**
   * The transactional outbox (data/jobs/outbox.ts), on its partitions only: `record` puts a queue message
   * with a write and deletes it once sent; `relay` deletes those it sent (it finds them by index).
   */
  readonly outbox?: 'record' | 'relay';
  /** The mirror environment's table: emptied and refilled by the mirror refresh. */
  readonly mirrorTable?: { read?: TableRead[]; write?: TableWrite[] };
  /** Objects of the files bucket by area (key prefix); `find` lets a missing object answer 404, not 403. */
  readonly files?: { read?: FileArea[]; write?: FileArea[]; abortUploads?: FileArea[]; find?: boolean };
  /** The member list's snapshots (one object per enabler). */
  readonly memberDirectory?: { read?: boolean; write?: boolean };
  /** Verifies or signs access tokens (every route but the anonymous ones), or derives pseudonyms from it. */
  readonly tokenSecret?: boolean;
  readonly sendsTo?: QueueName[];
  /** Reads the application's address (SSM) for links in mails. */
  readonly appUrl?: boolean;
  readonly sendsMail?: boolean;
}

const WRITE_ALL: TableWrite[] = ['PutItem', 'UpdateItem', 'DeleteItem'];
/** With the checks of a transaction (ConditionCheck items: a session's account, a user's enabler, a plot's config). */
const WRITE_CHECKED: TableWrite[] = [...WRITE_ALL, 'ConditionCheckItem'];
/**
 * An administrator's plot or money table: its list in memory (the change timelines, the snapshots), a
 * record's names (batch reads), its records' transactions.
 */
const MONEY: FunctionAccess = {
  table: { read: ['GetItem', 'BatchGetItem', 'Query'], write: WRITE_ALL, indexes: true },
  memberDirectory: { read: true },
  tokenSecret: true,
};

/** The queues whose messages go through the outbox (data/jobs/outbox.ts): every one but the snapshots'. */
const outboxQueues: QueueName[] = [
  'mail',
  'import',
  'export',
  'mirror',
  'rebuild',
  'memberDeletion',
  'benefit',
];

export const functionAccess: Readonly<Record<FunctionName, FunctionAccess>> = {
  // Login, refresh, logout (the sessions' deletion in batches), a password change, the lockout's mail.
  auth: {
    table: { read: ['GetItem', 'Query'], write: [...WRITE_CHECKED, 'BatchWriteItem'], indexes: true },
    tokenSecret: true,
    sendsTo: ['mail'],
  },
  // Anonymous routes: one-time links (hashed without the secret, their mail through the outbox) and a
  // new password closing every session.
  registration: {
    table: { read: ['GetItem', 'Query'], write: [...WRITE_ALL, 'BatchWriteItem'] },
    outbox: 'record',
    sendsTo: ['mail'],
    appUrl: true,
  },
  me: { table: { read: ['GetItem', 'Query'], write: ['UpdateItem'] }, tokenSecret: true },
  members: {
    table: { read: ['GetItem', 'Query'], write: WRITE_ALL, indexes: true },
    memberDirectory: { read: true },
    tokenSecret: true,
  },
  'admin-enablers': {
    table: {
      read: ['GetItem', 'BatchGetItem', 'Query'],
      write: [...WRITE_ALL, 'BatchWriteItem'],
      indexes: true,
    },
    tokenSecret: true,
  },
  // A member's removal (one transaction) and its deletion's job: queued through the outbox when its
  // records are too many. Its history: the member's audit entries (gsi2), named from the accounts' and
  // enablers' listings (gsi2) and the members' profiles (a batch read).
  'admin-members': {
    table: { read: ['GetItem', 'BatchGetItem', 'Query'], write: WRITE_ALL, indexes: true },
    outbox: 'record',
    tokenSecret: true,
    sendsTo: ['memberDeletion'],
  },
  // A plot's coverage moved to another config checks that config in its transaction.
  // A plot row names its member from the member timeline: no batch reads of names.
  'admin-plots': { ...MONEY, table: { ...MONEY.table, read: ['GetItem', 'Query'], write: WRITE_CHECKED } },
  'admin-contributions': MONEY,
  'admin-payouts': MONEY,
  'admin-cashouts': MONEY,
  'admin-users': {
    table: { read: ['GetItem', 'Query'], write: [...WRITE_CHECKED, 'BatchWriteItem'], indexes: true },
    outbox: 'record',
    tokenSecret: true,
    sendsTo: ['mail'],
    appUrl: true,
  },
  // The log's numbered lists; the activity: the audit's partitions, named as a member's history is.
  'admin-logs': {
    table: { read: ['GetItem', 'BatchGetItem', 'Query'], indexes: true },
    appLog: true,
    tokenSecret: true,
  },
  'admin-reports': { table: { read: ['GetItem', 'Query'] }, appLog: true, tokenSecret: true },
  // The mirror job's state; the refresh itself is the worker's.
  'admin-mirror': {
    table: { read: ['GetItem'], write: ['UpdateItem'] },
    outbox: 'record',
    appLog: true,
    tokenSecret: true,
    sendsTo: ['mirror'],
  },
  exports: {
    table: { read: ['GetItem'], write: ['PutItem'] },
    outbox: 'record',
    appLog: true,
    files: { read: ['exports'] },
    tokenSecret: true,
    sendsTo: ['export'],
  },
  // A small file is written by the function, a large one uploaded by a presigned URL and then checked.
  imports: {
    table: { read: ['GetItem'], write: ['PutItem'] },
    outbox: 'record',
    appLog: true,
    files: { read: ['imports'], write: ['imports'], find: true },
    tokenSecret: true,
    sendsTo: ['import'],
  },
  // A benefit run's upload read and checked (its plots' id claims and items read in batches), its run
  // written with its audit entries (transactions of puts and updates, an Idempotency-Key's put and
  // release), its preview's files paged and linked; its payees' bank details read again in batches
  // (whose changed since the preview); a list of the covered plots (the enabler's plots and members by
  // index) written and linked.
  'admin-benefit-runs': {
    table: {
      read: ['GetItem', 'BatchGetItem', 'Query'],
      write: ['PutItem', 'UpdateItem', 'DeleteItem'],
      indexes: true,
    },
    outbox: 'record',
    appLog: true,
    files: { read: ['benefitRuns'], write: ['benefitRuns'], find: true },
    tokenSecret: true,
    sendsTo: ['benefit'],
  },
  // The dashboard's reads, and a rebuild job's creation (a transaction of two puts) and removal.
  dashboard: {
    table: { read: ['GetItem', 'Query'], write: ['PutItem', 'UpdateItem', 'DeleteItem'] },
    outbox: 'record',
    tokenSecret: true,
    sendsTo: ['rebuild'],
  },
  // The mobile reports: one numbered list.
  reports: { table: { read: ['GetItem'], write: ['PutItem', 'UpdateItem'] }, tokenSecret: true },
  // Anonymous, the document is in the bundle.
  openapi: {},
  'not-found': {},
  // A mail already handed to SES is passed over when its batch comes back (its mark).
  'mail-worker': { mailMarks: true, sendsMail: true },
  // Each stream record's figures, added in one transaction with the record's marker; a member whose
  // federation moved has its records' copies moved too (its partition read, each record updated).
  'aggregates-worker': { table: { read: ['Query'], write: ['PutItem', 'UpdateItem'] }, appLog: true },
  // The list snapshots: their changes read by index, a refresh per message of the snapshots queue.
  'lists-worker': {
    table: { indexes: true },
    memberDirectory: { read: true, write: true },
  },
  // Every enabler (by index, and the latest config of an old profile by key), a refresh of each list queued.
  'snapshot-schedule-worker': {
    table: { read: ['BatchGetItem'], indexes: true },
    sendsTo: ['snapshots'],
  },
  // Records and their id claims in batches (data/jobs/data-import.ts); the lock released by a deletion.
  'import-worker': {
    table: {
      read: ['GetItem', 'BatchGetItem'],
      write: ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'],
      indexes: true,
    },
    appLog: true,
    files: { read: ['imports'] },
  },
  'export-worker': {
    table: { read: ['GetItem', 'BatchGetItem', 'Query'], write: ['UpdateItem'], indexes: true },
    appLog: true,
    files: { write: ['exports'], abortUploads: ['exports'] },
  },
  // Copies the table, pseudonymised with a key derived from the token secret, a page per step.
  'mirror-worker': {
    table: { read: ['GetItem', 'Scan'], write: ['UpdateItem'] },
    appLog: true,
    mirrorTable: { read: ['Scan'], write: ['BatchWriteItem'] },
    outbox: 'record',
    tokenSecret: true,
    sendsTo: ['mirror'],
  },
  // A run's preview (paged Queries of the enabler's indexes, claims read by key) and payment: each
  // payout's transaction of puts and updates (createMoneyRecord), the run's step writes, its files; a
  // reversal's payment deletes the payouts it takes back with their claims (changeMoneyRecord).
  'benefit-run-worker': {
    table: {
      read: ['GetItem', 'BatchGetItem', 'Query'],
      write: ['PutItem', 'UpdateItem', 'DeleteItem'],
      indexes: true,
    },
    appLog: true,
    files: { read: ['benefitRuns'], write: ['benefitRuns'] },
    outbox: 'record',
    sendsTo: ['benefit'],
  },
  'aggregates-rebuild-worker': {
    table: {
      read: ['GetItem'],
      write: ['UpdateItem', 'DeleteItem', 'BatchWriteItem'],
      indexes: true,
    },
    appLog: true,
    // A missing checkpoint reads as missing, not as refused.
    files: { read: ['rebuilds'], write: ['rebuilds'], find: true },
    outbox: 'record',
    sendsTo: ['rebuild'],
  },
  // A removed member's records, deleted a page at a time; its job's marks; the next step.
  'member-deletion-worker': {
    table: { read: ['GetItem', 'Query'], write: ['UpdateItem', 'BatchWriteItem'] },
    appLog: true,
    outbox: 'record',
    sendsTo: ['memberDeletion'],
  },
  // The outbox's messages not sent yet (by index), each sent to its queue and then forgotten.
  'outbox-relay-worker': {
    table: { indexes: true },
    outbox: 'relay',
    sendsTo: outboxQueues,
  },
};

export interface AccessTargets {
  readonly table: dynamodb.ITable;
  readonly mirrorTable: dynamodb.ITable;
  readonly filesBucket: s3.IBucket;
  readonly memberDirectoryBucket: s3.IBucket;
  readonly tokenSecret: secretsmanager.ISecret;
  readonly queues: Readonly<Record<QueueName, sqs.IQueue>>;
  readonly appUrlParameterName: string;
  readonly mailFrom: string;
}

const dynamoActions = (actions: readonly string[]) => actions.map((action) => `dynamodb:${action}`);

/** Adds to the function's role the statements of its access, and nothing else. */
export const grantFunctionAccess = (
  fn: lambda.Function,
  access: FunctionAccess,
  targets: AccessTargets,
): void => {
  const allow = (actions: string[], resources: string[], conditions?: Record<string, unknown>) =>
    fn.addToRolePolicy(new iam.PolicyStatement({ actions, resources, conditions }));
  const stack = Stack.of(fn);
  const { table } = access;
  if (table?.read?.length) allow(dynamoActions(table.read), [targets.table.tableArn]);
  if (table?.indexes) allow(dynamoActions(['Query']), [`${targets.table.tableArn}/index/*`]);
  if (table?.write?.length) allow(dynamoActions(table.write), [targets.table.tableArn]);
  const logWrites = (['PutItem', 'UpdateItem'] as const).filter((action) => !table?.write?.includes(action));
  if (access.appLog && logWrites.length > 0) {
    allow(dynamoActions(logWrites), [targets.table.tableArn], {
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${LOG_PARTITION_PREFIX}*`] },
    });
  }
  const outboxActions = access.outbox === 'record' ? ['PutItem', 'DeleteItem'] : ['DeleteItem'];
  const outboxWrites = outboxActions.filter((action) => !table?.write?.includes(action as TableWrite));
  if (access.outbox && outboxWrites.length > 0) {
    allow(dynamoActions(outboxWrites), [targets.table.tableArn], {
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${OUTBOX_PARTITION_PREFIX}*`] },
    });
  }
  if (access.mailMarks) {
    allow(dynamoActions(['GetItem', 'PutItem']), [targets.table.tableArn], {
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${MAIL_DELIVERY_PARTITION_PREFIX}*`] },
    });
  }
  const { mirrorTable } = access;
  if (mirrorTable?.read?.length) allow(dynamoActions(mirrorTable.read), [targets.mirrorTable.tableArn]);
  if (mirrorTable?.write?.length) allow(dynamoActions(mirrorTable.write), [targets.mirrorTable.tableArn]);

  const objectsIn = (bucket: s3.IBucket, areas: readonly FileArea[]) =>
    areas.map((area) => bucket.arnForObjects(`${fileAreas[area]}*`));
  const { files } = access;
  if (files?.read?.length) allow(['s3:GetObject'], objectsIn(targets.filesBucket, files.read));
  if (files?.write?.length) allow(['s3:PutObject'], objectsIn(targets.filesBucket, files.write));
  if (files?.abortUploads?.length)
    allow(['s3:AbortMultipartUpload'], objectsIn(targets.filesBucket, files.abortUploads));
  // Without it S3 answers 403 for a missing object, which the code reads as a failure, not as absent.
  if (files?.find) allow(['s3:ListBucket'], [targets.filesBucket.bucketArn]);
  const { memberDirectory } = access;
  const snapshots = targets.memberDirectoryBucket.arnForObjects('*');
  if (memberDirectory?.read) {
    allow(['s3:GetObject'], [snapshots]);
    // A missing snapshot (a new enabler, a new deployment) must read as absent, not as refused.
    allow(['s3:ListBucket'], [targets.memberDirectoryBucket.bucketArn]);
  }
  // A large snapshot is uploaded in parts: a failed upload is aborted, not left to be billed.
  if (memberDirectory?.write) allow(['s3:PutObject', 's3:AbortMultipartUpload'], [snapshots]);

  if (access.tokenSecret) allow(['secretsmanager:GetSecretValue'], [targets.tokenSecret.secretArn]);
  for (const queue of access.sendsTo ?? []) allow(['sqs:SendMessage'], [targets.queues[queue].queueArn]);
  if (access.appUrl) {
    // By name, not through the parameter construct: referencing it would tie every function to the
    // CloudFront distribution, which itself depends on the API and so on the functions.
    allow(
      ['ssm:GetParameter'],
      [
        stack.formatArn({
          service: 'ssm',
          resource: 'parameter',
          resourceName: targets.appUrlParameterName.replace(/^\//, ''),
          arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
        }),
      ],
    );
  }
  // The sender identity is fixed by MAIL_FROM: the worker cannot send as anyone else. SES checks the
  // identity verified for it, the address itself or its domain.
  if (access.sendsMail) {
    const domain = targets.mailFrom.slice(targets.mailFrom.lastIndexOf('@') + 1);
    allow(
      ['ses:SendEmail'],
      [targets.mailFrom, domain].map((identity) =>
        stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity }),
      ),
      { StringEquals: { 'ses:FromAddress': targets.mailFrom } },
    );
  }

  // The wildcards that remain are key prefixes and the indexes of the table, each named above.
  const wildcards = [
    ...(table?.indexes ? [`${nagArnOf(targets.table)}/index/*`] : []),
    ...[...(files?.read ?? []), ...(files?.write ?? []), ...(files?.abortUploads ?? [])].map(
      (area) => `${nagArnOf(targets.filesBucket)}/${fileAreas[area]}*`,
    ),
    ...(memberDirectory?.read || memberDirectory?.write
      ? [`${nagArnOf(targets.memberDirectoryBucket)}/*`]
      : []),
  ];
  if (fn.role && wildcards.length > 0) {
    acknowledge(
      fn.role,
      'IAM5',
      "Objects under the key prefix of the function's own area, or the table's indexes (Query only)",
      [...new Set(wildcards)].map((resource) => `Resource::${resource}`),
    );
  }
};
