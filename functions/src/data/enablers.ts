import { randomUUID } from 'node:crypto';
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { AppError } from '#platform/app-error.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { deleteKeys, isConditionFailure, nowIso, queryAll, tableName } from './table.ts';

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

export interface Enabler {
  id: string;
  name: string;
  logo: string | null;
  banner: string | null;
  latestConfigVersion: number | null;
  latestConfigDate: string | null;
  /** Members registered in the enabler: an enabler with members cannot be deleted. */
  memberCount: number;
  creationDate: string;
  createdBy: string;
  modificationDate: string | null;
  modifiedBy: string | null;
}

export interface Campaign {
  id: string;
  name: string;
  /** ISO date of the assessment the campaign reports on. */
  reportingDate: string;
}

// Access patterns: an enabler's profile, configs (newest first) and campaigns share the partition ENABLER#<id>;
// all enablers: gsi2 ENABLERS.
export const enablerPartition = (enablerId: string): string => `ENABLER#${enablerId}`;
export const ENABLER_PROFILE = 'PROFILE';
export const configSortKey = (version: number): string => `CONFIG#${String(version).padStart(6, '0')}`;
export const campaignSortKey = (campaignId: string): string => `CAMPAIGN#${campaignId}`;
const ENABLERS_INDEX = { name: 'gsi2', partition: 'ENABLERS' } as const;

export const toEnabler = (item: Record<string, unknown>): Enabler => ({
  id: item.id as string,
  name: item.name as string,
  logo: (item.logo as string | undefined) ?? null,
  banner: (item.banner as string | undefined) ?? null,
  latestConfigVersion: (item.latestConfigVersion as number | undefined) ?? null,
  latestConfigDate: (item.latestConfigDate as string | undefined) ?? null,
  memberCount: (item.memberCount as number | undefined) ?? 0,
  creationDate: item.creationDate as string,
  createdBy: item.createdBy as string,
  modificationDate: (item.modificationDate as string | undefined) ?? null,
  modifiedBy: (item.modifiedBy as string | undefined) ?? null,
});

export const toEnablerConfig = (item: Record<string, unknown>): EnablerConfig => ({
  _id: item.configId as string,
  version: item.version as number,
  currency: item.currency as string,
  maxCompensationFactor: item.maxCompensationFactor as number,
  lengthOfSeasonInMonth: item.lengthOfSeasonInMonth as number,
  lengthOfCoverageInMonth: item.lengthOfCoverageInMonth as number,
  ...(item.damageThreshold === undefined ? {} : { damageThreshold: item.damageThreshold as number | null }),
  benefitFactorsByMonth: (item.benefitFactorsByMonth as number[] | undefined) ?? [],
  creationDate: item.creationDate as string,
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

export const listEnablers = async (): Promise<Enabler[]> => {
  return (
    await queryAll({
      TableName: tableName(),
      IndexName: ENABLERS_INDEX.name,
      KeyConditionExpression: 'gsi2pk = :enablers',
      ExpressionAttributeValues: { ':enablers': ENABLERS_INDEX.partition },
    })
  ).map(toEnabler);
};

export interface EnablerProfile {
  name: string;
  logo: string;
  banner: string;
}

export const createEnabler = async (
  profile: EnablerProfile,
  createdBy: string,
  now = new Date(),
): Promise<Enabler> => {
  const id = randomUUID();
  const item = {
    pk: enablerPartition(id),
    sk: ENABLER_PROFILE,
    entityType: 'ENABLER',
    gsi2pk: ENABLERS_INDEX.partition,
    gsi2sk: id,
    id,
    ...profile,
    memberCount: 0,
    creationDate: nowIso(now),
    createdBy,
  };
  await dynamo().send(
    new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
  );
  return toEnabler(item);
};

/** Counts members written in batches, without createMember (the demo seed), on their enabler. */
export const addToMemberCount = async (enablerId: string, count: number): Promise<void> => {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: enablerPartition(enablerId), sk: ENABLER_PROFILE },
      UpdateExpression: 'ADD memberCount :count',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':count': count },
    }),
  );
};

