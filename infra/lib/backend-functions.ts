import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { handlerEntry } from '@cpbo/functions/http/handlers.ts';
import { resources, type Resource } from '@cpbo/functions/http/routes.ts';
import { environmentVariables } from '@cpbo/functions/platform/environment.ts';
import { queueDefinitions, queueNames } from '@cpbo/functions/domain/queues.ts';
import { queueUrlVariable } from '@cpbo/functions/platform/queue.ts';
import {
  scheduledWorkers,
  streamEntityTypes,
  streamOldImageWorkers,
  streamWorkers,
  workerEntry,
  workers,
  type ScheduledWorker,
  type StreamWorker,
  type Worker,
} from '@cpbo/functions/workers/workers.ts';
import { bundleFunction, functionNodeOptions, handlerSetting, lambdaRuntime } from './function-bundling.ts';
import {
  functionAccess,
  grantFunctionAccess,
  type AccessTargets,
  type FunctionName,
} from './function-permissions.ts';
import { shipNativeModules, type PrebuildPlatform } from './native-modules.ts';
import { acknowledge } from './nag.ts';
import { newDeadLetterQueue, type WorkQueues } from './work-queues.ts';

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
const functionsRoot = join(repositoryRoot, 'functions');

/** Where node-gyp-build looks for the prebuilt binaries of each Lambda architecture. */
const prebuildPlatforms: Record<string, PrebuildPlatform> = {
  [lambda.Architecture.ARM_64.name]: 'linux-arm64',
  [lambda.Architecture.X86_64.name]: 'linux-x64',
};

/**
 * A function's code: its entry bundled by esbuild in this process (bundleFunction, which the bench
 * uses too), with the native modules it imports. The entry's folder is the asset's source, which
 * keeps CDK's asset cache apart per function; only the output is hashed.
 */
const functionCode = (
  entry: string,
  runtime: lambda.Runtime,
  architecture: lambda.Architecture,
): lambda.Code => {
  const platform = prebuildPlatforms[architecture.name];
  if (!platform) throw new Error(`No prebuilt binaries are known for ${architecture.name}`);
  return lambda.Code.fromAsset(dirname(entry), {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Only for CDK's type: local bundling always succeeds or throws, so no container is started.
      image: runtime.bundlingImage,
      local: {
        tryBundle: (outputDirectory) => {
          shipNativeModules(bundleFunction(entry, outputDirectory), outputDirectory, platform);
          return true;
        },
      },
    },
  });
};

export type ApiFunctionName = Resource | 'not-found';

export interface BackendFunctionsProps {
  readonly environmentName: string;
  readonly mailFrom: string;
  readonly table: dynamodb.Table;
  /** Written by the mirror worker only. */
  readonly mirrorTable: dynamodb.Table;
  readonly filesBucket: s3.IBucket;
  readonly memberDirectoryBucket: s3.IBucket;
  readonly workQueues: WorkQueues;
  /** A static name: the parameter's value (the CloudFront address) is written after the API exists. */
  readonly appUrlParameterName: string;
  readonly retainData: boolean;
  /** Days the application's log lines are kept in the table (its TTL removes them after). */
  readonly logRetentionDays: number;
}

/** Every Lambda: one per /api resource, the JSON 404 fallback, and one per worker with its event source. */
export class BackendFunctions extends Construct {
  readonly api: Readonly<Record<ApiFunctionName, lambda.Function>>;
  readonly workers: Readonly<Record<Worker, lambda.Function>>;
  /** Where each stream worker's failed records go. */
  readonly streamDeadLetterQueues: Readonly<Record<StreamWorker, sqs.Queue>>;

