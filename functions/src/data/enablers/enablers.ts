import { createHash, randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ConfigTerms } from '@cpbo/schemas/enablers.ts';
import { auditedFields } from '@cpbo/schemas/activity.ts';
import { changedFields, stateOf } from '#domain/audit-changes.ts';
import { AppError } from '#platform/app-error.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { auditItem, emailOf, type Actor, type AuditState } from '../logs/audit.ts';
import { readItem } from '../table/item-values.ts';
import type { TransactItem } from '../table/transaction-items.ts';
import { deleteKeys, getAll, nowIso, queryAll, tableName, transact, updateItem } from '../table/table.ts';

export interface EnablerConfig {
  _id: string;
  version: number;
  currency: string;
  maxCompensationFactor: number;
  lengthOfSeasonInMonth: number;
  lengthOfCoverageInMonth: number;
  /** Absent when the uploaded config had none, so a download gives back exactly what was uploaded. */
  damageThreshold?: number | null;
  benefitFactorsByMonth: number[];
  creationDate: string;
}

/** What the enabler list shows of its current config (spec sections 3 and 7), kept on the profile. */
export interface EnablerConfigSummary {
  _id: string;
  version: number;
  /** When the version was uploaded (its creationDate). */
  date: string;
  currency: string;
  maxCompensationFactor: number;
  lengthOfSeasonInMonth: number;
  lengthOfCoverageInMonth: number;
}

export interface Enabler {
  id: string;
  name: string;
  logo: string | null;
  banner: string | null;
  latestConfigVersion: number | null;
  latestConfigDate: string | null;
  /** The latest config's summary, written on the profile with the latest pointer; null without a config. */
  config: EnablerConfigSummary | null;
  /** Members registered in the enabler: an enabler with members cannot be deleted. */
  memberCount: number;
  creationDate: string;
  createdBy: string;
  modificationDate: string | null;
  modifiedBy: string | null;
}

// Access patterns: an enabler's profile, configs (newest first) and campaigns share the partition ENABLER#<id>;
// all enablers: gsi2 ENABLERS.
export const enablerPartition = (enablerId: string): string => `ENABLER#${enablerId}`;
export const ENABLER_PROFILE = 'PROFILE';
export const configSortKey = (version: number): string => `CONFIG#${String(version).padStart(6, '0')}`;
export const campaignSortKey = (campaignId: string): string => `CAMPAIGN#${campaignId}`;
const ENABLERS_INDEX = { name: 'gsi2', partition: 'ENABLERS' } as const;

export const toEnabler = (item: Record<string, unknown>): Enabler => ({
  ...readItem(item, {
    text: ['id', 'name', 'creationDate', 'createdBy'],
    optional: ['logo', 'banner', 'latestConfigDate', 'modificationDate', 'modifiedBy'],
    count: ['memberCount'],
  }),
  latestConfigVersion: (item.latestConfigVersion as number | undefined) ?? null,
  config: (item.latestConfig as EnablerConfigSummary | undefined) ?? null,
});

export const toEnablerConfig = (item: Record<string, unknown>): EnablerConfig => ({
  _id: item.configId as string,
  ...readItem(item, {
    text: ['currency', 'creationDate'],
    number: ['version', 'maxCompensationFactor', 'lengthOfSeasonInMonth', 'lengthOfCoverageInMonth'],
  }),
  ...(item.damageThreshold === undefined ? {} : { damageThreshold: item.damageThreshold as number | null }),
  benefitFactorsByMonth: (item.benefitFactorsByMonth as number[] | undefined) ?? [],
});

export const getEnabler = async (enablerId: string): Promise<Enabler | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: { pk: enablerPartition(enablerId), sk: ENABLER_PROFILE } }),
  );
  return Item ? toEnabler(Item) : undefined;
};

/** The enabler's profile with its newest config, in one Query (PROFILE sorts after every CONFIG#…). */
export const getEnablerWithLatestConfig = async (
  enablerId: string,
): Promise<{ enabler: Enabler; config: EnablerConfig | null } | undefined> => {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk >= :configs',
      ExpressionAttributeValues: { ':pk': enablerPartition(enablerId), ':configs': 'CONFIG#' },
      ScanIndexForward: false,
      Limit: 2,
    }),
  );
  const profile = Items.find((item) => item.sk === ENABLER_PROFILE);
  if (!profile) return undefined;
  const config = Items.find((item) => String(item.sk).startsWith('CONFIG#'));
  return { enabler: toEnabler(profile), config: config ? toEnablerConfig(config) : null };
};

