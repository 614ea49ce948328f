import { describe, expect, it } from 'vitest';
import type { JSONSchema } from '@cpbo/schemas';
import {
  exportedEnablerSchema,
  exportedMemberSchema,
  onboardingMemberSchema,
} from '@cpbo/schemas/data-files.ts';
import { MAX_PAGE_SIZE } from '@cpbo/schemas/common.ts';
import { MAX_REPORT_BYTES, MAX_REPORT_PAGE_SIZE } from '@cpbo/schemas/operations.ts';
import document from '../../../docs/openapi.json' with { type: 'json' };
import { exportKinds } from '#data/jobs/data-jobs.ts';
import { formatRefreshToken, newSecret, newSessionId } from '#domain/refresh-tokens.ts';
import { signAccessToken } from '#platform/access-token.ts';
import { exportFileName } from './exports/handler.ts';
import { jsonBytes, largestJson, textBytesByName, Unbounded } from '../testing/largest-json.ts';
import { routeAnswers } from './route-answers.ts';
import { routes } from './routes.ts';

/*
 * Lambda answers at most 6 MB: the largest answer each route's schema allows stays under it, every
 * stored text at the limit of the field that stores it (the request and file schemas'), every list at
 * its page size. A list without a page (it grows with the data) is checked at the length argued for it
 * in docs/operations.md ("Limits of AWS"), and the test says how many entries would fit.
 */

const LAMBDA_ANSWER_BYTES = 6 * 1024 * 1024;

/** The texts the answers show, at their stored limits: what the requests and the import files write. */
const storedBytes = textBytesByName([
  ...routes.flatMap((route) => [route.body, route.query, route.params]).filter(Boolean),
  exportedMemberSchema,
  exportedEnablerSchema,
  onboardingMemberSchema,
] as JSONSchema[]);
const stored = (name: string): number => {
  const bytes = storedBytes.get(name);
  if (bytes === undefined) throw new Error(`No request or file schema limits ${name}`);
  return bytes;
};

// The tokens of a session whose texts take their most bytes: signed with a key of the test's own.
process.env.JWT_SECRET = 'answer-sizes-test-secret-of-32-bytes';
const longestSession = {
  email: 'x'.repeat(stored('email')),
  username: 'x'.repeat(stored('name')),
  role: 'ADMIN' as const,
  enabler: 'x'.repeat(stored('enablerId')),
  enablerName: 'x'.repeat(stored('name')),
  sessionId: newSessionId(),
};

/** Texts the answers show under another name than the field that stores them, or that the server makes. */
const textBytes = new Map([
  ...storedBytes,
  ...['memberName', 'plotName', 'enablerName'].map((name) => [name, stored('name')] as const),
  ['memberNumber', stored('number')],
  ['enabler', stored('enablerId')],
  ['user', stored('email')],
  ['by', stored('email')],
  ['promotedBy', stored('email')],
  // An audit entry's record: an account's e-mail, or an id (shorter); named by a member's, plot's,
  // account's or enabler's name, or a run's assessment.
  ['recordId', stored('email')],
  ['label', Math.max(stored('name'), stored('assessmentId'))],
  ['byName', stored('name')],
  // A duplicate group's shared value: an account, a phone or a village.
  ['value', Math.max(stored('bankAccount'), stored('phone'), stored('village'))],
  ['accessToken', (await signAccessToken(longestSession)).length],
  ['refreshToken', formatRefreshToken({ ...longestSession, secret: newSecret() }).length],
  ['fileName', Math.max(...exportKinds.map((kind) => exportFileName(kind).length))],
  // The stack refuses an environment name of more than 24 characters (crop-protection-stack.ts).
  ['env', 24],
  // POST /resetPassword/request's one sentence (ASCII).
  ['message', 100],
  // A presigned PUT (ASCII): the bucket's address, a key of two ids and the signature's query.
  ['url', 2048],
]);

/** An enabler's federations (the demo has a handful), and the banks its members are paid through. */
const FEDERATIONS = 100;
const BANKS = 20;

