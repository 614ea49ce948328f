import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  preferenceTables,
  type PreferenceTable,
  type PreferencesAnswer,
  type TablePreferences,
} from '@cpbo/schemas/preferences.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { tableName, updateItem, writtenOr } from '../table/table.ts';
import { userKey } from './users.ts';

/*
 * A user's table preferences, kept on the account's item (USER#<email> / PROFILE), one attribute per
 * table (`pref_<table>`): they go with the account when it is deleted, and one GetItem reads them all.
 */

const attributeOf = (table: PreferenceTable) => `pref_${table}`;
const names = Object.fromEntries(preferenceTables.map((table, index) => [`#p${index}`, attributeOf(table)]));

/** The user's preferences of every table that has some. */
export const preferencesOf = async (email: string): Promise<PreferencesAnswer> => {
  const { Item = {} } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: userKey(email),
      ProjectionExpression: Object.keys(names).join(', '),
      ExpressionAttributeNames: names,
      ConsistentRead: true,
    }),
  );
  return {
    tables: Object.fromEntries(
      preferenceTables.flatMap((table) => {
        const stored = Item[attributeOf(table)] as TablePreferences | undefined;
        return stored ? [[table, stored]] : [];
      }),
    ),
  };
};

/** Keeps what the user chose for a table, over what was kept (a field left out keeps its value). */
export const saveTablePreferences = async (
  email: string,
  table: PreferenceTable,
  chosen: TablePreferences,
): Promise<PreferencesAnswer> => {
  const kept = await preferencesOf(email);
  const merged: TablePreferences = { ...kept.tables[table], ...chosen };
  // The account deleted meanwhile: its session is ending too.
  await writtenOr(
    'ERR_UNAUTHENTICATED',
    updateItem({
      Key: userKey(email),
      UpdateExpression: 'SET #table = :chosen',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#table': attributeOf(table) },
      ExpressionAttributeValues: { ':chosen': merged },
    }),
  );
  return { tables: { ...kept.tables, [table]: merged } };
};