export const configSummaryOf = (config: EnablerConfig): EnablerConfigSummary => ({
  _id: config._id,
  version: config.version,
  date: config.creationDate,
  currency: config.currency,
  maxCompensationFactor: config.maxCompensationFactor,
  lengthOfSeasonInMonth: config.lengthOfSeasonInMonth,
  lengthOfCoverageInMonth: config.lengthOfCoverageInMonth,
});

/**
 * The latest configs of profiles written before the summary was kept on them: read by key, 100 per
 * request and only the summary's attributes, never one Query per enabler.
 */
const latestConfigsOf = async (enablers: Enabler[]): Promise<Map<string, EnablerConfigSummary>> => {
  const keys = enablers.flatMap((enabler) =>
    enabler.latestConfigVersion === null
      ? []
      : [{ pk: enablerPartition(enabler.id), sk: configSortKey(enabler.latestConfigVersion) }],
  );
  const configs = await getAll(keys, {
    ProjectionExpression:
      'enablerId, configId, version, creationDate, currency, maxCompensationFactor, lengthOfSeasonInMonth, lengthOfCoverageInMonth',
  });
  return new Map(configs.map((item) => [item.enablerId as string, configSummaryOf(toEnablerConfig(item))]));
};

/** Every enabler with its current config's summary: one Query of the listing (and no read per enabler). */
export const listEnablers = async (): Promise<Enabler[]> => {
  const enablers = (
    await queryAll({
      TableName: tableName(),
      IndexName: ENABLERS_INDEX.name,
      KeyConditionExpression: 'gsi2pk = :enablers',
      ExpressionAttributeValues: { ':enablers': ENABLERS_INDEX.partition },
    })
  ).map(toEnabler);
  const older = enablers.filter((enabler) => enabler.latestConfigVersion !== null && enabler.config === null);
  if (older.length === 0) return enablers;
  const summaries = await latestConfigsOf(older);
  return enablers.map((enabler) =>
    enabler.config === null ? { ...enabler, config: summaries.get(enabler.id) ?? null } : enabler,
  );
};

export interface EnablerProfile {
  name: string;
  logo: string;
  banner: string;
}

/** A new enabler's profile item, without members (createEnabler; an import, which keeps the file's id). */
export const enablerProfileItem = (
  id: string,
  profile: {
    name: string;
    logo: string | null;
    banner: string | null;
    creationDate: string;
    createdBy: string;
  },
) => ({
  pk: enablerPartition(id),
  sk: ENABLER_PROFILE,
  entityType: 'ENABLER',
  gsi2pk: ENABLERS_INDEX.partition,
  gsi2sk: id,
  id,
  ...profile,
  memberCount: 0,
});

/**
 * What the audit keeps of an enabler: its name, and of each image a fingerprint (its data is up to
 * 40 KB; the trail says that it was replaced).
 */
const enablerState = (profile: Pick<Enabler, 'name' | 'logo' | 'banner'>): AuditState => {
  const fingerprint = (image: string | null) =>
    image === null ? null : `sha256:${createHash('sha256').update(image).digest('hex').slice(0, 16)}`;
  return { name: profile.name, logo: fingerprint(profile.logo), banner: fingerprint(profile.banner) };
};

/** The audit entry of an administrator's change to an enabler or its config (the administration's trail). */
const enablerAudit = (
  recordType: 'ENABLER' | 'CONFIG',
  enabler: Pick<Enabler, 'id' | 'name'>,
  change: { action: 'CREATE' | 'UPDATE' | 'DELETE'; before: AuditState | null; after: AuditState | null },
  actor: Actor,
  at: string,
): TransactItem =>
  auditItem({
    enablerId: enabler.id,
    recordType,
    recordId: enabler.id,
    memberId: null,
    label: enabler.name,
    ...change,
    by: actor,
    at,
  });

/** Who a script or an import names as an enabler's author, or the person with the audit entry of it. */
type Author = string | Actor;