/** The lists without a page, each at the length argued for it. */
const growingLists: { route: string; path: string; length: number; why: string }[] = [
  { route: 'GET /members/{id}', path: '$.plots[]', length: 10, why: "a member's plots" },
  {
    route: 'GET /members/{id}',
    path: '$.contributions[]',
    length: 600,
    why: 'ten years of monthly contributions on five plots',
  },
  ...['payouts', 'cashouts'].map((kind) => ({
    route: 'GET /members/{id}',
    path: `$.${kind}[]`,
    length: 200,
    why: `ten years of ${kind}, two a season on five plots`,
  })),
  { route: 'GET /admin/enablers', path: '$[]', length: 50, why: 'partner organisations (two in the demo)' },
  {
    route: 'GET /admin/enablers/{id}/configs',
    path: '$[]',
    length: 1000,
    why: "versions of an enabler's config",
  },
  { route: 'GET /me/enabler', path: '$.configTerms[]', length: 1000, why: "versions of an enabler's config" },
  {
    route: 'GET /admin/enablers/{id}/campaigns',
    path: '$[]',
    length: 1000,
    why: "an enabler's index assessments",
  },
  { route: 'GET /admin/users', path: '$[]', length: 1000, why: 'administrators and field agents' },
  // A benefit run: its preview's figures by federation, its files (one a bank paid, and the preview's).
  ...[
    'POST /admin/benefit-runs',
    'GET /admin/benefit-runs/{id}',
    'POST /admin/benefit-runs/{id}/approve',
    'POST /admin/benefit-runs/{id}/reject',
    'POST /admin/benefit-runs/{id}/cancel',
    'POST /admin/benefit-runs/{id}/resume',
    'POST /admin/benefit-runs/{id}/preview',
    'POST /admin/benefit-runs/{id}/reverse',
  ].flatMap((route) => [
    { route, path: '$.run.preview.perFederation[]', length: FEDERATIONS, why: "an enabler's federations" },
    { route, path: '$.run.files[]', length: BANKS, why: 'the banks a run pays' },
  ]),
  {
    route: 'GET /admin/benefit-runs',
    path: '$.runs[]',
    length: 40,
    why: "an enabler's runs: two a year for twenty years",
  },
  {
    route: 'GET /admin/benefit-runs',
    path: '$.runs[].preview.perFederation[]',
    length: FEDERATIONS,
    why: "an enabler's federations",
  },
  { route: 'GET /admin/benefit-runs', path: '$.runs[].files[]', length: BANKS, why: 'the banks a run pays' },
  // Pages of a run's rows: the handler answers a page of its query's size, 500 at most.
  ...['GET /admin/benefit-runs/{id}/rows', 'GET /admin/benefit-runs/{id}/duplicates'].map((route) => ({
    route,
    path: '$.items[]',
    length: MAX_PAGE_SIZE,
    why: 'a page',
  })),
  ...['GET /dashboard/federations', 'GET /dashboard/totalPendingBenefitsByFederation'].map((route) => ({
    route,
    path: '$[]',
    length: FEDERATIONS,
    why: "an enabler's federations",
  })),
];

/** Parts that are JSON of their own, by their size. */
const opaqueParts: { route: string; path: string; bytes: number; why: string }[] = [
  {
    route: 'GET /admin/reports',
    path: '$.reports[].data',
    bytes: MAX_REPORT_BYTES,
    why: 'the JSON kept, held to the body limit (data/logs/reports.ts)',
  },
  { route: 'GET /openapi.json', path: '$', bytes: jsonBytes(document), why: 'the committed document' },
  // An audit entry's fields as they were and became (schemas/activity.ts): 13 at most (a member's
  // deletion keeps 11), each a record's field of 254 characters at most (an e-mail), and a review's
  // comment of 1000.
  ...['GET /admin/activity', 'GET /admin/members/{id}/history'].flatMap((route) =>
    ['before', 'after'].map((side) => ({
      route,
      path: `$.entries[].${side}`,
      bytes: 2 + 13 * (2 + 40 + 1 + 2 + 254 * 6 + 1) + 1000 * 6,
      why: "an audit entry's fields",
    })),
  ),
];

const answered = Object.entries(routeAnswers).flatMap(([route, answer]) =>
  'body' in answer ? [{ route, schema: answer.body }] : [],
);

