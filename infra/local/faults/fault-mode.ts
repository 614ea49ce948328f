import { queueNames } from '@cpbo/functions/domain/queues.ts';
import { useClientPlugin } from '@cpbo/functions/platform/client-plugins.ts';
import type { MailTransport } from '@cpbo/functions/platform/mail.ts';
import { queueUrlVariable, type QueueTransport } from '@cpbo/functions/platform/queue.ts';
import { awsFaults } from './aws-faults.ts';
import { startS3FaultProxy } from './s3-faults.ts';
import { localQueueUrl, sdkDelivery } from './sdk-delivery.ts';

export interface FaultMode {
  /** For the functions: S3 through the fault proxy, the queues' URLs for the SDK's SQS client. */
  environment: Record<string, string>;
  /** Starts the faults (the demo data is seeded without). */
  arm(): void;
  /** The faults injected so far, by service and error. */
  injected(): Record<string, number>;
  stop(): Promise<void>;
}

/**
 * The local runtime's fault mode: AWS's transient errors in `rate` of the functions' calls to DynamoDB,
 * S3, SQS (SendMessage) and SES (SendEmail), which go through their own SDK clients as in AWS.
 */
export const startFaultMode = async (options: {
  rate: number;
  s3Endpoint: string;
  queues: QueueTransport;
  mail: MailTransport;
}): Promise<FaultMode> => {
  let rate = 0;
  const injected = new Map<string, number>();
  const count = (name: string) => injected.set(name, (injected.get(name) ?? 0) + 1);
  const s3 = await startS3FaultProxy({
    target: options.s3Endpoint,
    rate: () => rate,
    onFault: (fault) => count(`S3 ${fault.code}`),
  });
  useClientPlugin(sdkDelivery(options.queues, options.mail));
  useClientPlugin(
    awsFaults({ rate: () => rate, onFault: (fault) => count(`${fault.service} ${fault.name}`) }),
  );
  return {
    environment: {
      AWS_ENDPOINT_URL_S3: s3.endpoint,
      ...Object.fromEntries(queueNames.map((queue) => [queueUrlVariable(queue), localQueueUrl(queue)])),
    },
    arm: () => {
      rate = options.rate;
    },
    injected: () => Object.fromEntries(injected),
    stop: () => s3.stop(),
  };
};
