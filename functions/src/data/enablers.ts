import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#platform/aws-clients.ts';
import { tableName } from './table.ts';

export interface EnablerConfig {
  _id: string;
  version: number;
  currency: string;
  maxCompensationFactor: number;
  lengthOfSeasonInMonth: number;
  lengthOfCoverageInMonth: number;
  damageThreshold: number | null;
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
}

// Access patterns: an enabler's profile, configs (newest first) and campaigns share the partition ENABLER#<id>.
export const enablerPartition = (enablerId: string): string => `ENABLER#${enablerId}`;
export const ENABLER_PROFILE = 'PROFILE';
export const configSortKey = (version: number): string => `CONFIG#${String(version).padStart(6, '0')}`;

export const toEnabler = (item: Record<string, unknown>): Enabler => ({
  id: item.id as string,
  name: item.name as string,
  logo: (item.logo as string | undefined) ?? null,
  banner: (item.banner as string | undefined) ?? null,
  latestConfigVersion: (item.latestConfigVersion as number | undefined) ?? null,
  latestConfigDate: (item.latestConfigDate as string | undefined) ?? null,
});

export const toEnablerConfig = (item: Record<string, unknown>): EnablerConfig => ({
  _id: item.configId as string,
  version: item.version as number,
  currency: item.currency as string,
  maxCompensationFactor: item.maxCompensationFactor as number,
  lengthOfSeasonInMonth: item.lengthOfSeasonInMonth as number,
  lengthOfCoverageInMonth: item.lengthOfCoverageInMonth as number,
  damageThreshold: (item.damageThreshold as number | undefined) ?? null,
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
