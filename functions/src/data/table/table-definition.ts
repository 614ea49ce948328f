import type { CreateTableCommandInput, KeySchemaElement } from '@aws-sdk/client-dynamodb';

/**
 * The single DynamoDB table: keys, global secondary indexes, stream and TTL.
 * CDK (infra/lib) and the local bootstrap (infra/local) both build the table from this.
 */
export interface IndexDefinition {
  name: string;
  partitionKey: string;
  sortKey: string;
  /** The access patterns that need this index. */
  servesPatterns: string[];
}

export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  timeToLiveAttribute: 'expiresAt',
  stream: 'NEW_AND_OLD_IMAGES',
  globalIndexes: [
    {
      name: 'gsi1',
      partitionKey: 'gsi1pk',
      sortKey: 'gsi1sk',
      servesPatterns: [
        'members of an enabler updated since a time (member list)',
        "an enabler's plots, contributions, payouts or cashouts by date (admin tables)",
        "an enabler's dashboard aggregates",
        "an enabler's benefit runs",
      ],
    },
    {
      name: 'gsi2',
      partitionKey: 'gsi2pk',
      sortKey: 'gsi2sk',
      servesPatterns: [
        'every user, by e-mail (the users table, administrators to notify, the names of an activity)',
        'enablers listing',
        "a member's audit trail (its history tab)",
        'queue messages of the outbox not sent yet, oldest first (outbox relay)',
      ],
    },
    {
      name: 'gsi3',
      partitionKey: 'gsi3pk',
      sortKey: 'gsi3sk',
      servesPatterns: ['a plot or money record by its id alone (RECORD#<id>)'],
    },
  ] satisfies IndexDefinition[],
} as const;

/** Attribute names that are keys of the table or of an index (all strings). */
export const keyAttributes = (): string[] => [
  tableDefinition.partitionKey,
  tableDefinition.sortKey,
  ...tableDefinition.globalIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
];

const keySchema = (partitionKey: string, sortKey: string): KeySchemaElement[] => [
  { AttributeName: partitionKey, KeyType: 'HASH' },
  { AttributeName: sortKey, KeyType: 'RANGE' },
];

/**
 * The CreateTable request for the single table (the local bootstrap's, the tests' tables of their own);
 * with its stream only where something reads it, as in the cloud (the mirror table has none).
 */
export const createTableInput = (
  tableName: string,
  { stream }: { stream: boolean },
): CreateTableCommandInput => ({
  TableName: tableName,
  BillingMode: 'PAY_PER_REQUEST',
  AttributeDefinitions: keyAttributes().map((name) => ({ AttributeName: name, AttributeType: 'S' })),
  KeySchema: keySchema(tableDefinition.partitionKey, tableDefinition.sortKey),
  GlobalSecondaryIndexes: tableDefinition.globalIndexes.map((index) => ({
    IndexName: index.name,
    KeySchema: keySchema(index.partitionKey, index.sortKey),
    Projection: { ProjectionType: 'ALL' },
  })),
  ...(stream && { StreamSpecification: { StreamEnabled: true, StreamViewType: tableDefinition.stream } }),
});
