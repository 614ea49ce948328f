import { Logger } from '@aws-lambda-powertools/logger';

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

/**
 * One JSON line per event, with the request id, cold start and function (injectLambdaContext) and
 * the caller's enabler (authenticate). Powertools reads the level from POWERTOOLS_LOG_LEVEL or LOG_LEVEL.
 */
export const logger = new Logger({ serviceName: SERVICE_NAME, jsonReplacerFn: redact });