/** The largest answer of the route, its growing lists at `lengths` (the argued ones unless given). */
const largestAnswer = (route: string, schema: JSONSchema, lengths?: ReadonlyMap<string, number>): number => {
  const opaque = opaqueParts.find((part) => part.route === route && part.path === '$');
  if (opaque) return opaque.bytes;
  const arrayLengths =
    lengths ??
    new Map(growingLists.filter((list) => list.route === route).map((list) => [list.path, list.length]));
  const opaqueBytes = new Map(
    opaqueParts.filter((part) => part.route === route).map((part) => [part.path, part.bytes]),
  );
  return jsonBytes(largestJson(schema, { textBytes, arrayLengths, opaqueBytes }));
};

/** How many entries of the list fit in an answer, the route's other lists at their argued length. */
const entriesThatFit = (route: string, schema: JSONSchema, path: string): number => {
  const others = new Map(
    growingLists.filter((list) => list.route === route).map((list) => [list.path, list.length]),
  );
  const at = (length: number) => largestAnswer(route, schema, new Map([...others, [path, length]]));
  const empty = at(0);
  return Math.floor((LAMBDA_ANSWER_BYTES - empty) / (at(1) - empty));
};

describe("every route's largest answer", () => {
  const sizes = answered.map(
    ({ route, schema }): { route: string; bytes: number } | { route: string; unbounded: string } => {
      try {
        return { route, bytes: largestAnswer(route, schema) };
      } catch (error) {
        if (error instanceof Unbounded) return { route, unbounded: error.path };
        throw error;
      }
    },
  );

  it('has a bound: every text and list of the answer is limited or argued', () => {
    expect(sizes.flatMap((size) => ('unbounded' in size ? [`${size.route} ${size.unbounded}`] : []))).toEqual(
      [],
    );
  });

  it("stays under Lambda's 6 MB", () => {
    const over = sizes
      .filter((size) => 'bytes' in size && size.bytes >= LAMBDA_ANSWER_BYTES)
      .map(({ route }) => route);
    const largest = sizes
      .flatMap((size) => ('bytes' in size ? [size] : []))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 4)
      .map(({ route, bytes }) => `${route} ${(bytes / 1024 / 1024).toFixed(2)} MB`);
    const fits = growingLists.map(({ route, path }) => {
      const schema = answered.find((answer) => answer.route === route)?.schema as JSONSchema;
      return `${route} ${path} ${entriesThatFit(route, schema, path)}`;
    });
    console.log(
      `[answer sizes] largest: ${largest.join(', ')}; entries that fit in 6 MB: ${fits.join(', ')}`,
    );
    expect(over).toEqual([]);
  });

  it("holds a page of 500 members, records or log lines (the tables' All) under 6 MB", () => {
    const pages = [
      'GET /members',
      'GET /admin/plots',
      'GET /admin/contributions',
      'GET /admin/payouts',
      'GET /admin/cashouts',
      'GET /admin/logs',
    ].map((route) => {
      const size = sizes.find((candidate) => candidate.route === route);
      return { route, bytes: size && 'bytes' in size ? size.bytes : Number.POSITIVE_INFINITY };
    });
    console.log(
      `[answer sizes] pages of 500: ${pages.map(({ route, bytes }) => `${route} ${(bytes / 1024 / 1024).toFixed(2)} MB`).join(', ')}`,
    );
    for (const { bytes } of pages) expect(bytes).toBeLessThan(LAMBDA_ANSWER_BYTES);
  });

  it("holds a page of the reports' largest size, each report's data at its limit, under 6 MB", () => {
    const route = 'GET /admin/reports';
    const schema = answered.find((answer) => answer.route === route)?.schema as JSONSchema;
    const page = largestAnswer(route, schema, new Map([['$.reports[]', MAX_REPORT_PAGE_SIZE]]));
    console.log(
      `[answer sizes] a page of ${MAX_REPORT_PAGE_SIZE} reports of ${MAX_REPORT_BYTES} bytes: ${page} bytes (${(page / 1024 / 1024).toFixed(2)} MB); ${entriesThatFit(route, schema, '$.reports[]')} reports fit`,
    );
    // The answer's schema pages by that size: its largest answer is that page.
    expect(sizes.find((size) => size.route === route)).toEqual({ route, bytes: page });
    expect(page).toBeLessThan(LAMBDA_ANSWER_BYTES);
  });
});
