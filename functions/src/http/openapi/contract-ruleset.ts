import { oas } from '@stoplight/spectral-rulesets';
import owaspRuleset from '@stoplight/spectral-owasp-ruleset';
import type { RulesetDefinition } from '@stoplight/spectral-core';

/*
 * The Spectral ruleset docs/openapi.json is linted with (openapi-owasp-lint.test.ts): Spectral's OpenAPI
 * rules and OWASP's API Security Top 10 (2023) rules, as they come, but for what is listed here, each
 * with its reason. A request-side rule is turned off only for the operations named, or for the whole
 * document when the lint test checks it in its stead; no error is accepted on the request side (the
 * test checks it). Every other finding is of a rule `accepted` lists for its side, with the reason.
 */

/** An operation's pointer in the document, as an override's `files` names it. */
const operation = (path: string, method: string): string =>
  `../../../../docs/openapi.json#/paths/${path.replace(/~/gu, '~0').replace(/\//gu, '~1')}/${method}`;

export const contractRuleset = {
  extends: [oas as RulesetDefinition, owaspRuleset as unknown as RulesetDefinition],
  rules: {
    // OWASP's rule tells an administrator's route by its path (/admin); here the access is per route
    // (x-access): /exports, /imports, /dashboard/rebuild and /auth/enablerProfile are administrators'
    // routes outside /admin and rightly share the adminAccessToken scheme. The lint test checks the
    // rule as this API means it: an operation uses adminAccessToken if and only if it is admin-only.
    'owasp:api5:2023-admin-security-unique': 'off',
  },
  overrides: [
    {
      // Signing in and setting a password from a mailed link happen before any token exists; these
      // calls are throttled by the WAF's sign-in rate rule (429 ERR_TOO_MANY_REQUESTS), and the link's
      // calls carry its single-use token in their body.
      files: [
        operation('/auth/login', 'post'),
        operation('/register', 'post'),
        operation('/resetPassword', 'post'),
        operation('/resetPassword/request', 'post'),
      ],
      rules: { 'owasp:api2:2023-write-restricted': 'off' },
    },
    {
      // The contract itself is public: a client is generated from it; it holds no data.
      files: [operation('/openapi.json', 'get')],
      rules: { 'owasp:api2:2023-read-restricted': 'off' },
    },
    {
      // Anonymous calls: they take no token, so no answer of theirs is a 401.
      files: [
        operation('/register', 'post'),
        operation('/resetPassword', 'post'),
        operation('/resetPassword/request', 'post'),
        operation('/openapi.json', 'get'),
      ],
      rules: { 'owasp:api8:2023-define-error-responses-401': 'off' },
    },
  ],
} satisfies RulesetDefinition;

/**
 * A finding's side: the answers (an operation's responses, an answer's component schema) or the
 * request (parameters, bodies, security, the document's own fields).
 */
export const sideOf = (path: readonly (string | number)[]): 'answer' | 'request' =>
  path.includes('responses') ||
  (path[0] === 'components' && path[1] === 'schemas' && String(path[2]).startsWith('answer.'))
    ? 'answer'
    : 'request';

const freeText =
  'free text (names, villages, bank details, crops, federations, passwords, e-mail addresses, a ' +
  'client’s idempotency key): ' +
  'any pattern would refuse some real value (an accent, an apostrophe, a passphrase), and each is ' +
  'bounded by its maxLength, which is what string-limit asks.';

/**
 * The rules whose findings are accepted, by side, each with its reason (the lint test fails on any other
 * finding, and on an entry here that no longer finds anything). The request side accepts no error.
 */
export const accepted: Record<'answer' | 'request', Record<string, string>> = {
  answer: {
    'owasp:api4:2023-rate-limit':
      'API Gateway’s stage throttles every route (its 429 is documented on each operation) but sends no ' +
      'RateLimit or X-RateLimit header, and the functions cannot know its counters: documenting such ' +
      'headers would promise what no answer carries.',
    'owasp:api4:2023-string-limit':
      'An answer’s strings are stored values, each bounded by the request or the import file that wrote ' +
      'it (one set of limits, schemas/); repeating each bound on every answer would make hundreds of ' +
      'copies to keep in step and protect no one (a client is not attacked by its own server’s strings).',
    'owasp:api4:2023-integer-limit':
      'The counts, totals, progress figures and config versions left grow with the data (members, ' +
      'records, uploads): no bound is enforced that the answer could promise. Page numbers and sizes, ' +
      'which the queries bound, are bounded.',
    'owasp:api8:2023-define-cors-origin':
      'The API shares the SPA’s origin (CloudFront serves it at /api) and sends no CORS header, so no ' +
      'browser lets another site read an answer, and the calls of the session cookie refuse another ' +
      'origin outright (403 ERR_CROSS_ORIGIN). The rule asks for Access-Control-Allow-Origin wherever an ' +
      'answer documents a header (here the session cookie’s Set-Cookie): it would describe a header no ' +
      'answer carries.',
    'owasp:api4:2023-array-limit':
      'The lists left are whole collections (an enabler’s configs, campaigns, users, a member’s records, ' +
      'the dashboard’s federations) that no rule caps; every paged list is capped by its largest page.',
    'owasp:api4:2023-string-restricted': `The answers' strings are stored values, and most of them ${freeText}`,
  },
  request: {
    'owasp:api4:2023-string-restricted': `A warning only, on the strings of the bodies and parameters that are ${freeText}`,
  },
};
