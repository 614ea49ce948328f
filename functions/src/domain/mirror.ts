import { createHmac } from 'node:crypto';

/*
 * What the mirror refresh copies, and how it hides personal fields. Pure: the same item and key give
 * the same copy, so two refreshes of unchanged data write the same mirror.
 */

/** The personal fields replaced in the copy (spec: phone, bank account and branch, IFSC), wherever they are. */
export const PSEUDONYMISED_FIELDS = ['phone', 'bankAccount', 'bankBranchName', 'bankIFSC'] as const;
const pseudonymised = new Set<string>(PSEUDONYMISED_FIELDS);

const DIGITS = '0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';

/**
 * A keyed hash of the value (HMAC-SHA-256, so that a short value such as a phone number cannot be
 * found again by hashing every candidate), spread over the value's characters: each digit becomes a
 * digit, each letter a letter of the same case, and the rest (spaces, '+', '-') stays, so the copy
 * keeps the shape the screens and checks expect.
 */
export const pseudonymOf = (field: string, value: string, key: Uint8Array): string => {
  let stream = Buffer.alloc(0);
  for (let block = 0; stream.length < value.length; block += 1) {
    stream = Buffer.concat([
      stream,
      createHmac('sha256', key).update(`${field}\u0000${block}\u0000${value}`).digest(),
    ]);
  }
  return [...value]
    .map((character, index) => {
      const byte = stream[index] ?? 0;
      if (DIGITS.includes(character)) return DIGITS[byte % 10];
      if (UPPER.includes(character)) return UPPER[byte % 26];
      if (LOWER.includes(character)) return LOWER[byte % 26];
      return character;
    })
    .join('');
};

/** The item with every personal field (at any depth) replaced by its pseudonym; the item itself is not changed. */
export const pseudonymiseItem = <Item>(item: Item, key: Uint8Array): Item => {
  const walk = (value: unknown, field?: string): unknown => {
    if (typeof value === 'string')
      return field && pseudonymised.has(field) && value ? pseudonymOf(field, value, key) : value;
    if (Array.isArray(value)) return value.map((entry) => walk(entry, field));
    if (value instanceof Set || value instanceof Uint8Array || value === null || typeof value !== 'object')
      return value;
    return Object.fromEntries(Object.entries(value).map(([name, entry]) => [name, walk(entry, name)]));
  };
  return walk(item) as Item;
};

/*
 * The environment's own workings stay out of the copy: its log, the mobile reports, the mirror job,
 * sessions, one-time tokens, idempotency receipts, import, export and aggregates rebuild jobs (and
 * their locks), the stream workers' markers and the mail worker's, and the outbox's messages not sent yet
 * (a mail among them holds its link). Everything else
 * (enablers, configs, members, plots, money, audit, users, aggregates) is copied.
 */
const ownPartitions = new Set(['REPORTS', 'MIRROR', 'IMPORTLOCK']);
const ownPartitionPrefixes = [
  'LOG#',
  'IDEMPOTENCY#',
  'TOKEN#',
  'AGGMARK#',
  'DATAJOB#',
  'REBUILDJOB#',
  'REBUILDLOCK#',
  'MAILSENT#',
  'OUTBOX#',
];
const ownSortKeys = ['SESSION#'];

export const isMirrored = ({ pk, sk }: { pk: unknown; sk: unknown }): boolean =>
  typeof pk === 'string' &&
  typeof sk === 'string' &&
  !ownPartitions.has(pk) &&
  !ownPartitionPrefixes.some((prefix) => pk.startsWith(prefix)) &&
  !ownSortKeys.some((prefix) => sk.startsWith(prefix));
