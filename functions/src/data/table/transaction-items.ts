import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';

/*
 * What a write transaction is made of, shared by the transaction runner (table.ts) and the writers of
 * items that join a record's transaction (an idempotency key's answer, idempotency.ts).
 */

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Builds, from the record a write is about to store, an item written in the same transaction. */
export type Receipt<Written> = (record: Written) => TransactItem;

/** When and with what receipt (the answer to an idempotency key, data/table/idempotency.ts) a record is written. */
export interface WriteOptions<Written> {
  now?: Date;
  receipt?: Receipt<Written>;
}
