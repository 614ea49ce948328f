import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { MEMBER_PROFILE, memberPartition } from '@cpbo/functions/data/members/member-keys.ts';
import { localClientConfig, localTableName } from '../aws-environment.ts';
import { RETRIED, type LoadCall, type LoadKind } from './load-workload.ts';

/*
 * bench:load's two loops at the same concurrency: the API over HTTP (a few lines of fetch, whose pool
 * keeps a connection per worker: each call depends on the answers before it, which a load tool's fixed
 * requests do not express), and the bare DynamoDB Local calls it is compared with.
 */

export interface Latencies {
  count: number;
  perSecond: number;
  p50: number;
  p99: number;
}

export const latencies = (milliseconds: readonly number[], seconds: number): Latencies => {
  const sorted = [...milliseconds].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return { count: sorted.length, perSecond: sorted.length / seconds, p50: at(0.5), p99: at(0.99) };
};

/** One answer: status 0 when the call got none (the connection failed). */
export interface Answer {
  kind: LoadKind;
  status: number;
  milliseconds: number;
  /** The catalogue code of an error answer. */
  code?: string;
  /** The record a write created (its answer's id). */
  id?: string;
}

/** A write and every answer its key got. */
export interface KeyedWrite {
  kind: LoadKind;
  key: string;
  answers: Answer[];
}

export interface HttpLoad {
  seconds: number;
  answers: Answer[];
  writes: KeyedWrite[];
}

/** Sends of one key while its answer is lost or a 5xx (a client keeps its key until it has an answer). */
const MAX_SENDS = 10;
/** The share of answered writes sent again with their key (a client that missed the answer). */
const RETRY_SHARE = 0.05;

export const runHttpLoad = async (options: {
  url: string;
  tokens: Record<LoadCall['as'], string>;
  connections: number;
  seconds: number;
  next: () => LoadCall;
  random?: () => number;
}): Promise<HttpLoad> => {
  const random = options.random ?? Math.random;
  const answers: Answer[] = [];
  const writes: KeyedWrite[] = [];

  const send = async (call: LoadCall, kind: LoadKind): Promise<Answer> => {
    const started = performance.now();
    try {
      const response = await fetch(`${options.url}/api${call.path}`, {
        method: call.method,
        headers: {
          authorization: `Bearer ${options.tokens[call.as]}`,
          ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(call.idempotencyKey ? { 'idempotency-key': call.idempotencyKey } : {}),
        },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
      });
      const text = await response.text();
      const body = (
        response.headers.get('content-type')?.startsWith('application/json') && text ? JSON.parse(text) : {}
      ) as { code?: string; id?: string };
      const answer: Answer = { kind, status: response.status, milliseconds: performance.now() - started };
      if (response.status >= 400) answer.code = body.code ?? 'no code';
      else if (call.method === 'POST') answer.id = body.id;
      answers.push(answer);
      return answer;
    } catch {
      const answer: Answer = {
        kind,
        status: 0,
        milliseconds: performance.now() - started,
        code: 'no answer',
      };
      answers.push(answer);
      return answer;
    }
  };

  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const connection = async () => {
    while (performance.now() < deadline) {
      const call = options.next();
      const first = await send(call, call.kind);
      if (!call.idempotencyKey) continue;
      const write: KeyedWrite = { kind: call.kind, key: call.idempotencyKey, answers: [first] };
      writes.push(write);
      let last = first;
      while ((last.status === 0 || last.status >= 500) && write.answers.length < MAX_SENDS) {
        last = await send(call, RETRIED);
        write.answers.push(last);
      }
      if (last.status < 300 && random() < RETRY_SHARE) write.answers.push(await send(call, RETRIED));
    }
  };
  await Promise.all(Array.from({ length: options.connections }, connection));
  return { seconds: (performance.now() - started) / 1000, answers, writes };
};

export interface BareLoad {
  get: Latencies;
  query: Latencies;
  all: Latencies;
}

/** GetItem of a member's profile and Query of its partition, in turn, straight to DynamoDB Local. */
export const runBareLoad = async (options: {
  endpoint: string;
  memberIds: readonly string[];
  connections: number;
  seconds: number;
}): Promise<BareLoad> => {
  const client = DynamoDBDocumentClient.from(new DynamoDBClient(localClientConfig(options.endpoint)));
  const timings = { get: [] as number[], query: [] as number[] };
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  let turn = 0;
  const connection = async () => {
    while (performance.now() < deadline) {
      turn += 1;
      const memberId = options.memberIds[turn % options.memberIds.length] as string;
      const callStarted = performance.now();
      if (turn % 2) {
        await client.send(
          new GetCommand({
            TableName: localTableName,
            Key: { pk: memberPartition(memberId), sk: MEMBER_PROFILE },
          }),
        );
        timings.get.push(performance.now() - callStarted);
      } else {
        await client.send(
          new QueryCommand({
            TableName: localTableName,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': memberPartition(memberId) },
          }),
        );
        timings.query.push(performance.now() - callStarted);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: options.connections }, connection));
  } finally {
    client.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    get: latencies(timings.get, seconds),
    query: latencies(timings.query, seconds),
    all: latencies([...timings.get, ...timings.query], seconds),
  };
};
