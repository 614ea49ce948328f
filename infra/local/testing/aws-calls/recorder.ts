import { randomUUID } from 'node:crypto';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { ANSWERED_CODES_DIR_VARIABLE } from '@cpbo/functions/http/openapi/answered-codes.ts';
import { observeAwsCalls, type AwsCall } from '@cpbo/functions/platform/aws-call-observer.ts';
import { useClientPlugin } from '@cpbo/functions/platform/client-plugins.ts';
import { queueNames } from '@cpbo/functions/domain/queues.ts';
import { environmentVariables } from '@cpbo/functions/platform/environment.ts';
import { queueUrlVariable } from '@cpbo/functions/platform/queue.ts';
import { runningInvocation, type Invocation } from '../../function-scope.ts';
import { iamRequestsOf, type IamRequest } from './iam-requests.ts';

/*
 * Test mode: every AWS call a function makes, as the IAM requests it needs, written to the run's
 * folder for the role check (infra/lib/function-roles.permissions.test.ts), which runs after every
 * other project. Each process writes its own files: each distinct request once (a .ndjson line) and
 * how many calls it recorded (a .count file). The calls a test makes itself, outside any function
 * (its fixtures), are no function's and are left out.
 */

/** A request of a function's call. */
export interface AwsCallRecord extends IamRequest {
  function: string;
}

/**
 * The calls go beside the error codes each route answered (answered-codes.ts), in the run's folder
 * that the root vitest config names: the same marker says whether the whole suite ran, and the same
 * teardown removes them.
 */
export const awsCallsDirectory = (): string | undefined => {
  const run = process.env[ANSWERED_CODES_DIR_VARIABLE];
  return run ? join(run, 'aws-calls') : undefined;
};

/** The variables that name a resource: a call's table, bucket or queue is the one whose name it has. */
const resourceVariables = [
  ...(['tableName', 'mirrorTableName', 'filesBucket', 'memberDirectoryBucket', 'mailFrom'] as const).map(
    (key) => environmentVariables[key],
  ),
  ...queueNames.map(queueUrlVariable),
];
/**
 * A name's variable in the environment now or as the invocation's first call found it: a Lambda's
 * environment stays for its invocation, but a test may name another table while a worker it started
 * (a test that timed out) runs on.
 */
const environments = new WeakMap<Invocation, Map<string, string | undefined>>();
const variablesOf = (invocation: Invocation) => {
  const environment =
    environments.get(invocation) ?? new Map(resourceVariables.map((name) => [name, process.env[name]]));
  environments.set(invocation, environment);
  return (name: string) =>
    resourceVariables.find(
      (variable) => process.env[variable] === name || environment.get(variable) === name,
    );
};

const RECORDER_MIDDLEWARE = 'aws-call-recorder';

/** Starts recording into the folder: the calls of this process's functions from now on. */
export const recordAwsCalls = (directory: string): void => {
  mkdirSync(directory, { recursive: true });
  // One name per recorder: a test worker runs several files, each with its own modules.
  const files = join(directory, `${process.pid}-${randomUUID()}`);
  const counter = openSync(`${files}.count`, 'w');
  const seen = new Set<string>();
  let calls = 0;
  const record = (call: AwsCall) => {
    const invocation = runningInvocation();
    if (!invocation) return;
    calls += 1;
    // In place, at a fixed width: the count is right whenever the process stops.
    writeSync(counter, String(calls).padStart(12), 0);
    for (const request of iamRequestsOf(call, variablesOf(invocation))) {
      const line = JSON.stringify({ function: invocation.functionName, ...request } satisfies AwsCallRecord);
      if (seen.has(line)) continue;
      seen.add(line);
      appendFileSync(`${files}.ndjson`, `${line}\n`);
    }
  };
  observeAwsCalls(record);
  // Every SDK client of the functions, made or to be made; at the serialize step, inside the plugins
  // and middlewares that stop a call before it goes out (a test's killed Lambda) and outside the retries.
  useClientPlugin({
    applyToStack: (stack) =>
      stack.add(
        (next, context) => async (args) => {
          let status: number | undefined;
          try {
            const output = await next(args);
            status = (output.response as { statusCode?: number }).statusCode;
            return output;
          } catch (error) {
            status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
            throw error;
          } finally {
            record({
              clientName: context.clientName ?? '',
              commandName: context.commandName ?? '',
              input: args.input as Record<string, unknown>,
              status,
            });
          }
        },
        { step: 'serialize', priority: 'high', name: RECORDER_MIDDLEWARE },
      ),
  });
};

let recording = false;

/**
 * Records when the run has a folder for it (the test projects, and the runtime they start), once per
 * process (an integration test may start the runtime too); else nothing. True when it records.
 */
export const recordAwsCallsOfTheRun = (): boolean => {
  const directory = awsCallsDirectory();
  if (directory && !recording) recordAwsCalls(directory);
  recording ||= directory !== undefined;
  return recording;
};

export interface RecordedCalls {
  /** Each distinct request once. */
  records: AwsCallRecord[];
  /** The calls made, all processes together. */
  calls: number;
}

/** What the run's processes recorded. */
export const readAwsCalls = (directory: string): RecordedCalls => {
  const names = existsSync(directory) ? readdirSync(directory) : [];
  const text = (suffix: string) =>
    names.filter((name) => name.endsWith(suffix)).map((name) => readFileSync(join(directory, name), 'utf8'));
  const lines = new Set(text('.ndjson').flatMap((file) => file.split('\n').filter(Boolean)));
  return {
    records: [...lines].map((line) => JSON.parse(line) as AwsCallRecord),
    calls: text('.count').reduce((sum, count) => sum + Number(count.trim() || 0), 0),
  };
};