export const updateEnabler = async (
  enablerId: string,
  profile: EnablerProfile,
  modifiedBy: string,
  now = new Date(),
): Promise<Enabler> => {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: enablerPartition(enablerId), sk: ENABLER_PROFILE },
        UpdateExpression:
          'SET #name = :name, logo = :logo, banner = :banner, modificationDate = :now, modifiedBy = :by',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: {
          ':name': profile.name,
          ':logo': profile.logo,
          ':banner': profile.banner,
          ':now': nowIso(now),
          ':by': modifiedBy,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toEnabler(Attributes as Record<string, unknown>);
  } catch (error) {
    if (isConditionFailure(error)) throw new AppError('ERR_NOT_FOUND', { cause: error });
    throw error;
  }
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
 * member was registered meanwhile (member creation raises memberCount in its own transaction).
 */
export const deleteEnabler = async (enablerId: string): Promise<void> => {
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: { pk: enablerPartition(enablerId), sk: ENABLER_PROFILE },
              ConditionExpression:
                'attribute_exists(pk) AND (attribute_not_exists(memberCount) OR memberCount = :zero)',
              ExpressionAttributeValues: { ':zero': 0 },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) {
      const enabler = await getEnabler(enablerId);
      throw new AppError(enabler ? 'ERR_ENABLER_HAS_MEMBERS' : 'ERR_NOT_FOUND', { cause: error });
    }
    throw error;
  }
  await deleteKeys(await partitionItems(enablerId));
};

export type NewEnablerConfig = Omit<EnablerConfig, '_id' | 'version' | 'creationDate'>;

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

/**
 * Adds the next config version. The version and the enabler's latest pointer move in one transaction,
 * conditioned on the version read, so two uploads at once cannot take the same number.
 */
export const addConfig = async (
  enablerId: string,
  config: NewEnablerConfig,
  createdBy: string,
  now = new Date(),
): Promise<EnablerConfig> => {
  const enabler = await getEnabler(enablerId);
  if (!enabler) throw new AppError('ERR_NOT_FOUND');
  const version = (enabler.latestConfigVersion ?? 0) + 1;
  const item = {
    pk: enablerPartition(enablerId),
    sk: configSortKey(version),
    entityType: 'ENABLER_CONFIG',
    configId: randomUUID(),
    enablerId,
    version,
    currency: config.currency,
    maxCompensationFactor: config.maxCompensationFactor,
    lengthOfSeasonInMonth: config.lengthOfSeasonInMonth,
    lengthOfCoverageInMonth: config.lengthOfCoverageInMonth,
    damageThreshold: config.damageThreshold,
    benefitFactorsByMonth: config.benefitFactorsByMonth,
    creationDate: nowIso(now),
    createdBy,
  };
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
          {
            Update: {
              TableName: tableName(),
              Key: { pk: enablerPartition(enablerId), sk: ENABLER_PROFILE },
              UpdateExpression: 'SET latestConfigVersion = :version, latestConfigDate = :date',
              ConditionExpression:
                enabler.latestConfigVersion === null
                  ? 'attribute_exists(pk) AND attribute_not_exists(latestConfigVersion)'
                  : 'latestConfigVersion = :previous',
              ExpressionAttributeValues: {
                ':version': version,
                ':date': item.creationDate,
                ...(enabler.latestConfigVersion === null ? {} : { ':previous': enabler.latestConfigVersion }),
              },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new AppError('ERR_CONFLICT', { cause: error });
    throw error;
  }
  return toEnablerConfig(item);
};

/** An enabler's campaigns, newest reporting date first. */
export const listCampaigns = async (enablerId: string): Promise<Campaign[]> => {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :campaigns)',
    ExpressionAttributeValues: { ':pk': enablerPartition(enablerId), ':campaigns': 'CAMPAIGN#' },
  });
  return items
    .map((item) => ({
      id: item.id as string,
      name: item.name as string,
      reportingDate: item.reportingDate as string,
    }))
    .sort((a, b) => b.reportingDate.localeCompare(a.reportingDate) || a.id.localeCompare(b.id));
};

/** Records a campaign once (payouts of one assessment, or an import, name it again and again). */
export const recordCampaign = async (enablerId: string, campaign: Campaign): Promise<void> => {
  await dynamo()
    .send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          pk: enablerPartition(enablerId),
          sk: campaignSortKey(campaign.id),
          entityType: 'CAMPAIGN',
          ...campaign,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
};
