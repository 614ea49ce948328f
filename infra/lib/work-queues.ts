import { Duration } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ONE_TIME_TOKEN_LIFETIME_SECONDS } from '@cpbo/functions/domain/one-time-tokens.ts';
import { queueDefinitions, queueNames, type QueueName } from '@cpbo/functions/domain/queues.ts';

/** A dead-letter queue keeps a failed message for the longest time SQS allows, to inspect and redrive it. */
export const newDeadLetterQueue = (
  scope: Construct,
  id: string,
  retentionPeriod = Duration.days(14),
): sqs.Queue =>
  new sqs.Queue(scope, id, {
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod,
  });

/**
 * A failed mail holds a one-time link: its dead letter is kept no longer than the longest link lives
 * (SQS counts from the message's first enqueue), so no usable link waits in the queue.
 */
export const MAIL_DEAD_LETTER_RETENTION = Duration.seconds(
  Math.max(...Object.values(ONE_TIME_TOKEN_LIFETIME_SECONDS)),
);

/** One SQS queue per entry of queueDefinitions, each with its dead-letter queue. */
export class WorkQueues extends Construct {
  readonly queues: Readonly<Record<QueueName, sqs.Queue>>;
  readonly deadLetterQueues: Readonly<Record<QueueName, sqs.Queue>>;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const queues: Partial<Record<QueueName, sqs.Queue>> = {};
    const deadLetterQueues: Partial<Record<QueueName, sqs.Queue>> = {};
    for (const name of queueNames) {
      const definition = queueDefinitions[name];
      const deadLetters = newDeadLetterQueue(
        this,
        `${name}-dead-letters`,
        name === 'mail' ? MAIL_DEAD_LETTER_RETENTION : undefined,
      );
      deadLetterQueues[name] = deadLetters;
      queues[name] = new sqs.Queue(this, `${name}-queue`, {
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        visibilityTimeout: Duration.seconds(definition.visibilityTimeoutSeconds),
        deadLetterQueue: { queue: deadLetters, maxReceiveCount: definition.maxReceiveCount },
      });
    }
    this.queues = queues as Record<QueueName, sqs.Queue>;
    this.deadLetterQueues = deadLetterQueues as Record<QueueName, sqs.Queue>;
  }
}
