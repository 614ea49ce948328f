import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import type { APIGatewayProxyEventV2, DynamoDBStreamEvent } from 'aws-lambda';
import { environmentVariables } from '@cpbo/functions/platform/environment.ts';
import { streamRecordWanted, streamWorkers } from '@cpbo/functions/workers/workers.ts';
import { localClientConfig, localTableName } from './aws-environment.ts';
import { startAwsSubstitutes } from './aws-substitutes.ts';
import { loadHttpHandler, loadWorkerHandler, type HttpTarget } from './functions-code.ts';
import { createLocalServer } from './http/server.ts';
import { assertJavaAvailable } from './java.ts';
import { loadOrCreateJwtSecret, newJwtSecret } from './jwt-secret.ts';
import { lambdaContext } from '@cpbo/events/http-api-event.ts';
import { outboxTransport } from './mail/outbox.ts';
import type { DeadLetter } from './queues/in-process-queue.ts';
import { startLocalQueues } from './queues/local-queues.ts';
import { startLocalSchedules } from './schedules/local-schedules.ts';
import { defaultLogins, seedOnce, type DemoLogins } from './seed/index.ts';
import { startFaultMode } from './faults/fault-mode.ts';
import { startStreamPoller, streamDeadLetter } from './streams/stream-poller.ts';
import { recordAwsCallsOfTheRun } from './testing/aws-calls/recorder.ts';

export interface LocalRuntimeOptions {
  /** 0 picks a free port. */
  port?: number;
  /** Table, files, outbox and token secret live here between starts. */
  dataDir: string;
  /** Nothing but the outbox survives stop() (tests). */
  inMemory?: boolean;
  webDist?: string;
  environmentName?: string;
  logins?: DemoLogins;
  /** Seeds the demo data on the first start of the data folder. */
  seed?: boolean;
  /** Share of the demo members seeded (1, the default, is the full demo). */
  demoScale?: number;
  quiet?: boolean;
  /** The share of the functions' AWS calls answered with a transient error (faults/fault-mode.ts); 0 for none. */
  faultRate?: number;
}

