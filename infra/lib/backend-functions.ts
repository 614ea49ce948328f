import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ArnFormat, Duration, RemovalPolicy, Stack, Stage } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { handlerEntry } from '@cpbo/functions/http/handlers.ts';
import { resources, type Resource } from '@cpbo/functions/http/routes.ts';
import { environmentVariables } from '@cpbo/functions/platform/environment.ts';
import { queueDefinitions, queueNames, queueUrlVariable } from '@cpbo/functions/platform/queues.ts';
import {
  streamEntityTypes,
  streamWorkers,
  workerEntry,
  workers,
  type StreamWorker,
  type Worker,
} from '@cpbo/functions/workers/workers.ts';
import { newDeadLetterQueue, type WorkQueues } from './work-queues.ts';

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
const functionsRoot = join(repositoryRoot, 'functions');

/** Native packages: their prebuilt binaries (argon2 ships linux-arm64) must be copied, not bundled. */
const nativeModules = ['argon2'];

/**
 * Shell commands copying the native packages next to a bundle. They are installed once per lock file,
 * in cdk.out where later synths reuse them, instead of NodejsFunction's nodeModules option, which runs
 * `npm ci` for every function (5 to 15 s each here). Commands only, no side effect: CDK asks for them
 * even when it skips bundling (tests).
 */
const nativeModulesCommands = (outdir: string): ((outputDir: string) => string[]) => {
  const lockFile = join(repositoryRoot, 'package-lock.json');
  const { dependencies } = JSON.parse(readFileSync(join(functionsRoot, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const manifest = JSON.stringify({
    dependencies: Object.fromEntries(
      nativeModules.map((name) => {
        const version = dependencies[name];
        if (!version) throw new Error(`${name} is not a dependency of functions/package.json`);
        return [name, version];
      }),
    ),
  });
  const key = createHash('sha256').update(manifest).update(readFileSync(lockFile)).digest('hex').slice(0, 16);
  const directory = join(outdir, `native-modules-${key}`);
  const install = [
    `mkdir -p "${directory}"`,
    `printf '%s' '${manifest}' > "${directory}/package.json"`,
    `cp "${lockFile}" "${directory}/package-lock.json"`,
    `(cd "${directory}" && npm ci --prefer-offline --no-audit --no-fund)`,
    `touch "${directory}/.installed"`,
  ].join(' && ');
  return (outputDir) => [
    `test -f "${directory}/.installed" || { ${install}; }`,
    `cp -R "${directory}/node_modules" "${outputDir}/"`,
  ];
};

export type ApiFunctionName = Resource | 'not-found';

export interface BackendFunctionsProps {
  readonly environmentName: string;
  readonly mailFrom: string;
  readonly table: dynamodb.Table;
  readonly filesBucket: s3.IBucket;
  readonly memberDirectoryBucket: s3.IBucket;
  readonly workQueues: WorkQueues;
  /** A static name: the parameter's value (the CloudFront address) is written after the API exists. */
  readonly appUrlParameterName: string;
  readonly retainData: boolean;
}

/** Every Lambda: one per /api resource, the JSON 404 fallback, and one per worker with its event source. */
export class BackendFunctions extends Construct {
  readonly api: Readonly<Record<ApiFunctionName, NodejsFunction>>;
  readonly workers: Readonly<Record<Worker, NodejsFunction>>;

  constructor(scope: Construct, id: string, props: BackendFunctionsProps) {
    super(scope, id);
    const { table, filesBucket, workQueues, retainData } = props;
    const stack = Stack.of(this);

    const tokenSigningSecret = new secretsmanager.Secret(this, 'TokenSigningSecret', {
      description: `Signs the access tokens of the crop protection back office (${props.environmentName})`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    // Granted by name, not through the parameter construct: referencing it would tie every function to
    // the CloudFront distribution, which itself depends on the API and so on the functions.
    const readAppUrl = new iam.PolicyStatement({
      actions: ['ssm:GetParameter'],
      resources: [
        stack.formatArn({
          service: 'ssm',
          resource: 'parameter',
          resourceName: props.appUrlParameterName.replace(/^\//, ''),
          arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
        }),
      ],
    });

    const environment: Record<string, string> = {
      [environmentVariables.tableName]: table.tableName,
      [environmentVariables.filesBucket]: filesBucket.bucketName,
      [environmentVariables.memberDirectoryBucket]: props.memberDirectoryBucket.bucketName,
      [environmentVariables.jwtSecretArn]: tokenSigningSecret.secretArn,
      [environmentVariables.appUrlParameter]: props.appUrlParameterName,
      [environmentVariables.mailFrom]: props.mailFrom,
      [environmentVariables.environmentName]: props.environmentName,
      // Stack traces in the logs point at the TypeScript sources (the bundles carry source maps).
      NODE_OPTIONS: '--enable-source-maps',
      ...Object.fromEntries(
        queueNames.map((name) => [queueUrlVariable(name), workQueues.queues[name].queueUrl]),
      ),
    };

    const copyNativeModules = nativeModulesCommands(Stage.of(this)?.outdir ?? tmpdir());

    const newFunction = (
      name: string,
      entry: string,
      sizing: Pick<lambda.FunctionOptions, 'memorySize' | 'timeout' | 'description'>,
    ): NodejsFunction => {
      const fn = new NodejsFunction(this, `${name}-function`, {
        ...sizing,
        entry: join(functionsRoot, entry),
        handler: 'handler',
        projectRoot: repositoryRoot,
        depsLockFilePath: join(repositoryRoot, 'package-lock.json'),
        runtime: lambda.Runtime.NODEJS_22_X,
        architecture: lambda.Architecture.ARM_64,
        environment,
        logGroup: new logs.LogGroup(this, `${name}-logs`, {
          retention: logs.RetentionDays.ONE_MONTH,
          removalPolicy: retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
        }),
        bundling: {
          format: OutputFormat.ESM,
          mainFields: ['module', 'main'],
          // CommonJS dependencies bundled into an ES module still call require().
          banner:
            "import { createRequire as cpboCreateRequire } from 'node:module'; const require = cpboCreateRequire(import.meta.url);",
          minify: true,
          sourceMap: true,
          sourcesContent: false,
          // The runtime provides the AWS SDK v3 (and its @smithy packages).
          externalModules: ['@aws-sdk/*', '@smithy/*', ...nativeModules],
          commandHooks: {
            beforeBundling: () => [],
            beforeInstall: () => [],
            afterBundling: (_inputDir, outputDir) => copyNativeModules(outputDir),
          },
        },
      });
      table.grantReadWriteData(fn);
      filesBucket.grantReadWrite(fn);
      for (const name of queueNames) workQueues.queues[name].grantSendMessages(fn);
      tokenSigningSecret.grantRead(fn);
      fn.addToRolePolicy(readAppUrl);
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
          ...(name === 'members' && { memorySize: MEMBER_LIST_MEMORY_MB }),
          description: `API resource: ${name}`,
        }),
      ]),
    ) as Record<ApiFunctionName, NodejsFunction>;

    this.workers = Object.fromEntries(
      workers.map((worker) => [
        worker,
        newFunction(`${worker}-worker`, workerEntry(worker), {
          memorySize: worker === 'member-directory' ? MEMBER_SNAPSHOT_MEMORY_MB : 512,
          timeout: workerTimeout(worker),
          description: `Worker: ${worker}`,
        }),
      ]),
    ) as Record<Worker, NodejsFunction>;

    // The member list starts from the snapshots that the member-directory worker writes.
    props.memberDirectoryBucket.grantRead(this.api.members);
    props.memberDirectoryBucket.grantReadWrite(this.workers['member-directory']);

    for (const name of queueNames) {
      const definition = queueDefinitions[name];
      this.workers[definition.worker].addEventSource(
        new SqsEventSource(workQueues.queues[name], {
          batchSize: definition.batchSize,
          reportBatchItemFailures: true,
        }),
      );
    }

    for (const worker of streamWorkers) {
      const entityTypes = streamEntityTypes[worker];
      this.workers[worker].addEventSource(
        new DynamoEventSource(table, {
          startingPosition: lambda.StartingPosition.TRIM_HORIZON,
          ...streamBatching[worker],
          reportBatchItemFailures: true,
          // A failing record is isolated by halving the batch, retried a bounded number of times, then
          // recorded in the dead-letter queue so the shard keeps moving.
          bisectBatchOnError: true,
          retryAttempts: 5,
          onFailure: new SqsDlq(
            newDeadLetterQueue(
              this,
              worker === 'aggregates' ? 'stream-dead-letters' : `${worker}-stream-dead-letters`,
            ),
          ),
          ...(entityTypes && {
            filters: [
              lambda.FilterCriteria.filter({ dynamodb: { NewImage: { entityType: { S: entityTypes } } } }),
            ],
          }),
        }),
      );
    }

    // Builds missing snapshots (a new deployment) and rebuilds old ones where no member changed.
    new events.Rule(this, 'member-directory-schedule', {
      description: 'Refreshes the member directory snapshot of every enabler',
      schedule: events.Schedule.rate(Duration.hours(6)),
      targets: [new targets.LambdaFunction(this.workers['member-directory'], { retryAttempts: 2 })],
    });

    // The sender identity is fixed by MAIL_FROM: the worker cannot send as anyone else.
    this.workers.mail.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [stack.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' })],
        conditions: { StringEquals: { 'ses:FromAddress': props.mailFrom } },
      }),
    );
  }
}

