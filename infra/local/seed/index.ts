import { GetItemCommand, PutItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';

/** The demo accounts that `npm start` creates and prints. */
export interface DemoLogins {
  adminEmail: string;
  adminPassword: string;
  userEmail: string;
  userPassword: string;
}

/**
 * Printed at every start, so a newcomer can sign in at once; change them with DEMO_* variables. Not
 * passwords attackers try first (domain/passwords.ts), or each sign-in would ask for their change.
 */
export const defaultLogins: DemoLogins = {
  adminEmail: 'admin@demo.local',
  adminPassword: 'Kapok-tree-harvest-26',
  userEmail: 'agent@demo.local',
  userPassword: 'Millet-rain-gauge-26',
};

export interface SeedDemoDataOptions {
  log: (line: string) => void;
  logins: DemoLogins;
  /** Share of the demo members to write: 1 for the full demo, less for a quick test runtime. */
  scale?: number;
}

export type SeedDemoData = (options: SeedDemoDataOptions) => Promise<void>;

// The seed state of a table: STARTED before the first write of the demo data, DONE after the last.
const marker = (state: 'STARTED' | 'DONE') => ({ pk: { S: 'LOCAL#SEED' }, sk: { S: state } });

/** An earlier first start stopped half-way through the demo data (Ctrl-C): seeding again would duplicate it. */
export class SeedInterruptedError extends Error {
  constructor() {
    super('The demo data was only partly written: an earlier first start was stopped while seeding.');
    this.name = 'SeedInterruptedError';
  }
}

// Imported only when needed: the demo data goes through the functions, which read the environment.
const seedDemoData: SeedDemoData = async (options) => (await import('./demo-data.ts')).seedDemoData(options);

export interface SeedOnceOptions extends SeedDemoDataOptions {
  client: DynamoDBClient;
  tableName: string;
  seed?: SeedDemoData;
}

/** Seeds the demo data unless this table already has it; refuses a table where an earlier seed stopped half-way. */
export const seedOnce = async ({
  client,
  tableName,
  seed = seedDemoData,
  ...options
}: SeedOnceOptions): Promise<'seeded' | 'already-seeded'> => {
  const stateIs = async (state: 'STARTED' | 'DONE') =>
    Boolean(
      (
        await client.send(
          new GetItemCommand({ TableName: tableName, Key: marker(state), ConsistentRead: true }),
        )
      ).Item,
    );
  if (await stateIs('DONE')) return 'already-seeded';
  if (await stateIs('STARTED')) throw new SeedInterruptedError();
  const now = () => ({ at: { S: new Date().toISOString() } });
  await client.send(new PutItemCommand({ TableName: tableName, Item: { ...marker('STARTED'), ...now() } }));
  await seed(options);
  await client.send(new PutItemCommand({ TableName: tableName, Item: { ...marker('DONE'), ...now() } }));
  return 'seeded';
};
