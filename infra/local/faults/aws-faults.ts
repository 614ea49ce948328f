import {
  InternalServerError,
  ProvisionedThroughputExceededException,
  ThrottlingException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { TooManyRequestsException } from '@aws-sdk/client-sesv2';
import { RequestThrottled } from '@aws-sdk/client-sqs';
import type { ClientPlugin } from '@cpbo/functions/platform/client-plugins.ts';

/*
 * AWS's transient errors, thrown at a set rate by an SDK middleware just before a request would be
 * sent, after the SDK's retry middleware: the SDK's own retry strategy meets them as it meets AWS's
 * answers. Each is the SDK's own exception class, with the HTTP status AWS answers it with, which is
 * what the SDK classifies it by (throttling by name or 429, transient by 500-504; $retryable where the
 * model says so). S3's come on the wire instead (s3-faults.ts): the functions also reach S3 by fetch.
 */

export interface InjectedFault {
  service: 'DynamoDB' | 'SQS' | 'SESv2';
  name: string;
}

type Make = (
  metadata: { httpStatusCode: number; requestId: string },
  input: unknown,
  random: () => number,
) => Error;

interface FaultKind {
  name: string;
  status: number;
  make: Make;
}

const kind = (name: string, status: number, make: Make): FaultKind => ({ name, status, make });

type Metadata = Parameters<Make>[0];

/** A fault that is the service's exception with AWS's status and message, nothing more. */
const plain = <Name extends string>(
  Exception: new (options: { $metadata: Metadata; message: string }) => Error & { name: Name },
  name: Name,
  status: number,
  message: string,
) => kind(name, status, ($metadata) => new Exception({ $metadata, message }));

const throughput = plain(
  ProvisionedThroughputExceededException,
  'ProvisionedThroughputExceededException',
  400,
  'The level of configured provisioned throughput for the table was exceeded.',
);
const throttling = plain(
  ThrottlingException,
  'ThrottlingException',
  400,
  'Throughput exceeds the current capacity.',
);
const internal = plain(InternalServerError, 'InternalServerError', 500, 'Internal server error');

/** A transaction that met another one on one of its items: that item's reason is TransactionConflict. */
const transactionConflict = kind('TransactionCanceledException', 400, ($metadata, input, random) => {
  const count = (input as { TransactItems?: unknown[] }).TransactItems?.length ?? 1;
  const conflicted = Math.floor(random() * count);
  const codes = Array.from({ length: count }, (_, index) =>
    index === conflicted ? 'TransactionConflict' : 'None',
  );
  return new TransactionCanceledException({
    $metadata,
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
    CancellationReasons: codes.map((Code) =>
      Code === 'None' ? { Code } : { Code, Message: 'Transaction is ongoing for the item' },
    ),
  });
});

const sqsThrottled = plain(RequestThrottled, 'RequestThrottled', 400, 'Request is throttled.');
const sesThrottled = plain(
  TooManyRequestsException,
  'TooManyRequestsException',
  429,
  'Maximum sending rate exceeded.',
);

const dynamoFaults = [throughput, throttling, internal];
const transactions = new Set(['TransactWriteItemsCommand', 'TransactGetItemsCommand']);

/** The service a client talks to, and the faults AWS answers a command of it with (none for others). */
export const faultsOf = (
  clientName: string,
  commandName: string,
): { service: InjectedFault['service']; faults: readonly FaultKind[] } | undefined => {
  if (clientName === 'DynamoDBClient')
    return {
      service: 'DynamoDB',
      faults: transactions.has(commandName) ? [...dynamoFaults, transactionConflict] : dynamoFaults,
    };
  if (clientName === 'SQSClient' && commandName === 'SendMessageCommand')
    return { service: 'SQS', faults: [sqsThrottled] };
  if (clientName === 'SESv2Client' && commandName === 'SendEmailCommand')
    return { service: 'SESv2', faults: [sesThrottled] };
  return undefined;
};

export interface AwsFaultsOptions {
  /** The share of requests that fail, from 0 to 1, now. */
  rate: () => number;
  random?: () => number;
  /** Told of each fault thrown. */
  onFault?: (fault: InjectedFault) => void;
}

/** The SDK plugin that throws AWS's transient errors at `rate` (for useClientPlugin). */
export const awsFaults = ({ rate, random = Math.random, onFault }: AwsFaultsOptions): ClientPlugin => ({
  applyToStack: (stack) => {
    stack.add(
      (next, context) => async (args) => {
        const faulty = faultsOf(context.clientName ?? '', context.commandName ?? '');
        if (!faulty || random() >= rate()) return next(args);
        const fault = faulty.faults[Math.floor(random() * faulty.faults.length)] as FaultKind;
        onFault?.({ service: faulty.service, name: fault.name });
        throw fault.make(
          { httpStatusCode: fault.status, requestId: `injected-${Date.now().toString(36)}` },
          args.input,
          random,
        );
      },
      { step: 'finalizeRequest', priority: 'low', name: 'awsFaults' },
    );
  },
});
