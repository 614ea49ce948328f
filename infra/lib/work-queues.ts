import { Duration } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { queueDefinitions, queueNames, type QueueName } from '@cpbo/functions/platform/queues.ts';

/** A dead-letter queue keeps a failed message for the longest time SQS allows, to inspect and redrive it. */
export const newDeadLetterQueue = (scope: Construct, id: string): sqs.Queue =>
  new sqs.Queue(scope, id, {
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });

/** One SQS queue per entry of queueDefinitions, each with its dead-letter queue. */
export class WorkQueues extends Construct {
  readonly queues: Readonly<Record<QueueName, sqs.Queue>>;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.queues = Object.fromEntries(
      queueNames.map((name) => {
        const definition = queueDefinitions[name];
        const queue = new sqs.Queue(this, `${name}-queue`, {
          encryption: sqs.QueueEncryption.SQS_MANAGED,
          enforceSSL: true,
          visibilityTimeout: Duration.seconds(definition.visibilityTimeoutSeconds),
          deadLetterQueue: {
            queue: newDeadLetterQueue(this, `${name}-dead-letters`),
            maxReceiveCount: definition.maxReceiveCount,
          },
        });
        return [name, queue];
      }),
    ) as Record<QueueName, sqs.Queue>;
  }
}