export interface LocalRuntime {
  url: string;
  /** The API's origin (API Gateway's address in AWS): it refuses a call without CloudFront's secret. */
  apiOriginUrl: string;
  outboxDir: string;
  /** Resolves once the queues have nothing left to deliver. */
  queuesIdle(): Promise<void>;
  deadLetters(): DeadLetter[];
  /** The AWS stand-ins' variables (DynamoDB Local's and s3rver's own endpoints, the table, the buckets). */
  awsEnvironment: Record<string, string>;
  /** The faults injected so far, by service and error (none without a fault rate). */
  faultsInjected(): Record<string, number>;
  stop(): Promise<void>;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist/', import.meta.url));

const listen = (server: Server, port: number): Promise<number> =>
  new Promise((resolvePort, reject) => {
    server.once('error', reject);
    // localhost only: the demo accounts and the token secret are not for the network.
    server.listen(port, 'localhost', () => resolvePort((server.address() as AddressInfo).port));
  });

const close = (server: Server): Promise<void> =>
  new Promise((resolveClose) => {
    if (!server.listening) return resolveClose();
    server.closeAllConnections();
    server.close(() => resolveClose());
  });

/** Undoes what a start did, last first, also when the start fails half-way. */
class Teardown {
  private readonly steps: (() => unknown)[] = [];
  add(step: () => unknown): void {
    this.steps.unshift(step);
  }
  async run(): Promise<void> {
    for (const step of this.steps.splice(0)) await step();
  }
}

/**
 * Everything `npm start` runs, in this process: DynamoDB Local and s3rver for AWS, the HTTP server
 * for CloudFront and API Gateway, in-process queues for SQS, the outbox for SES, and a stream poller
 * for the table's event source mapping. The functions read process.env, so one runtime per process.
 */
export const startLocalRuntime = async (options: LocalRuntimeOptions): Promise<LocalRuntime> => {
  // quiet hides the chatter (calls, mails, seed), never the problems.
  const log = options.quiet ? () => undefined : (line: string) => console.log(line);
  const warn = (line: string) => console.error(line);
  const environmentName = options.environmentName ?? 'demo';
  const dataDir = resolve(options.dataDir);
  const outboxDir = join(dataDir, 'outbox');
  const teardown = new Teardown();
  // In a test run, the functions' AWS calls are recorded for the role check (testing/aws-calls/).
  recordAwsCallsOfTheRun();
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolveReady) => (markReady = resolveReady));
  try {
    assertJavaAvailable();
    await mkdir(dataDir, { recursive: true });

    // Listening first gives the port (APP_URL of the mail links); API calls wait until the functions can run.
    let filesOrigin = '';
    const serving = {
      webDist: options.webDist ?? defaultWebDist,
      environmentName,
      log,
      warn,
      filesOrigin: () => filesOrigin,
      invoke: async (target: HttpTarget, event: APIGatewayProxyEventV2) => {
        await ready;
        const handler = await loadHttpHandler(target);
        return handler(event, lambdaContext(`local-${target}`, 30_000));
      },
    };
    const server = createLocalServer(serving);
    const port = await listen(server, options.port ?? 3000);
    teardown.add(() => close(server));
    const url = `http://localhost:${port}`;
    // The API's own address, as the stack's ApiUrl: it answers the calls that carry CloudFront's secret only.
    const apiOrigin = createLocalServer({ ...serving, originSecret: randomUUID() });
    const apiOriginUrl = `http://localhost:${await listen(apiOrigin, 0)}`;
    teardown.add(() => close(apiOrigin));

    const [substitutes, jwtSecret] = await Promise.all([
      // The file store answers the application's own pages only (s3-guard.ts).
      startAwsSubstitutes({ dataDir, inMemory: options.inMemory, allowedOrigins: () => [url] }),
      options.inMemory ? newJwtSecret() : loadOrCreateJwtSecret(join(dataDir, 'jwt-secret')),
    ]);
    teardown.add(() => substitutes.stop());

    const queues = startLocalQueues({ log: warn });
    teardown.add(() => queues.stop());
    const mail = outboxTransport(outboxDir, log);
    const faultRate = options.faultRate ?? 0;
    const faults = faultRate
      ? await startFaultMode({
          rate: faultRate,
          s3Endpoint: substitutes.s3Endpoint,
          queues: queues.transport,
          mail,
        })
      : undefined;
    if (faults) teardown.add(() => faults.stop());
    // The browser's uploads go where the functions' presigned links point: s3rver, or the fault proxy.
    filesOrigin = new URL(faults?.environment.AWS_ENDPOINT_URL_S3 ?? substitutes.s3Endpoint).origin;

    Object.assign(process.env, {
      ...substitutes.environment,
      ...faults?.environment,
      [environmentVariables.jwtSecret]: jwtSecret,
      [environmentVariables.appUrl]: url,
      [environmentVariables.mailFrom]: 'no-reply@demo.local',
      [environmentVariables.environmentName]: environmentName,
    });

    // The adapters are swapped on the functions' own module instances, after the environment is set.
    // In the fault mode the functions send through their SDK clients, which end in the same stand-ins.
    if (!faults) {
      const { useQueueTransport } = await import('@cpbo/functions/platform/queue.ts');
      const { useMailTransport } = await import('@cpbo/functions/platform/mail.ts');
      useQueueTransport(queues.transport);
      useMailTransport(mail);
    }

    const dynamo = new DynamoDBClient(localClientConfig(substitutes.dynamoEndpoint));
    teardown.add(() => dynamo.destroy());
    const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: localTableName }));

    // Before the pollers, which start from the stream's end: the seed writes the demo's aggregates and
    // member snapshots itself, so the workers must not add its records a second time. No API call runs
    // before the pollers either (they wait for `ready`), so none of their changes is missed.
    if (options.seed) {
      const seedStarted = Date.now();
      const seeded = await seedOnce({
        client: dynamo,
        tableName: localTableName,
        logins: options.logins ?? defaultLogins,
        scale: options.demoScale,
        log,
      });
      const seconds = ((Date.now() - seedStarted) / 1000).toFixed(1);
      log(
        seeded === 'seeded' ? `[seed] demo data written in ${seconds} s` : '[seed] demo data already there',
      );
    }

    const streams = new DynamoDBStreamsClient(localClientConfig(substitutes.dynamoEndpoint));
    teardown.add(() => streams.destroy());
    // One poller per stream worker, as each has its own event source mapping in AWS.
    const streamDeadLetters: DeadLetter[] = [];
    for (const worker of streamWorkers) {
      const poller = await startStreamPoller({
        client: streams,
        streamArn: Table?.LatestStreamArn as string,
        functionName: `local-${worker}-worker`,
        handler: async (event, context) =>
          (await loadWorkerHandler<DynamoDBStreamEvent>(worker))(event, context),
        filter: (record) =>
          streamRecordWanted(
            worker,
            record.dynamodb?.NewImage?.entityType?.S,
            record.dynamodb?.OldImage?.entityType?.S,
          ),
        log: warn,
        onDeadLetter: (record, attempts) =>
          streamDeadLetters.push(
            streamDeadLetter(worker, record, Table?.LatestStreamArn as string, attempts),
          ),
      });
      teardown.add(() => poller.stop());
    }
    // After the pollers and before any call: the schedules' first run queues what they queue in AWS.
    const schedules = await startLocalSchedules({ log: warn });
    teardown.add(() => schedules.stop());
    if (faults) {
      faults.arm();
      log(`[faults] AWS's transient errors in ${faultRate * 100} % of the functions' AWS calls`);
    }
    markReady();

    return {
      url,
      apiOriginUrl,
      outboxDir,
      queuesIdle: () => queues.idle(),
      deadLetters: () => [...queues.deadLetters(), ...streamDeadLetters],
      awsEnvironment: substitutes.environment,
      faultsInjected: () => faults?.injected() ?? {},
      stop: async () => {
        // No new calls while the functions' dependencies go away.
        await Promise.all([close(server), close(apiOrigin)]);
        await teardown.run();
      },
    };
  } catch (error) {
    await teardown.run();
    throw error;
  }
};
