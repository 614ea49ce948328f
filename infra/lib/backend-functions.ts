import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ArnFormat, AssetHashType, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { handlerEntry } from '@cpbo/functions/http/handlers.ts';
import { resources, type Resource } from '@cpbo/functions/http/routes.ts';
import { environmentVariables } from '@cpbo/functions/platform/environment.ts';
import { queueDefinitions, queueNames, queueUrlVariable } from '@cpbo/functions/platform/queues.ts';
import { streamWorker, workerEntry, workers, type Worker } from '@cpbo/functions/workers/workers.ts';
import { bundleFunction, functionNodeOptions, handlerSetting, lambdaRuntime } from './function-bundling.ts';
import { shipNativeModules, type PrebuildPlatform } from './native-modules.ts';
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
  readonly filesBucket: s3.IBucket;
  readonly workQueues: WorkQueues;
  /** A static name: the parameter's value (the CloudFront address) is written after the API exists. */
  readonly appUrlParameterName: string;
  readonly retainData: boolean;
}

/** Every Lambda: one per /api resource, the JSON 404 fallback, and one per worker with its event source. */
export class BackendFunctions extends Construct {
  readonly api: Readonly<Record<ApiFunctionName, lambda.Function>>;
  readonly workers: Readonly<Record<Worker, lambda.Function>>;

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
      [environmentVariables.jwtSecretArn]: tokenSigningSecret.secretArn,
      [environmentVariables.appUrlParameter]: props.appUrlParameterName,
      [environmentVariables.mailFrom]: props.mailFrom,
      [environmentVariables.environmentName]: props.environmentName,
      NODE_OPTIONS: functionNodeOptions,
      ...Object.fromEntries(
        queueNames.map((name) => [queueUrlVariable(name), workQueues.queues[name].queueUrl]),
      ),
    };

    const architecture = lambda.Architecture.ARM_64;
    const runtime = new lambda.Runtime(lambdaRuntime.name, lambda.RuntimeFamily.NODEJS, {
      supportsInlineCode: true,
    });

    const newFunction = (
      name: string,
      entry: string,
      sizing: Pick<lambda.FunctionOptions, 'memorySize' | 'timeout' | 'description'>,
    ): lambda.Function => {
      const fn = new lambda.Function(this, `${name}-function`, {
        ...sizing,
        code: functionCode(join(functionsRoot, entry), runtime, architecture),
        handler: handlerSetting,
        runtime,
        architecture,
        environment,
        logGroup: new logs.LogGroup(this, `${name}-logs`, {
          retention: logs.RetentionDays.ONE_MONTH,
          removalPolicy: retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
        }),
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
        newFunction(name, handlerEntry(name), { ...apiSizing, description: `API resource: ${name}` }),
      ]),
    ) as Record<ApiFunctionName, lambda.Function>;

    this.workers = Object.fromEntries(
      workers.map((worker) => [
        worker,
        newFunction(`${worker}-worker`, workerEntry(worker), {
          memorySize: 512,
          timeout: workerTimeout(worker),
          description: `Worker: ${worker}`,
        }),
      ]),
    ) as Record<Worker, lambda.Function>;

    for (const name of queueNames) {
      const definition = queueDefinitions[name];
      this.workers[definition.worker].addEventSource(
        new SqsEventSource(workQueues.queues[name], {
          batchSize: definition.batchSize,
          reportBatchItemFailures: true,
        }),
      );
    }

    this.workers[streamWorker].addEventSource(
      new DynamoEventSource(table, {
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        reportBatchItemFailures: true,
        // A failing record is isolated by halving the batch, retried a bounded number of times, then
        // recorded in the dead-letter queue so the shard keeps moving.
        bisectBatchOnError: true,
        retryAttempts: 5,
        onFailure: new SqsDlq(newDeadLetterQueue(this, 'stream-dead-letters')),
      }),
    );

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

/** Stream batches get a minute; a queue worker gets a sixth of its queue's visibility timeout, as AWS advises. */
const workerTimeout = (worker: Worker): Duration => {
  if (worker === streamWorker) return Duration.seconds(60);
  const queue = queueNames.find((name) => queueDefinitions[name].worker === worker);
  if (!queue)
    throw new Error(`Worker ${worker} has no queue in queueDefinitions and is not the stream worker`);
  return Duration.seconds(Math.floor(queueDefinitions[queue].visibilityTimeoutSeconds / 6));
};