  constructor(scope: Construct, id: string, props: BackendFunctionsProps) {
    super(scope, id);
    const { table, filesBucket, workQueues, retainData } = props;

    const tokenSigningSecret = new secretsmanager.Secret(this, 'TokenSigningSecret', {
      description: `Signs the access tokens of the crop protection back office (${props.environmentName})`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    acknowledge(
      tokenSigningSecret,
      'SMG4',
      'Rotated by hand (docs/operations.md): a rotation ends every session, so it is not scheduled',
    );
    const environment: Record<string, string> = {
      [environmentVariables.tableName]: table.tableName,
      [environmentVariables.mirrorTableName]: props.mirrorTable.tableName,
      [environmentVariables.filesBucket]: filesBucket.bucketName,
      [environmentVariables.memberDirectoryBucket]: props.memberDirectoryBucket.bucketName,
      [environmentVariables.jwtSecretArn]: tokenSigningSecret.secretArn,
      [environmentVariables.appUrlParameter]: props.appUrlParameterName,
      [environmentVariables.mailFrom]: props.mailFrom,
      [environmentVariables.environmentName]: props.environmentName,
      [environmentVariables.logRetentionDays]: String(props.logRetentionDays),
      NODE_OPTIONS: functionNodeOptions,
      ...Object.fromEntries(
        queueNames.map((name) => [queueUrlVariable(name), workQueues.queues[name].queueUrl]),
      ),
    };

    const accessTargets: AccessTargets = {
      table,
      mirrorTable: props.mirrorTable,
      filesBucket,
      memberDirectoryBucket: props.memberDirectoryBucket,
      tokenSecret: tokenSigningSecret,
      queues: workQueues.queues,
      appUrlParameterName: props.appUrlParameterName,
      mailFrom: props.mailFrom,
    };

    const architecture = lambda.Architecture.ARM_64;
    const runtime = new lambda.Runtime(lambdaRuntime.name, lambda.RuntimeFamily.NODEJS, {
      supportsInlineCode: true,
    });

    const newFunction = (
      name: string,
      entry: string,
      sizing: Pick<lambda.FunctionOptions, 'memorySize' | 'timeout' | 'description'>,
      /** Node options beyond every function's. */
      nodeOptions?: string,
    ): lambda.Function => {
      const logGroup = new logs.LogGroup(this, `${name}-logs`, {
        retention: logs.RetentionDays.ONE_MONTH,
        removalPolicy: retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      });
      // A role of its own instead of the managed basic execution policy, which may write every log group.
      const role = new iam.Role(this, `${name}-role`, {
        assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
        description: `The ${name} function's rights (function-permissions.ts)`,
      });
      logGroup.grantWrite(role);
      const fn = new lambda.Function(this, `${name}-function`, {
        ...sizing,
        code: functionCode(join(functionsRoot, entry), runtime, architecture),
        handler: handlerSetting,
        runtime,
        architecture,
        environment: nodeOptions
          ? { ...environment, NODE_OPTIONS: `${functionNodeOptions} ${nodeOptions}` }
          : environment,
        role,
        logGroup,
      });
      grantFunctionAccess(fn, functionAccess[name as FunctionName], accessTargets);
      acknowledge(fn, 'L1', RUNTIME_REASON);
      return fn;
    };

    // API Gateway gives up on an integration after 30 s; the function stops first so the caller gets our error.
    const apiSizing = { memorySize: 1024, timeout: Duration.seconds(29) };
    const apiFunctionNames: ApiFunctionName[] = [...resources, 'not-found'];
    this.api = Object.fromEntries(
      apiFunctionNames.map((name) => [
        name,
        newFunction(name, handlerEntry(name), {
          ...apiSizing,
          ...(listsInMemory.includes(name) && { memorySize: LIST_IN_MEMORY_MB }),
          description: `API resource: ${name}`,
        }),
      ]),
    ) as Record<ApiFunctionName, lambda.Function>;

    this.workers = Object.fromEntries(
      workers.map((worker) => [
        worker,
        newFunction(
          `${worker}-worker`,
          workerEntry(worker),
          {
            memorySize: workerMemory(worker),
            timeout: workerTimeout(worker),
            description: `Worker: ${worker}`,
          },
          worker === 'lists' ? `--max-old-space-size=${LISTS_WORKER_HEAP_MB}` : undefined,
        ),
      ]),
    ) as Record<Worker, lambda.Function>;

    for (const name of queueNames) {
      const definition = queueDefinitions[name];
      this.workers[definition.worker].addEventSource(
        new SqsEventSource(workQueues.queues[name], {
          batchSize: definition.batchSize,
          reportBatchItemFailures: true,
          ...('maxConcurrency' in definition && { maxConcurrency: definition.maxConcurrency }),
        }),
      );
    }

    const streamDeadLetterQueues: Partial<Record<StreamWorker, sqs.Queue>> = {};
    for (const worker of streamWorkers) {
      const entityTypes = streamEntityTypes[worker];
      const deadLetters = newDeadLetterQueue(
        this,
        worker === 'aggregates' ? 'stream-dead-letters' : `${worker}-stream-dead-letters`,
      );
      streamDeadLetterQueues[worker] = deadLetters;
      acknowledge(
        deadLetters,
        'SQS3',
        'It is a dead-letter queue itself: the stream mapping sends failed records here',
      );
      // The event source mapping's read of the stream: ListStreams takes no resource.
      acknowledge(
        this.workers[worker].role ?? this.workers[worker],
        'IAM5',
        'dynamodb:ListStreams has no resource scope',
        ['Resource::*'],
      );
      this.workers[worker].addEventSource(
        new DynamoEventSource(table, {
          startingPosition: lambda.StartingPosition.TRIM_HORIZON,
          ...streamBatching[worker],
          reportBatchItemFailures: true,
          // A failing record is isolated by halving the batch, retried a bounded number of times, then
          // recorded in the dead-letter queue so the shard keeps moving.
          bisectBatchOnError: true,
          retryAttempts: 5,
          onFailure: new SqsDlq(deadLetters),
          // Patterns are alternatives: a deletion has only an old image.
          ...(entityTypes && {
            filters: [
              lambda.FilterCriteria.filter({ dynamodb: { NewImage: { entityType: { S: entityTypes } } } }),
              ...(streamOldImageWorkers.includes(worker)
                ? [
                    lambda.FilterCriteria.filter({
                      dynamodb: { OldImage: { entityType: { S: entityTypes } } },
                    }),
                  ]
                : []),
            ],
          }),
        }),
      );
    }

    this.streamDeadLetterQueues = streamDeadLetterQueues as Record<StreamWorker, sqs.Queue>;

    // What runs on a schedule, e.g. the refresh of every enabler's list snapshots.
    for (const [worker, { everyMinutes }] of Object.entries(scheduledWorkers)) {
      new events.Rule(this, `${worker}-rule`, {
        description: `Runs the ${worker} worker every ${everyMinutes} minutes`,
        schedule: events.Schedule.rate(Duration.minutes(everyMinutes)),
        targets: [new targets.LambdaFunction(this.workers[worker as ScheduledWorker], { retryAttempts: 2 })],
      });
    }
  }
}

/** The functions that keep an enabler's list in memory, loaded from its snapshot (data/lists/directories.ts). */
const listsInMemory: readonly ApiFunctionName[] = [
  'members',
  'admin-plots',
  'admin-contributions',
  'admin-payouts',
  'admin-cashouts',
];

/**
 * A list in memory: a new instance loading an enabler of 500 000 members peaks at about 460 MB
 * resident (npm run bench:members), one of 500 000 contributions at ADMIN_LIST_PEAK (npm run
 * bench:admin-lists); 1769 MB is where Lambda gives a whole vCPU, which the cold load (decompressing
 * and reading the snapshot) uses.
 */
export const LIST_IN_MEMORY_MB = 1769;

/** Why the functions stay on their runtime when a newer one exists. */
export const RUNTIME_REASON =
  'The runtime the bundles are compiled and measured for (function-bundling.ts lambdaRuntime); moved deliberately';
/** The worker holds a whole enabler's summaries while it rebuilds a snapshot from the table. */
export const MEMBER_SNAPSHOT_MEMORY_MB = 2048;
/**
 * Its JavaScript heap, three quarters of its memory: a rebuild's columns and orders are typed arrays
 * outside the heap, which an unbounded heap lets pile up as garbage past the function's memory (5
 * million contributions: 1 335 MB resident at most with this bound, 2 064 MB without; bench:admin-lists).
 */
export const LISTS_WORKER_HEAP_MB = 1536;
/** The import worker parses the whole file before writing (its schema is checked on the whole). */
const IMPORT_MEMORY_MB = 3008;

const workerMemory = (worker: Worker): number => {
  if (worker === 'lists') return MEMBER_SNAPSHOT_MEMORY_MB;
  if (worker === 'import') return IMPORT_MEMORY_MB;
  return 512;
};

/**
 * The aggregates follow each record; the member directory waits up to 20 s to gather changes, so a
 * busy enabler's snapshot is written a few times a minute at most.
 */
const streamBatching: Record<StreamWorker, { batchSize: number; maxBatchingWindow?: Duration }> = {
  aggregates: { batchSize: 100 },
  lists: { batchSize: 1000, maxBatchingWindow: Duration.seconds(20) },
};

/**
 * Stream batches get a minute (a snapshot rebuild reads a whole enabler: five, a sixth of its snapshots
 * queue's visibility timeout); a queue worker gets a sixth of its queue's visibility timeout, as AWS advises.
 */
export const workerTimeout = (worker: Worker): Duration => {
  if (worker === 'lists') return Duration.minutes(5);
  if (worker in scheduledWorkers)
    return Duration.seconds(scheduledWorkers[worker as ScheduledWorker].timeoutSeconds);
  if (worker === 'aggregates') return Duration.seconds(60);
  const queue = queueNames.find((name) => queueDefinitions[name].worker === worker);
  if (!queue)
    throw new Error(
      `Worker ${worker} has no queue in queueDefinitions, no schedule and is not the stream worker`,
    );
  return Duration.seconds(Math.floor(queueDefinitions[queue].visibilityTimeoutSeconds / 6));
};
