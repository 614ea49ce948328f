import {
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type QueryCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { numberedRange, numberedSortKey } from '#domain/numbered-pages.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { ifConditionHeld, tableName } from '../table/table.ts';

/*
 * Lists paged by number (domain/numbered-pages.ts): the application's log views and the mobile
 * reports. A list <list> is one partition:
 *   <list> / COUNTER           the number of the newest line (`last`)
 *   <list> / N#<000…number>    a line
 *   <list>#DAYS / <YYYY-MM-DD> the first number of each day, for lists with a retention
 * A page costs three reads whatever its number: the counter, the first day kept, and one Query of the
 * page's range. A line whose write fails after its number was taken leaves a hole: its page has one
 * line less (docs/decisions.md).
 */

const counterKey = (list: string) => ({ pk: list, sk: 'COUNTER' });
const daysPartition = (list: string) => `${list}#DAYS`;

export interface Retained {
  /** The line's day, 'YYYY-MM-DD' (UTC). */
  day: string;
  /** When DynamoDB may remove the line (epoch seconds). */
  expiresAt: number;
}

/** Appends a line to a list: takes the next number, writes the line (and its day's first number). */
export const appendNumbered = async (list: string, fields: object, retained?: Retained): Promise<number> => {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: counterKey(list),
      UpdateExpression: 'ADD #last :one',
      ExpressionAttributeNames: { '#last': 'last' },
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const number = Number(Attributes?.last);
  const expiry = retained ? { expiresAt: retained.expiresAt } : {};
  await Promise.all([
    dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...fields, ...expiry, pk: list, sk: numberedSortKey(number), number },
      }),
    ),
    retained &&
      // The day's smallest number: lines of one day may take their numbers in any order.
      ifConditionHeld(
        dynamo().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { pk: daysPartition(list), sk: retained.day },
            UpdateExpression: 'SET #first = :number, expiresAt = :expiresAt',
            ConditionExpression: 'attribute_not_exists(#first) OR #first > :number',
            ExpressionAttributeNames: { '#first': 'first' },
            ExpressionAttributeValues: { ':number': number, ':expiresAt': retained.expiresAt },
          }),
        ),
      ),
  ]);
  return number;
};

/** The number of the oldest line kept: the first of the first day from `firstDay` (none: past the end). */
const firstNumberFrom = async (list: string, firstDay: string): Promise<number | undefined> => {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk >= :day',
      ExpressionAttributeValues: { ':pk': daysPartition(list), ':day': firstDay },
      Limit: 1,
    }),
  );
  return Items[0] === undefined ? undefined : Number(Items[0].first);
};

export interface NumberedPage {
  count: number;
  items: Record<string, unknown>[];
}

/** Page `page` (1-based) of a list, newest first, with the number of lines kept. */
export const numberedPage = async (
  list: string,
  { page, pageSize, firstDay }: { page: number; pageSize: number; firstDay?: string },
): Promise<NumberedPage> => {
  const [counter, firstKept] = await Promise.all([
    dynamo().send(new GetCommand({ TableName: tableName(), Key: counterKey(list), ConsistentRead: true })),
    firstDay === undefined ? 1 : firstNumberFrom(list, firstDay),
  ]);
  const last = Number(counter.Item?.last ?? 0);
  const { count, numbers } = numberedRange({ last, first: firstKept ?? last + 1, page, pageSize });
  if (!numbers) return { count, items: [] };
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  // One Query; more only when the page's lines pass DynamoDB's 1 MB per answer.
  do {
    const answer: QueryCommandOutput = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :low AND :high',
        ExpressionAttributeValues: {
          ':pk': list,
          ':low': numberedSortKey(numbers.low),
          ':high': numberedSortKey(numbers.high),
        },
        ScanIndexForward: false,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(answer.Items ?? []));
    startKey = answer.LastEvaluatedKey;
  } while (startKey);
  return { count, items };
};