export const createEnabler = async (
  profile: EnablerProfile,
  createdBy: Author,
  now = new Date(),
): Promise<Enabler> => {
  const at = nowIso(now);
  const item = enablerProfileItem(randomUUID(), {
    ...profile,
    creationDate: at,
    createdBy: emailOf(createdBy),
  });
  const enabler = toEnabler(item);
  await transact(
    [
      { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
      ...(typeof createdBy === 'string'
        ? []
        : [
            enablerAudit(
              'ENABLER',
              enabler,
              { action: 'CREATE', before: null, after: enablerState(enabler) },
              createdBy,
              at,
            ),
          ]),
    ],
    ['ERR_CONFLICT', 'ERR_CONFLICT'],
  );
  return enabler;
};

/** Counts members written in batches, without createMember (the demo seed), on their enabler. */
export const addToMemberCount = async (enablerId: string, count: number): Promise<void> => {
  await updateItem({
    Key: { pk: enablerPartition(enablerId), sk: ENABLER_PROFILE },
    UpdateExpression: 'ADD memberCount :count',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':count': count },
  });
};

/**
 * An administrator's edit of an enabler's name and images, with the audit entry of what changed: the
 * profile is conditioned on its last modification as read (ERR_CONFLICT when edited meanwhile), so the
 * entry's `before` is exact.
 */
export const updateEnabler = async (
  before: Enabler,
  profile: EnablerProfile,
  actor: Actor,
  now = new Date(),
): Promise<Enabler> => {
  const at = nowIso(now);
  const changed = changedFields(enablerState(before), enablerState(profile));
  await transact(
    [
      {
        Update: {
          TableName: tableName(),
          Key: { pk: enablerPartition(before.id), sk: ENABLER_PROFILE },
          UpdateExpression:
            'SET #name = :name, logo = :logo, banner = :banner, modificationDate = :now, modifiedBy = :by',
          ConditionExpression:
            before.modificationDate === null
              ? 'attribute_exists(pk) AND attribute_not_exists(modificationDate)'
              : 'modificationDate = :read',
          ExpressionAttributeNames: { '#name': 'name' },
          ExpressionAttributeValues: {
            ':name': profile.name,
            ':logo': profile.logo,
            ':banner': profile.banner,
            ':now': at,
            ':by': actor.email,
            ...(before.modificationDate !== null && { ':read': before.modificationDate }),
          },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      ...(changed
        ? [
            enablerAudit(
              'ENABLER',
              { id: before.id, name: profile.name },
              { action: 'UPDATE', ...changed },
              actor,
              at,
            ),
          ]
        : []),
    ],
    [(item) => (item ? 'ERR_CONFLICT' : 'ERR_NOT_FOUND'), 'ERR_CONFLICT'],
  );
  return { ...before, ...profile, modificationDate: at, modifiedBy: actor.email };
};

const partitionItems = (enablerId: string) =>
  queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': enablerPartition(enablerId) },
    ProjectionExpression: 'pk, sk',
  });

/**
 * Deletes an enabler with its configs and campaigns. The profile goes first, on the condition that no
 * member was registered meanwhile (member creation raises memberCount in its own transaction); the
 * profile as it was, returned when the condition fails, tells a member from a missing enabler.
 */
export const deleteEnabler = async (enabler: Enabler, actor: Actor, now = new Date()): Promise<void> => {
  await transact(
    [
      {
        Delete: {
          TableName: tableName(),
          Key: { pk: enablerPartition(enabler.id), sk: ENABLER_PROFILE },
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(memberCount) OR memberCount = :zero)',
          ExpressionAttributeValues: { ':zero': 0 },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      enablerAudit(
        'ENABLER',
        enabler,
        { action: 'DELETE', before: enablerState(enabler), after: null },
        actor,
        nowIso(now),
      ),
    ],
    [(profile) => (profile ? 'ERR_ENABLER_HAS_MEMBERS' : 'ERR_NOT_FOUND'), 'ERR_CONFLICT'],
  );
  await deleteKeys(await partitionItems(enabler.id));
};

export type NewEnablerConfig = Omit<EnablerConfig, '_id' | 'version' | 'creationDate'>;

/** One version of an enabler's config; undefined when the enabler has no such version. */
export const getConfig = async (enablerId: string, version: number): Promise<EnablerConfig | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: { pk: enablerPartition(enablerId), sk: configSortKey(version) },
    }),
  );
  return Item ? toEnablerConfig(Item) : undefined;
};

