import type middy from '@middy/core';
import type { Logger } from '@aws-lambda-powertools/logger';

/** The service every function logs and counts under (the function's name is on each line too). */
export const SERVICE_NAME = 'crop-protection';

/** Attribute names whose values are never written: passwords, tokens, links, bank details. */
const sensitiveKey = /password|token|secret|authorization|cookie|bank|link|url/i;
/** Values that are secrets whatever their attribute: a JWT, or an address (mailed links carry a token). */
const sensitiveValue = /eyJ[\w-]+\.[\w-]+\.[\w-]*|https?:\/\/\S+/g;

/**
 * The last guard of what a log line may hold: the functions log errors and a few keys, never
 * bodies, but an error's message or a field added later must not leak a secret either.
 */
export const redact = (key: string, value: unknown): unknown => {
  if (key !== '' && sensitiveKey.test(key) && value !== null && value !== undefined) return '[redacted]';
  return typeof value === 'string' ? value.replace(sensitiveValue, '[redacted]') : value;
};

type Fields = Record<string, unknown>;

/** What every line of the invocation under way says about it; set by invocationLogKeys. */
let invocationKeys: Fields = {};
// As Powertools counts it: the first invocation of an on-demand function (not provisioned concurrency).
let coldStart = process.env.AWS_LAMBDA_INITIALIZATION_TYPE === 'on-demand';

/**
 * Gives each log line of an invocation the keys of Powertools' injectLambdaContext (request id,
 * cold start, function), and drops the keys added during the invocation (the enabler) at its end.
 * Powertools' Logger itself is loaded by the first line written, not with the function: most
 * invocations write none, and loading it at start made the module load a quarter slower.
 */
export const invocationLogKeys = (): middy.MiddlewareObj => {
  const forget = () => {
    invocationKeys = {};
  };
  return {
    before: ({ context }) => {
      invocationKeys = {
        cold_start: coldStart,
        function_arn: context.invokedFunctionArn,
        function_memory_size:
          context.memoryLimitInMB === undefined ? undefined : Number(context.memoryLimitInMB),
        function_name: context.functionName,
        function_request_id: context.awsRequestId,
      };
      coldStart = false;
    },
    after: forget,
    onError: forget,
  };
};

/** Adds keys to every later line of the invocation under way. */
export const appendLogKeys = (keys: Fields): void => {
  invocationKeys = { ...invocationKeys, ...keys };
};

let powertoolsLogger: Promise<Logger> | undefined;

const loadLogger = () =>
  (powertoolsLogger ??= import('./powertools.ts').then(
    // Powertools reads the level from POWERTOOLS_LOG_LEVEL or LOG_LEVEL.
    ({ Logger }) => new Logger({ serviceName: SERVICE_NAME, jsonReplacerFn: redact }),
  ));

type Level = 'error' | 'warn' | 'info';

const lineAt =
  (level: Level) =>
  async (message: string, fields: Fields = {}): Promise<void> => {
    // Read now: the invocation may end while the logger loads.
    const keys = invocationKeys;
    (await loadLogger())[level]({ message, ...keys, ...fields });
  };

/** One JSON line per event, through Powertools' Logger, with the invocation's keys. */
export const logger = { error: lineAt('error'), warn: lineAt('warn'), info: lineAt('info') };

/** Keeps a copy of a stored log's line: its level and message alone. */
export type LogStore = (level: Level, message: string) => Promise<void>;

/**
 * A log whose lines are written like any line and kept by `store` too (an application's own log,
 * which its users read). Losing the copy does not fail the caller: the line is in the function's log.
 */
export const storedLog = (store: LogStore) => {
  const storedAt =
    (level: Level) =>
    async (message: string, fields: Fields = {}): Promise<void> => {
      await lineAt(level)(message, fields);
      try {
        await store(level, message);
      } catch (error) {
        await lineAt('error')('Log line not stored', { error });
      }
    };
  return { error: storedAt('error'), warn: storedAt('warn'), info: storedAt('info') };
};