/**
 * The member list function: a new instance loading an enabler of 500 000 members peaks at about
 * 460 MB resident (npm run bench:members); 1769 MB is where Lambda gives a whole vCPU, which the
 * cold load (decompressing and reading the snapshot) uses.
 */
const MEMBER_LIST_MEMORY_MB = 1769;
/** The worker holds a whole enabler's summaries while it rebuilds a snapshot from the table. */
const MEMBER_SNAPSHOT_MEMORY_MB = 2048;

/**
 * The aggregates follow each record; the member directory waits up to 20 s to gather changes, so a
 * busy enabler's snapshot is written a few times a minute at most.
 */
const streamBatching: Record<StreamWorker, { batchSize: number; maxBatchingWindow?: Duration }> = {
  aggregates: { batchSize: 100 },
  'member-directory': { batchSize: 1000, maxBatchingWindow: Duration.seconds(20) },
};

/**
 * Stream batches get a minute (a snapshot rebuild reads a whole enabler: five); a queue worker gets a
 * sixth of its queue's visibility timeout, as AWS advises.
 */
const workerTimeout = (worker: Worker): Duration => {
  if (worker === 'member-directory') return Duration.minutes(5);
  if (worker === 'aggregates') return Duration.seconds(60);
  const queue = queueNames.find((name) => queueDefinitions[name].worker === worker);
  if (!queue)
    throw new Error(`Worker ${worker} has no queue in queueDefinitions and is not the stream worker`);
  return Duration.seconds(Math.floor(queueDefinitions[queue].visibilityTimeoutSeconds / 6));
};
