import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { errorAnswerSchema, type JSONSchema } from '@cpbo/schemas';
import { errorCatalogue } from '@cpbo/schemas/error-catalogue.ts';
import { routeKey, type RouteDefinition } from '#http/routes.ts';
import { answerOf } from '#http/route-answers.ts';
import { recordAnsweredCode } from '#http/openapi/answered-codes.ts';
import type { ApiResult } from './api-types.ts';

/*
 * Test-time only: http-handler.ts imports this module by a computed address when CPBO_CHECK_ANSWERS
 * is 'on' (every vitest project), so that neither it nor ajv's compiler is in a Lambda bundle.
 */

/** Marks every log line and error of a broken answer, to find it in a test's output. */
export const ANSWER_CONTRACT_BROKEN = 'ANSWER CONTRACT BROKEN';

const ajv = new Ajv({ allErrors: true, strict: true, coerceTypes: false, useDefaults: false });
addFormats.default(ajv);
const compiled = new WeakMap<object, ValidateFunction>();
const validatorOf = (schema: JSONSchema): ValidateFunction => {
  const known = compiled.get(schema as object);
  if (known) return known;
  // A schema object is compiled once; its $id is then taken (two different objects may not share one).
  const validate = ajv.getSchema((schema as { $id?: string }).$id ?? '') ?? ajv.compile(schema as object);
  compiled.set(schema as object, validate);
  return validate;
};

const parsed = (body: string | undefined): { json?: unknown; problem?: string } => {
  if (body === undefined || body === '') return { problem: 'there is no body' };
  try {
    return { json: JSON.parse(body) as unknown };
  } catch {
    return { problem: 'the body is not JSON' };
  }
};

const schemaProblem = (schema: JSONSchema, json: unknown): string | undefined => {
  const validate = validatorOf(schema);
  if (validate(json)) return undefined;
  return ajv.errorsText(validate.errors, { dataVar: 'body' });
};

/**
 * What is wrong with an answer of the route, or undefined when it keeps the route's contract: an
 * error answers errorAnswerSchema with its code's status; a success, the route's `response` (not
 * checked yet for a route that declares none).
 */
export const answerProblem = (route: RouteDefinition, result: ApiResult): string | undefined => {
  const status = result.statusCode ?? 200;
  if (status >= 400) {
    const { json, problem } = parsed(result.body);
    if (problem) return `error answer ${status}: ${problem}`;
    const wrong = schemaProblem(errorAnswerSchema, json);
    if (wrong) return `error answer ${status}: ${wrong}`;
    const code = (json as { code: keyof typeof errorCatalogue }).code;
    const expected = errorCatalogue[code].status;
    return expected === status ? undefined : `${code} answered ${status}, the catalogue says ${expected}`;
  }
  const declared = answerOf(route);
  if (!declared) return undefined;
  if (status !== declared.status) return `answered ${status}, the route declares ${declared.status}`;
  if (!('body' in declared)) {
    return result.body === undefined || result.body === '' ? undefined : 'a 204 answer has a body';
  }
  const { json, problem } = parsed(result.body);
  if (problem) return `answer ${status}: ${problem}`;
  const wrong = schemaProblem(declared.body, json);
  return wrong ? `answer ${status}: ${wrong}` : undefined;
};

/** Throws, loudly, when the answer breaks the route's contract; records the code of a kept error answer. */
export const checkAnswer = (route: RouteDefinition, result: ApiResult): void => {
  const problem = answerProblem(route, result);
  if (problem === undefined) {
    if ((result.statusCode ?? 200) >= 400)
      recordAnsweredCode(routeKey(route), (parsed(result.body).json as { code: string }).code);
    return;
  }
  const message = `${ANSWER_CONTRACT_BROKEN} on ${routeKey(route)}: ${problem}`;
  console.error(message);
  throw new Error(message);
};
