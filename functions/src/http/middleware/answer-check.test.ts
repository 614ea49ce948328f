import { describe, expect, it } from 'vitest';
import type { RouteDefinition } from '#http/routes.ts';
import { answerProblem, checkAnswer } from './answer-check.ts';
import { jsonResponse } from './json-response.ts';

const thingSchema = {
  $id: 'answer/test-thing',
  type: 'object',
  required: ['id', 'amount'],
  additionalProperties: false,
  properties: { id: { type: 'string' }, amount: { type: 'number' } },
} as const;

const getThing: RouteDefinition = {
  method: 'GET',
  path: '/things/{id}',
  resource: 'members',
  access: 'signedIn',
  response: { status: 200, body: thingSchema },
};
const deleteThing: RouteDefinition = { ...getThing, method: 'DELETE', response: { status: 204 } };
const undeclared: RouteDefinition = {
  method: 'POST',
  path: '/things',
  resource: 'members',
  access: 'signedIn',
};

const problem = (route: RouteDefinition, status: number, body?: unknown) =>
  answerProblem(route, jsonResponse(status, body));

describe('the check of every answer against its route', () => {
  it('passes an answer that matches its route, and an error answer of the catalogue', () => {
    expect(problem(getThing, 200, { id: 'a', amount: 1.5 })).toBeUndefined();
    expect(problem(deleteThing, 204)).toBeUndefined();
    expect(
      problem(getThing, 404, { code: 'ERR_NOT_FOUND', message: 'Not found', requestId: 'r' }),
    ).toBeUndefined();
  });

  it('finds a missing or extra field, a wrong type, another status or an unexpected body', () => {
    expect(problem(getThing, 200, { id: 'a' })).toMatch(/must have required property 'amount'/u);
    expect(problem(getThing, 200, { id: 'a', amount: 1, memberName: 'x' })).toMatch(
      /must NOT have additional properties/u,
    );
    expect(problem(getThing, 200, { id: 'a', amount: '1' })).toMatch(/body\/amount must be number/u);
    expect(problem(getThing, 201, { id: 'a', amount: 1 })).toMatch(/declares 200/u);
    expect(problem(deleteThing, 204, { id: 'a' })).toMatch(/204 answer has a body/u);
  });

  it('finds an error answer outside the catalogue, or with another status than its code', () => {
    expect(problem(getThing, 400, { code: 'ERR_MADE_UP', message: 'x' })).toMatch(/allowed values/u);
    expect(problem(getThing, 500, { message: 'Internal Server Error' })).toMatch(/required property 'code'/u);
    expect(problem(getThing, 400, { code: 'ERR_NOT_FOUND', message: 'x' })).toMatch(/catalogue says 404/u);
  });

  it('leaves the success of a route that declares no answer unchecked, not its errors', () => {
    expect(problem(undeclared, 201, { anything: true })).toBeUndefined();
    expect(problem(undeclared, 400, { message: 'x' })).toMatch(/required property 'code'/u);
  });

  it('throws, naming the route, when the answer breaks the contract', () => {
    expect(() => checkAnswer(getThing, jsonResponse(200, { id: 'a' }))).toThrow(
      /^ANSWER CONTRACT BROKEN on GET \/things\/\{id\}: answer 200: /u,
    );
  });
});
