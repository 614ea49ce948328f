import { createHash, randomUUID } from 'node:crypto';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { localRegion } from '../aws-environment.ts';
import type { WorkerHandler } from '../functions-code.ts';
import { lambdaContext } from '@cpbo/events/http-api-event.ts';

export interface InProcessQueueOptions {
  name: string;
  batchSize: number;
  /** Deliveries of one message before it moves to the dead-letter list (the SQS redrive policy). */
  maxReceiveCount: number;
  handler: WorkerHandler<SQSEvent>;
  log(line: string): void;
  /** Wait before a failed message is delivered again, times its receive count (SQS waits the visibility timeout). */
  retryDelayMs?: number;
}

export interface DeadLetter {
  queue: string;
  messageId: string;
  body: string;
  receiveCount: number;
}

interface QueuedMessage {
  messageId: string;
  body: string;
  sentTimestamp: number;
  receiveCount: number;
  firstReceiveTimestamp?: number;
  visibleAt: number;
}

const toRecord = (queue: string, message: QueuedMessage): SQSRecord => ({
  messageId: message.messageId,
  receiptHandle: `${message.messageId}#${message.receiveCount}`,
  body: message.body,
  attributes: {
    ApproximateReceiveCount: String(message.receiveCount),
    SentTimestamp: String(message.sentTimestamp),
    SenderId: 'local',
    ApproximateFirstReceiveTimestamp: String(message.firstReceiveTimestamp ?? message.sentTimestamp),
  },
  messageAttributes: {},
  md5OfBody: createHash('md5').update(message.body).digest('hex'),
  eventSource: 'aws:sqs',
  eventSourceARN: `arn:aws:sqs:${localRegion}:000000000000:${queue}`,
  awsRegion: localRegion,
});

/**
 * An SQS queue and its Lambda event source mapping in one: batches of SQS-shaped records go to the
 * worker one batch at a time; the messages it reports failed come back later, and after
 * maxReceiveCount deliveries move to the dead-letter list.
 */
export class InProcessQueue {
  readonly deadLetters: DeadLetter[] = [];
  private readonly waiting: QueuedMessage[] = [];
  private delivering = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly options: InProcessQueueOptions) {}

  send(body: string): string {
    if (this.stopped) throw new Error(`The queue ${this.options.name} is stopped`);
    const now = Date.now();
    const message = { messageId: randomUUID(), body, sentTimestamp: now, receiveCount: 0, visibleAt: now };
    this.waiting.push(message);
    this.schedule(0);
    return message.messageId;
  }

  /** Resolves once every message is delivered or dead-lettered (tests wait on it). */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.waiting.length) {
      this.options.log(
        `[queue ${this.options.name}] stopped with ${this.waiting.length} message(s) undelivered`,
      );
    }
    this.waiting.length = 0;
    this.settle();
  }

  private isIdle(): boolean {
    return this.waiting.length === 0 && !this.delivering;
  }

  private settle(): void {
    if (!this.isIdle()) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    waiters.forEach((resolve) => resolve());
  }

  private schedule(delayMs: number): void {
    if (this.stopped || this.delivering) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.deliverNext(), Math.max(0, delayMs));
  }

  private async deliverNext(): Promise<void> {
    const now = Date.now();
    const batch = this.waiting.filter((message) => message.visibleAt <= now).slice(0, this.options.batchSize);
    if (!batch.length) {
      const next = Math.min(...this.waiting.map((message) => message.visibleAt));
      if (Number.isFinite(next)) this.schedule(next - now);
      this.settle();
      return;
    }
    for (const message of batch) {
      this.waiting.splice(this.waiting.indexOf(message), 1);
      message.receiveCount += 1;
      message.firstReceiveTimestamp ??= now;
    }
    this.delivering = true;
    const failed = await this.failedMessages(batch);
    this.delivering = false;
    if (!this.stopped) failed.forEach((message) => this.retryOrDeadLetter(message));
    this.settle();
    if (this.waiting.length) this.schedule(0);
  }

  private async failedMessages(batch: QueuedMessage[]): Promise<QueuedMessage[]> {
    const { name, handler, log } = this.options;
    try {
      const event: SQSEvent = { Records: batch.map((message) => toRecord(name, message)) };
      const result = await handler(event, lambdaContext(`local-${name}-worker`, 60_000));
      const failedIds = new Set(result?.batchItemFailures.map((failure) => failure.itemIdentifier) ?? []);
      // Lambda fails the whole batch when a reported id is not one of its messages.
      if ([...failedIds].some((id) => !batch.some((message) => message.messageId === id))) return batch;
      return batch.filter((message) => failedIds.has(message.messageId));
    } catch (error) {
      log(
        `[queue ${name}] the worker failed the whole batch: ${error instanceof Error ? error.message : String(error)}`,
      );
      return batch;
    }
  }

  private retryOrDeadLetter(message: QueuedMessage): void {
    const { name, maxReceiveCount, retryDelayMs = 500, log } = this.options;
    if (message.receiveCount >= maxReceiveCount) {
      this.deadLetters.push({
        queue: name,
        messageId: message.messageId,
        body: message.body,
        receiveCount: message.receiveCount,
      });
      log(
        `[queue ${name}] message ${message.messageId} dead-lettered after ${message.receiveCount} deliveries: ${message.body}`,
      );
      return;
    }
    message.visibleAt = Date.now() + retryDelayMs * message.receiveCount;
    this.waiting.push(message);
  }
}