/** An enabler's configs, newest first. */
export const listConfigs = async (enablerId: string): Promise<EnablerConfig[]> => {
  return (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :configs)',
      ExpressionAttributeValues: { ':pk': enablerPartition(enablerId), ':configs': 'CONFIG#' },
      ScanIndexForward: false,
    })
  ).map(toEnablerConfig);
};

/** The terms of a config version that a plot's cover reads (schemas/benefit-rule.ts). */
export const configTermsOf = (config: EnablerConfig): ConfigTerms => ({
  version: config.version,
  currency: config.currency,
  maxCompensationFactor: config.maxCompensationFactor,
  benefitFactorsByMonth: config.benefitFactorsByMonth,
  damageThreshold: config.damageThreshold ?? null,
});

/**
 * Adds the next config version. The version and the enabler's latest pointer, with the summary that
 * the enabler list shows, move in one transaction, conditioned on the version read, so two uploads at
 * once cannot take the same number.
 */
/** A config version's item (addConfig; an import, which keeps the file's id, version and date). */
export const configItem = (enablerId: string, config: EnablerConfig, createdBy: string) => ({
  pk: enablerPartition(enablerId),
  sk: configSortKey(config.version),
  entityType: 'ENABLER_CONFIG',
  configId: config._id,
  enablerId,
  version: config.version,
  currency: config.currency,
  maxCompensationFactor: config.maxCompensationFactor,
  lengthOfSeasonInMonth: config.lengthOfSeasonInMonth,
  lengthOfCoverageInMonth: config.lengthOfCoverageInMonth,
  damageThreshold: config.damageThreshold,
  benefitFactorsByMonth: config.benefitFactorsByMonth,
  creationDate: config.creationDate,
  createdBy,
});

/** What the audit keeps of a config version: its terms, the factors as one text. */
const configState = (config: Omit<EnablerConfig, '_id' | 'creationDate'>): AuditState =>
  stateOf(
    { ...config, benefitFactorsByMonth: config.benefitFactorsByMonth.join(', ') },
    auditedFields.config,
  );

export const addConfig = async (
  enablerId: string,
  config: NewEnablerConfig,
  createdBy: Author,
  now = new Date(),
): Promise<EnablerConfig> => {
  const enabler = await getEnabler(enablerId);
  if (!enabler) throw new AppError('ERR_NOT_FOUND');
  const version = (enabler.latestConfigVersion ?? 0) + 1;
  const item = configItem(
    enablerId,
    { ...config, _id: randomUUID(), version, creationDate: nowIso(now) },
    emailOf(createdBy),
  );
  // A person's new version is audited against the version it follows: what changed, version included.
  const previous =
    typeof createdBy !== 'string' && enabler.latestConfigVersion !== null
      ? await getConfig(enablerId, enabler.latestConfigVersion)
      : undefined;
  const audit =
    typeof createdBy === 'string'
      ? []
      : [
          enablerAudit(
            'CONFIG',
            enabler,
            previous
              ? {
                  action: 'UPDATE',
                  ...(changedFields(configState(previous), configState(toEnablerConfig(item))) ?? {
                    before: null,
                    after: null,
                  }),
                }
              : { action: 'CREATE', before: null, after: configState(toEnablerConfig(item)) },
            createdBy,
            item.creationDate,
          ),
        ];
  // Another upload that took this version first, or a deleted enabler, fails a condition: ERR_CONFLICT.
  await transact(
    [
      { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Update: {
          TableName: tableName(),
          Key: { pk: enablerPartition(enablerId), sk: ENABLER_PROFILE },
          UpdateExpression:
            'SET latestConfigVersion = :version, latestConfigDate = :date, latestConfig = :summary',
          ConditionExpression:
            enabler.latestConfigVersion === null
              ? 'attribute_exists(pk) AND attribute_not_exists(latestConfigVersion)'
              : 'latestConfigVersion = :previous',
          ExpressionAttributeValues: {
            ':version': version,
            ':date': item.creationDate,
            ':summary': configSummaryOf(toEnablerConfig(item)),
            ...(enabler.latestConfigVersion === null ? {} : { ':previous': enabler.latestConfigVersion }),
          },
        },
      },
      ...audit,
    ],
    ['ERR_CONFLICT', 'ERR_CONFLICT', 'ERR_CONFLICT'],
  );
  return toEnablerConfig(item);
};
