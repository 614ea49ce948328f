import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lambdaContext } from '@cpbo/events/http-api-event.ts';
import { errorCatalogue } from '@cpbo/schemas/error-catalogue.ts';
import { getEnabler } from '@cpbo/functions/data/enablers/enablers.ts';
import { routeKey, routes } from '@cpbo/functions/http/routes.ts';
import {
  demoConfig,
  givenEnabler,
  givenUser,
  tinyImage,
  uniqueEmail,
} from '@cpbo/functions/testing/fixtures.ts';
import { givenMember } from '@cpbo/functions/testing/member-fixtures.ts';
import { newMemberBody } from '@cpbo/functions/testing/member-requests.ts';
import { sqsEventOf } from '@cpbo/functions/testing/queue-events.ts';
import { unixSecondsOfDay } from '@cpbo/functions/testing/unix-seconds.ts';
import { handler as benefitRunWorker } from '@cpbo/functions/workers/benefit-run/handler.ts';
import {
  startApiOverHttp,
  type ApiOverHttp,
  type HttpAnswer,
  type SignedIn,
} from '../testing/api-over-http.ts';

/*
 * The tenant and role matrix (docs/security.md, "How the tests prove it"): every route of the route
 * table, called over HTTP with real tokens by each role, on resources of the caller's enabler (A) and
 * of another (B). The expected outcomes below are written from the contract (docs/contract.md), not
 * read from the route table: a route without a row fails, and so does a row without a route.
 */

type Role = 'ADMIN' | 'USER' | 'ANDROID_USER' | 'anonymous';
const roles: Role[] = ['ADMIN', 'USER', 'ANDROID_USER', 'anonymous'];
type Variant = 'own' | 'other' | 'mixed';

/** "200", or "403 ERR_FORBIDDEN_USER": a status and, for an error, its catalogue code. */
type Outcome = `${2}${number}` | `${4}${number} ${keyof typeof errorCatalogue}`;
type Cells = Record<Role, Outcome>;

const UNAUTHENTICATED = '401 ERR_UNAUTHENTICATED';
const NOT_ADMIN = '403 ERR_FORBIDDEN_USER';
const NOT_FOUND = '404 ERR_NOT_FOUND';

/** Any caller, with or without a token. */
const anyone = (outcome: Outcome): Cells => ({
  ADMIN: outcome,
  USER: outcome,
  ANDROID_USER: outcome,
  anonymous: outcome,
});
/** Every signed-in role; anonymous callers are refused. */
const signedIn = (outcome: Outcome): Cells => ({ ...anyone(outcome), anonymous: UNAUTHENTICATED });
/** Administrators only. */
const adminOnly = (outcome: Outcome): Cells => ({
  ADMIN: outcome,
  USER: NOT_ADMIN,
  ANDROID_USER: NOT_ADMIN,
  anonymous: UNAUTHENTICATED,
});
/** Field work on another enabler's member: "change the view" for an administrator, refused for an agent. */
const otherEnablersMember: Cells = {
  ADMIN: '403 ERR_FORBIDDEN_ADMIN',
  USER: '403 ERR_FORBIDDEN_USER',
  ANDROID_USER: '403 ERR_FORBIDDEN_USER',
  anonymous: UNAUTHENTICATED,
};

/**
 * An administrator's call on another enabler's record: "change the view", to the enabler the answer's
 * details name (checked for every such answer below).
 */
const otherEnablersRecord = adminOnly('403 ERR_FORBIDDEN_ADMIN');

/** What one enabler holds: an administrator, an agent, a member with a plot and one record of each kind. */
interface Tenant {
  enablerId: string;
  admin: SignedIn;
  agentEmail: string;
  member: { id: string; plotId: string; name: string; number: string };
  contributionId: string;
  payoutId: string;
  cashoutId: string;
  exportJobId: string;
  importJobId: string;
  rebuildJobId: string;
  memberDeletionJobId: string;
  /** A second administrator, who uploads the tenant's benefit runs (the first one reviews them). */
  uploader: SignedIn;
  /** A previewed benefit run. */
  benefitRunId: string;
}

interface Request {
  method?: string;
  path: string;
  body?: unknown;
  /** Another token than the caller's access token (the refresh token). */
  token?: string;
}

interface Context {
  variant: Variant | 'none';
  role: Role;
  caller: SignedIn | undefined;
  /** The enabler whose resources the request names. */
  tenant: Tenant;
  /** The caller's enabler (A), for requests that mix it with another's ids. */
  home: Tenant;
}

/** Whose resource the path names: the caller's own in a mixed case, the tenant's otherwise. */
const pathTenant = (context: Context): Tenant =>
  context.variant === 'mixed' ? context.home : context.tenant;

interface Row {
  /** 'none': the request names no tenant's resource (it works on the caller's own enabler). */
  tenants: 'both' | 'none';
  /** The call ends or moves the caller's session: each case signs a new account in. */
  freshCaller?: true;
  request(context: Context): Request | Promise<Request>;
  own: Cells;
  other?: Cells;
  /** The caller's resource in the path, another enabler's ids in the body. */
  mixed?: Cells;
}

let api: ApiOverHttp;
let a: Tenant;
let b: Tenant;
const callers = {} as Record<Exclude<Role, 'anonymous'>, SignedIn>;

/** An admin list's query on a tenant's member, with a sort, a page and a size: none leaks another enabler's rows. */
const listQuery = (tenant: Tenant, sort: string) =>
  `filter:memberId=${tenant.member.id}&${sort}=desc&page=1&pageSize=25&filter:from=2020-01-01`;
const unique = () => randomUUID().slice(0, 8);

const newCaller = async (role: Exclude<Role, 'anonymous'>, enablerId: string) => {
  const user = await givenUser({ role, enablerId });
  return api.signIn(user.email, user.password);
};

/** A call that must succeed, as part of a case's preparation. */
const prepared = async (token: string, method: string, path: string, body?: unknown) => {
  const answer = await api.call({ method, path, token, body });
  expect(answer.status, `${method} ${path} ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
};

const newMember = async (tenant: Tenant) => {
  const { memberId, plotIds } = await givenMember(tenant.enablerId);
  return { id: memberId, plotId: plotIds[0] as string };
};
const contributionBody = (plotId: string) => ({
  plotId,
  amount: 10,
  contributionDate: unixSecondsOfDay('2026-03-01'),
});
const payoutBody = (plotId: string) => ({
  plotId,
  amount: 50,
  // One payout per assessment and plot: each case's its own.
  assessmentId: `A-${unique()}`,
  assessmentDate: unixSecondsOfDay('2026-06-01'),
  payoutDate: unixSecondsOfDay('2026-06-01'),
});
const newContribution = async (tenant: Tenant) =>
  (await prepared(tenant.admin.token, 'POST', '/admin/contributions', contributionBody(tenant.member.plotId)))
    .id as string;
const newPayout = async (tenant: Tenant) =>
  (
    await prepared(tenant.admin.token, 'POST', '/admin/payouts', {
      memberId: tenant.member.id,
      ...payoutBody(tenant.member.plotId),
    })
  ).id as string;
const newCashout = async (tenant: Tenant) =>
  (await prepared(tenant.admin.token, 'POST', '/admin/cashouts', { memberId: tenant.member.id, amount: 1 }))
    .id as string;
const newUser = async (tenant: Tenant) =>
  (await givenUser({ role: 'USER', enablerId: tenant.enablerId })).email;
const plotBody = { name: 'Field', latitude: 14, longitude: -16 };
const userPath = (email: string) => `/admin/users/${encodeURIComponent(email)}`;

/** An assessment of the fixtures' village uploaded with the token's account (its link, then a PUT). */
const benefitUpload = async (token: string) => {
  const link = await prepared(token, 'POST', '/admin/benefit-runs/uploads');
  const text = `assessmentId,assessmentDate,village,damageIndex\r\nA-${unique()},2026-02-15,Fissel,0.5\r\n`;
  expect((await fetch(link.url, { method: 'PUT', body: text })).status).toBe(200);
  return link.upload as string;
};
/** A benefit run of the tenant, uploaded by its second administrator, PENDING_APPROVAL once previewed. */
const newBenefitRun = async (tenant: Tenant, previewed = true) => {
  const body = { upload: await benefitUpload(tenant.uploader.token), format: 'csv' };
  const { run } = await prepared(tenant.uploader.token, 'POST', '/admin/benefit-runs', body);
  if (previewed)
    expect(
      (await benefitRunWorker(sqsEventOf({ jobId: run.id, step: 0 }), lambdaContext('benefit-run-worker')))
        .batchItemFailures,
    ).toEqual([]);
  return run.id as string;
};
const runPath = (tenant: Tenant, then = '') => `/admin/benefit-runs/${tenant.benefitRunId}${then}`;
/** A review of a new previewed run of the tenant: its path and a body naming the preview seen. */
const reviewOf = async (tenant: Tenant, action: 'approve' | 'reject', comment: string) => {
  const id = await newBenefitRun(tenant);
  const { run } = await prepared(tenant.uploader.token, 'GET', `/admin/benefit-runs/${id}`);
  return {
    path: `/admin/benefit-runs/${id}/${action}`,
    body: { comment, previewComputedAt: run.preview.computedAt },
  };
};

const matrix: Record<string, Row> = {
  'POST /auth/login': {
    tenants: 'none',
    request: async () => {
      const user = await givenUser({ role: 'USER', enablerId: a.enablerId });
      return { path: '/auth/login', body: { username: user.email, password: user.password } };
    },
    own: anyone('200'),
  },
  'GET /auth/refresh': {
    tenants: 'none',
    freshCaller: true,
    request: ({ caller }) => ({ path: '/auth/refresh', token: caller?.refreshToken }),
    own: signedIn('200'),
  },
  'GET /auth/enablerProfile/{enablerId}': {
    tenants: 'both',
    freshCaller: true,
    request: ({ tenant }) => ({ path: `/auth/enablerProfile/${tenant.enablerId}` }),
    // Administrators switch to any enabler that has a configuration; nobody else switches.
    own: adminOnly('200'),
    other: adminOnly('200'),
  },
  'POST /auth/logout': {
    tenants: 'none',
    freshCaller: true,
    request: () => ({ path: '/auth/logout' }),
    own: signedIn('204'),
  },
  'GET /auth/logoutFromEverywhere': {
    tenants: 'none',
    freshCaller: true,
    request: () => ({ path: '/auth/logoutFromEverywhere' }),
    own: signedIn('200'),
  },
  'PUT /auth/password': {
    tenants: 'none',
    freshCaller: true,
    request: ({ caller }) => ({
      path: '/auth/password',
      body: { currentPassword: caller?.password ?? 'unknown password', newPassword: `New pass ${unique()}` },
    }),
    own: signedIn('200'),
  },
  'POST /register': {
    tenants: 'none',
    request: async () => {
      const email = uniqueEmail('registering');
      await prepared(a.admin.token, 'POST', '/admin/users', { email, username: 'New agent', role: 'USER' });
      return {
        path: '/register',
        body: { token: api.mailedToken(email, 'register'), password: 'a new password' },
      };
    },
    own: anyone('200'),
  },
  'POST /resetPassword': {
    tenants: 'none',
    request: async () => {
      const email = await newUser(a);
      await prepared('', 'POST', '/resetPassword/request', { email });
      return {
        path: '/resetPassword',
        body: { token: api.mailedToken(email, 'resetPassword'), password: 'a new password' },
      };
    },
    own: anyone('200'),
  },
  'POST /resetPassword/request': {
    tenants: 'none',
    request: async () => ({ path: '/resetPassword/request', body: { email: await newUser(a) } }),
    own: anyone('200'),
  },
  'GET /me/enabler': { tenants: 'none', request: () => ({ path: '/me/enabler' }), own: signedIn('200') },
  'PUT /me/language': {
    tenants: 'none',
    request: () => ({ path: '/me/language', body: { language: 'fr' } }),
    own: signedIn('200'),
  },
  // A user's table preferences are the user's own: no tenant's resource is named.
  'GET /me/preferences': {
    tenants: 'none',
    request: () => ({ path: '/me/preferences' }),
    own: signedIn('200'),
  },
  'PUT /me/preferences/{table}': {
    tenants: 'none',
    request: () => ({ method: 'PUT', path: '/me/preferences/adminPlots', body: { pageSize: 25 } }),
    own: signedIn('200'),
  },
  'GET /members': {
    tenants: 'both',
    // Searching for another enabler's member finds nothing (the answers are checked for its ids).
    request: ({ tenant }) => ({ path: `/members?filter:search=${encodeURIComponent(tenant.member.name)}` }),
    own: signedIn('200'),
    other: signedIn('200'),
  },
  'POST /members': {
    tenants: 'none',
    request: () => ({ path: '/members', body: newMemberBody() }),
    own: signedIn('201'),
  },
  'GET /members/{id}': {
    tenants: 'both',
    request: ({ tenant }) => ({ path: `/members/${tenant.member.id}` }),
    own: signedIn('200'),
    other: otherEnablersMember,
  },
  'GET /members/{memberId}/plots/{plotId}': {
    tenants: 'both',
    request: ({ tenant }) => ({ path: `/members/${tenant.member.id}/plots/${tenant.member.plotId}` }),
    own: signedIn('200'),
    other: otherEnablersMember,
  },
  'POST /members/{memberId}/plots': {
    tenants: 'both',
    request: ({ tenant }) => ({ path: `/members/${tenant.member.id}/plots`, body: plotBody }),
    own: signedIn('201'),
    other: otherEnablersMember,
  },
  'POST /members/{memberId}/plots/{plotId}': {
    tenants: 'both',
    request: (context) => ({
      path: `/members/${pathTenant(context).member.id}/plots/${context.tenant.member.plotId}`,
      body: { ...plotBody, droughtMonthlyContrib: 10 },
    }),
    own: signedIn('200'),
    other: otherEnablersMember,
    // The caller's member with another enabler's plot: the member has no such plot.
    mixed: signedIn(NOT_FOUND),
  },
  'POST /members/{id}/cashouts': {
    tenants: 'both',
    request: async ({ tenant }) => {
      const member = await newMember(tenant);
      await prepared(tenant.admin.token, 'POST', '/admin/payouts', {
        memberId: member.id,
        ...payoutBody(member.plotId),
      });
      return { path: `/members/${member.id}/cashouts`, body: { amount: 1 } };
    },
    own: signedIn('201'),
    other: otherEnablersMember,
  },
  'POST /members/{id}/contribute': {
    tenants: 'both',
    request: (context) => ({
      path: `/members/${pathTenant(context).member.id}/contribute`,
      body: { amount: 10, plotId: context.tenant.member.plotId },
    }),
    own: signedIn('201'),
    other: otherEnablersMember,
    mixed: signedIn(NOT_FOUND),
  },

  'GET /admin/enablers': {
    tenants: 'none',
    request: () => ({ path: '/admin/enablers' }),
    own: adminOnly('200'),
  },
  'POST /admin/enablers': {
    tenants: 'none',
    request: () => ({
      path: '/admin/enablers',
      body: { name: `Enabler ${unique()}`, logo: tinyImage, banner: tinyImage },
    }),
    own: adminOnly('201'),
  },
  // Administrators run every enabler: another enabler's profile and configurations are theirs too.
  'POST /admin/enablers/{id}': {
    tenants: 'both',
    request: ({ tenant }) => ({
      path: `/admin/enablers/${tenant.enablerId}`,
      body: { name: `Enabler ${unique()}`, logo: tinyImage, banner: tinyImage },
    }),
    own: adminOnly('200'),
    other: adminOnly('200'),
  },
  'DELETE /admin/enablers/{id}': {
    tenants: 'none',
    request: async () => ({ path: `/admin/enablers/${(await givenEnabler()).id}` }),
    own: adminOnly('204'),
  },
  'GET /admin/enablers/{id}/configs': {
    tenants: 'both',
    request: ({ tenant }) => ({ path: `/admin/enablers/${tenant.enablerId}/configs` }),
    own: adminOnly('200'),
    other: adminOnly('200'),
  },
  'POST /admin/enablers/{id}/configs': {
    tenants: 'both',
    request: ({ tenant }) => ({ path: `/admin/enablers/${tenant.enablerId}/configs`, body: demoConfig }),
    own: adminOnly('201'),
    other: adminOnly('201'),
  },
  'GET /admin/enablers/{id}/campaigns': {
    tenants: 'both',
    request: ({ tenant }) => ({ path: `/admin/enablers/${tenant.enablerId}/campaigns` }),
    own: adminOnly('200'),
    other: adminOnly('200'),
  },

  // An administrator's members, plots and money work in its current enabler: another's says whose it is.
  'POST /admin/members': {
    tenants: 'none',
    request: () => ({ path: '/admin/members', body: newMemberBody() }),
    own: adminOnly('201'),
  },
  'POST /admin/members/{id}': {
    tenants: 'both',
    request: async ({ tenant }) => ({
      path: `/admin/members/${(await newMember(tenant)).id}`,
      body: newMemberBody(),
    }),
    own: adminOnly('204'),
    other: otherEnablersRecord,
  },
  'DELETE /admin/members/{id}': {
    tenants: 'both',
    request: async ({ tenant }) => ({
      method: 'DELETE',
      path: `/admin/members/${(await newMember(tenant)).id}`,
    }),
    own: adminOnly('202'),
    other: otherEnablersRecord,
  },
  // A member's history: as its page, another enabler's is "change the view".
  'GET /admin/members/{id}/history': {
    tenants: 'both',
    request: ({ tenant }) => ({ path: `/admin/members/${tenant.member.id}/history` }),
    own: adminOnly('200'),
    other: otherEnablersRecord,
  },
  'GET /admin/members/deletions/{id}': {
    tenants: 'both',
    request: ({ tenant }) => ({ path: `/admin/members/deletions/${tenant.memberDeletionJobId}` }),
    own: adminOnly('200'),
    // A job, not a record: another enabler's is not found, as the other jobs.
    other: adminOnly(NOT_FOUND),
  },

  'GET /admin/plots': {
    tenants: 'both',
    request: ({ tenant }) => ({ path: `/admin/plots?${listQuery(tenant, 'sort:memberNumber')}` }),
    own: adminOnly('200'),
    other: adminOnly('200'),
  },
  'POST /admin/plots': {
    tenants: 'both',
    request: ({ tenant }) => ({
      path: '/admin/plots',
      body: { memberId: tenant.member.id, ...plotBody, startCoverageDate: unixSecondsOfDay('2026-01-01') },
    }),
    own: adminOnly('201'),
    other: otherEnablersRecord,
  },
  'POST /admin/plots/{id}': {
    tenants: 'both',
    request: async ({ tenant }) => ({
      path: `/admin/plots/${(await newMember(tenant)).plotId}`,
      body: { ...plotBody, startCoverageDate: unixSecondsOfDay('2026-01-01') },
    }),
    own: adminOnly('204'),
    other: otherEnablersRecord,
  },
  'DELETE /admin/plots/{id}': {
    tenants: 'both',
    request: async ({ tenant }) => ({
      method: 'DELETE',
      path: `/admin/plots/${(await newMember(tenant)).plotId}`,
    }),
    own: adminOnly('204'),
    other: otherEnablersRecord,
  },
  'GET /admin/contributions': {
    tenants: 'both',
    request: ({ tenant }) => ({
      path: `/admin/contributions?${listQuery(tenant, 'sort:plotName')}&filter:plotId=${tenant.member.plotId}`,
    }),
    own: adminOnly('200'),
    other: adminOnly('200'),
  },
  'POST /admin/contributions': {
    tenants: 'both',
    request: ({ tenant }) => ({ path: '/admin/contributions', body: contributionBody(tenant.member.plotId) }),
    own: adminOnly('201'),
    other: otherEnablersRecord,
  },
  'GET /admin/contributions/{id}': {
    tenants: 'both',
    request: ({ tenant }) => ({ path: `/admin/contributions/${tenant.contributionId}` }),
    own: adminOnly('200'),
    other: otherEnablersRecord,
  },
  'POST /admin/contributions/{id}': {
    tenants: 'both',
    request: async (context) => ({
      path: `/admin/contributions/${await newContribution(pathTenant(context))}`,
      body: contributionBody(context.tenant.member.plotId),
    }),
    own: adminOnly('204'),
    other: otherEnablersRecord,
    // The caller's contribution moved to another enabler's plot.
    mixed: adminOnly(NOT_FOUND),
  },
  'DELETE /admin/contributions/{id}': {
    tenants: 'both',
    request: async ({ tenant }) => ({
      method: 'DELETE',
      path: `/admin/contributions/${await newContribution(tenant)}`,
    }),
    own: adminOnly('204'),
    other: otherEnablersRecord,
  },
  'GET /admin/payouts': {
    tenants: 'both',
    request: ({ tenant }) => ({
      path: `/admin/payouts?${listQuery(tenant, 'sort:amount')}&filter:plotId=${tenant.member.plotId}`,
    }),
    own: adminOnly('200'),
    other: adminOnly('200'),
  },
  'POST /admin/payouts': {
    tenants: 'both',
    request: (context) => ({
      path: '/admin/payouts',
      body: { memberId: pathTenant(context).member.id, ...payoutBody(context.tenant.member.plotId) },
    }),
    own: adminOnly('201'),
    other: otherEnablersRecord,
    // The caller's member with another enabler's plot.
    mixed: adminOnly(NOT_FOUND),
  },
  'GET /admin/payouts/{id}': {
    tenants: 'both',
    request: ({ tenant }) => ({ path: `/admin/payouts/${tenant.payoutId}` }),
    own: adminOnly('200'),
    other: otherEnablersRecord,
  },
  'POST /admin/payouts/{id}': {
    tenants: 'both',
    request: async (context) => ({
      path: `/admin/payouts/${await newPayout(pathTenant(context))}`,
      body: payoutBody(context.tenant.member.plotId),
    }),
    own: adminOnly('204'),
    other: otherEnablersRecord,
    mixed: adminOnly(NOT_FOUND),
  },
  'DELETE /admin/payouts/{id}': {
    tenants: 'both',
    request: async ({ tenant }) => ({ method: 'DELETE', path: `/admin/payouts/${await newPayout(tenant)}` }),
    own: adminOnly('204'),
    other: otherEnablersRecord,
  },
  'GET /admin/cashouts': {
    tenants: 'both',
    request: ({ tenant }) => ({ path: `/admin/cashouts?${listQuery(tenant, 'sort:memberName')}` }),
    own: adminOnly('200'),
    other: adminOnly('200'),
  },
  'POST /admin/cashouts': {
    tenants: 'both',
    request: ({ tenant }) => ({ path: '/admin/cashouts', body: { memberId: tenant.member.id, amount: 1 } }),
    own: adminOnly('201'),
    other: otherEnablersRecord,
  },
  'GET /admin/cashouts/{id}': {
    tenants: 'both',
    request: ({ tenant }) => ({ path: `/admin/cashouts/${tenant.cashoutId}` }),
    own: adminOnly('200'),
    other: otherEnablersRecord,
  },
  'POST /admin/cashouts/{id}': {
    tenants: 'both',
    request: async ({ tenant }) => ({
      path: `/admin/cashouts/${await newCashout(tenant)}`,
      body: { amount: 1, cashoutDate: unixSecondsOfDay('2026-07-01') },
    }),
    own: adminOnly('204'),
    other: otherEnablersRecord,
  },
  'DELETE /admin/cashouts/{id}': {
    tenants: 'both',
    request: async ({ tenant }) => ({
      method: 'DELETE',
      path: `/admin/cashouts/${await newCashout(tenant)}`,
    }),
    own: adminOnly('204'),
    other: otherEnablersRecord,
  },

  // Benefit runs: an administrator's current enabler's only; another's are not found.
  'POST /admin/benefit-runs/uploads': {
    tenants: 'none',
    request: () => ({ path: '/admin/benefit-runs/uploads' }),
    own: adminOnly('201'),
  },
  // The caller's current enabler's covered plots, as a file behind a link (its content checked elsewhere).
  'POST /admin/benefit-runs/covered-plots': {
    tenants: 'none',
    request: () => ({
      path: '/admin/benefit-runs/covered-plots',
      body: { assessmentId: `A-${unique()}`, assessmentDate: '2026-02-15', format: 'csv' },
    }),
    own: adminOnly('201'),
  },
  'POST /admin/benefit-runs': {
    tenants: 'none',
    request: async ({ role, caller }) => ({
      path: '/admin/benefit-runs',
      body: {
        upload: role === 'ADMIN' && caller ? await benefitUpload(caller.token) : randomUUID(),
        format: 'csv',
      },
    }),
    own: adminOnly('202'),
  },
  'GET /admin/benefit-runs': {
    tenants: 'none',
    request: () => ({ path: '/admin/benefit-runs' }),
    own: adminOnly('200'),
  },
  'GET /admin/benefit-runs/{id}': {
    tenants: 'both',
    request: ({ tenant }) => ({ path: runPath(tenant) }),
    own: adminOnly('200'),
    other: adminOnly(NOT_FOUND),
  },
  'GET /admin/benefit-runs/{id}/rows': {
    tenants: 'both',
    request: ({ tenant }) => ({ path: runPath(tenant, '/rows?filter:status=ACCEPTED&sort:benefit=desc') }),
    own: adminOnly('200'),
    other: adminOnly(NOT_FOUND),
  },
  'GET /admin/benefit-runs/{id}/duplicates': {
    tenants: 'both',
    request: ({ tenant }) => ({ path: runPath(tenant, '/duplicates') }),
    own: adminOnly('200'),
    other: adminOnly(NOT_FOUND),
  },
  'POST /admin/benefit-runs/{id}/approve': {
    tenants: 'both',
    request: ({ tenant }) => reviewOf(tenant, 'approve', 'Checked'),
    own: adminOnly('202'),
    other: adminOnly(NOT_FOUND),
  },
  'POST /admin/benefit-runs/{id}/reject': {
    tenants: 'both',
    request: ({ tenant }) => reviewOf(tenant, 'reject', 'Wrong index'),
    own: adminOnly('200'),
    other: adminOnly(NOT_FOUND),
  },
  'POST /admin/benefit-runs/{id}/cancel': {
    tenants: 'both',
    request: async ({ tenant }) => ({
      path: `/admin/benefit-runs/${await newBenefitRun(tenant, false)}/cancel`,
      body: {},
    }),
    own: adminOnly('200'),
    other: adminOnly(NOT_FOUND),
  },
  'POST /admin/benefit-runs/{id}/resume': {
    tenants: 'both',
    request: async ({ tenant }) => ({
      path: `/admin/benefit-runs/${await newBenefitRun(tenant, false)}/resume`,
    }),
    own: adminOnly('202'),
    other: adminOnly(NOT_FOUND),
  },
  'POST /admin/benefit-runs/{id}/preview': {
    tenants: 'both',
    request: async ({ tenant }) => ({
      path: `/admin/benefit-runs/${await newBenefitRun(tenant)}/preview`,
    }),
    own: adminOnly('202'),
    other: adminOnly(NOT_FOUND),
  },
  // The tenant's run is previewed, not paid: its own administrator is told it cannot be reversed yet
  // (a reversal of a paid run: benefit-runs.integration.test.ts); another enabler's is not found.
  'POST /admin/benefit-runs/{id}/reverse': {
    tenants: 'both',
    request: ({ tenant }) => ({ path: runPath(tenant, '/reverse') }),
    own: adminOnly('409 ERR_BENEFIT_RUN_STATE'),
    other: adminOnly(NOT_FOUND),
  },
  'GET /admin/benefit-runs/{id}/files/{file}': {
    tenants: 'both',
    request: ({ tenant }) => ({ path: runPath(tenant, '/files/preview') }),
    own: adminOnly('200'),
    other: adminOnly(NOT_FOUND),
  },

  // Users: administrators are shared; another enabler's agents are reached from that enabler's view only.
  'GET /admin/users': { tenants: 'none', request: () => ({ path: '/admin/users' }), own: adminOnly('200') },
  'POST /admin/users': {
    tenants: 'none',
    request: () => ({
      path: '/admin/users',
      body: { email: uniqueEmail('new'), username: 'New', role: 'USER' },
    }),
    own: adminOnly('201'),
  },
  'POST /admin/users/forcePasswordRenew': {
    tenants: 'both',
    request: async ({ tenant }) => ({
      path: '/admin/users/forcePasswordRenew',
      body: { email: await newUser(tenant) },
    }),
    own: adminOnly('204'),
    other: otherEnablersRecord,
  },
  'POST /admin/users/{id}': {
    tenants: 'both',
    request: async ({ tenant }) => ({ path: userPath(await newUser(tenant)), body: { username: 'Renamed' } }),
    own: adminOnly('200'),
    other: otherEnablersRecord,
  },
  'DELETE /admin/users/{id}': {
    tenants: 'both',
    request: async ({ tenant }) => ({ method: 'DELETE', path: userPath(await newUser(tenant)) }),
    own: adminOnly('204'),
    other: otherEnablersRecord,
  },

  'GET /admin/logs': {
    tenants: 'none',
    request: () => ({ path: '/admin/logs?level=debug' }),
    own: adminOnly('200'),
  },
  // The current enabler's activity and the administration's: another enabler's changes never show.
  'GET /admin/activity': {
    tenants: 'none',
    request: () => {
      const to = new Date();
      const from = new Date(to.getTime() - 86_400_000);
      return { path: `/admin/activity?from=${from.toISOString()}&to=${to.toISOString()}&pageSize=100` };
    },
    own: adminOnly('200'),
  },
  'GET /admin/reports': {
    tenants: 'none',
    request: () => ({ path: '/admin/reports' }),
    own: adminOnly('200'),
  },
  'GET /admin/mirror': { tenants: 'none', request: () => ({ path: '/admin/mirror' }), own: adminOnly('200') },
  'POST /admin/mirror': {
    tenants: 'none',
    request: () => ({ path: '/admin/mirror' }),
    own: adminOnly('202'),
  },

  // A job is read by the administrator who started it only.
  'GET /exports/members': {
    tenants: 'none',
    request: () => ({ path: '/exports/members' }),
    own: adminOnly('202'),
  },
  'GET /exports/enablers': {
    tenants: 'none',
    request: () => ({ path: '/exports/enablers' }),
    own: adminOnly('202'),
  },
  'GET /exports/all': { tenants: 'none', request: () => ({ path: '/exports/all' }), own: adminOnly('202') },
  'GET /exports/jobs/{id}': {
    tenants: 'both',
    request: ({ tenant }) => ({ path: `/exports/jobs/${tenant.exportJobId}` }),
    own: adminOnly('200'),
    other: adminOnly(NOT_FOUND),
  },
  'POST /imports/all': {
    tenants: 'none',
    request: () => ({ path: '/imports/all', body: { file: [] } }),
    own: adminOnly('202'),
  },
  'POST /imports/onboard': {
    tenants: 'none',
    request: () => ({ path: '/imports/onboard', body: { file: [] } }),
    own: adminOnly('202'),
  },
  'POST /imports/uploads': {
    tenants: 'none',
    request: () => ({ path: '/imports/uploads' }),
    own: adminOnly('201'),
  },
  'GET /imports/jobs/{id}': {
    tenants: 'both',
    request: ({ tenant }) => ({ path: `/imports/jobs/${tenant.importJobId}` }),
    own: adminOnly('200'),
    other: adminOnly(NOT_FOUND),
  },

  // The mobile app's reports: its users' roles only.
  'POST /reports': {
    tenants: 'none',
    request: () => ({
      path: '/reports',
      body: {
        deviceManufacturer: 'Acme',
        deviceModel: 'X1',
        version: '1.0.0',
        appIdentifier: 'org.cpbo',
        data: {},
      },
    }),
    own: { ...signedIn('201'), ADMIN: NOT_ADMIN },
  },

  // The dashboard answers for the caller's enabler, whatever the federation asked.
  'GET /dashboard/numberOfCoversStartedByDate': {
    tenants: 'none',
    request: () => ({ path: '/dashboard/numberOfCoversStartedByDate?timeScale=weekly' }),
    own: signedIn('200'),
  },
  'GET /dashboard/totalContributionsByDate': {
    tenants: 'none',
    request: () => ({ path: '/dashboard/totalContributionsByDate' }),
    own: signedIn('200'),
  },
  'GET /dashboard/totalBenefitsComputedByDate': {
    tenants: 'none',
    request: () => ({ path: '/dashboard/totalBenefitsComputedByDate?timeScale=daily' }),
    own: signedIn('200'),
  },
  'GET /dashboard/totalPendingBenefitsByFederation': {
    tenants: 'none',
    request: () => ({ path: '/dashboard/totalPendingBenefitsByFederation' }),
    own: signedIn('200'),
  },
  'GET /dashboard/numberOfCoveredPlots': {
    tenants: 'none',
    request: () => ({ path: '/dashboard/numberOfCoveredPlots?federation=Kaolack' }),
    own: signedIn('200'),
  },
  'GET /dashboard/federations': {
    tenants: 'none',
    request: () => ({ path: '/dashboard/federations' }),
    own: signedIn('200'),
  },
  'GET /dashboard/numberOfUnitsToDisplay': {
    tenants: 'none',
    request: () => ({ path: '/dashboard/numberOfUnitsToDisplay?timeScale=monthly' }),
    own: signedIn('200'),
  },
  'POST /dashboard/rebuild': {
    tenants: 'none',
    // A new account of a new enabler: the enablers of this file already have a queued job (409).
    freshCaller: true,
    request: () => ({ path: '/dashboard/rebuild' }),
    own: adminOnly('202'),
  },
  'GET /dashboard/rebuild/{id}': {
    tenants: 'both',
    request: ({ tenant }) => ({ path: `/dashboard/rebuild/${tenant.rebuildJobId}` }),
    own: adminOnly('200'),
    other: adminOnly(NOT_FOUND),
  },

  'GET /openapi.json': { tenants: 'none', request: () => ({ path: '/openapi.json' }), own: anyone('200') },
};

const givenTenant = async (): Promise<Tenant> => {
  const enablerId = (await givenEnabler()).id;
  const admin = await newCaller('ADMIN', enablerId);
  const agent = await givenUser({ role: 'USER', enablerId });
  const given = await givenMember(enablerId);
  const member = {
    id: given.memberId,
    plotId: given.plotIds[0] as string,
    name: given.member.name,
    number: given.member.number,
  };
  const tenant = { enablerId, admin, agentEmail: agent.email, member } as Tenant;
  tenant.contributionId = await newContribution(tenant);
  tenant.payoutId = await newPayout(tenant);
  tenant.cashoutId = await newCashout(tenant);
  tenant.exportJobId = (await prepared(admin.token, 'GET', '/exports/members')).job.id;
  tenant.importJobId = (await prepared(admin.token, 'POST', '/imports/onboard', { file: [] })).job.id;
  tenant.rebuildJobId = (await prepared(admin.token, 'POST', '/dashboard/rebuild')).job.id;
  tenant.memberDeletionJobId = (
    await prepared(admin.token, 'DELETE', `/admin/members/${(await newMember(tenant)).id}`)
  ).job.id;
  tenant.uploader = await newCaller('ADMIN', enablerId);
  tenant.benefitRunId = await newBenefitRun(tenant);
  return tenant;
};

/** What the caller's answers must never hold: another enabler's members, plots, records and agents. */
const secretsOf = (tenant: Tenant) => [
  tenant.member.id,
  tenant.member.plotId,
  tenant.member.name,
  tenant.member.number,
  tenant.contributionId,
  tenant.payoutId,
  tenant.cashoutId,
  tenant.agentEmail,
];

const outcomeOf = (answer: HttpAnswer): string =>
  answer.status < 400 ? String(answer.status) : `${answer.status} ${answer.body?.code}`;

interface Case {
  key: string;
  variant: Variant | 'none';
  role: Role;
  expected: Outcome;
  actual: string;
}
const cases: Case[] = [];

beforeAll(async () => {
  // Every answer below is also checked against its route's declared schema: a broken one answers 500.
  expect(process.env.CPBO_CHECK_ANSWERS).toBe('on');
  api = await startApiOverHttp();
  a = await givenTenant();
  b = await givenTenant();
  callers.ADMIN = a.admin;
  callers.USER = await newCaller('USER', a.enablerId);
  callers.ANDROID_USER = await newCaller('ANDROID_USER', a.enablerId);
}, 120_000);

afterAll(async () => {
  await api?.stop();
  const counted = (variant: Case['variant']) => cases.filter((entry) => entry.variant === variant).length;
  console.log(
    `[tenant matrix] ${new Set(cases.map((entry) => entry.key)).size} routes, ${cases.length} cases ` +
      `(own ${counted('own')}, other ${counted('other')}, mixed ${counted('mixed')}, no tenant ${counted('none')})`,
  );
});

describe('the tenant and role matrix', () => {
  it('has one row per route of the route table, and no other', () => {
    const keys = routes.map(routeKey);
    expect(
      keys.filter((key) => !(key in matrix)),
      'routes without a row',
    ).toEqual([]);
    expect(
      Object.keys(matrix).filter((key) => !keys.includes(key)),
      'rows without a route',
    ).toEqual([]);
  });

  for (const route of routes) {
    const key = routeKey(route);
    it(key, async () => {
      const row = matrix[key];
      expect(row, `no row for ${key}`).toBeDefined();
      if (!row) return;
      type Run = [Case['variant'], Cells | undefined, Tenant];
      const mixed: Run[] = row.mixed ? [['mixed', row.mixed, b]] : [];
      const variants: Run[] =
        row.tenants === 'none'
          ? [['none', row.own, a]]
          : [['own', row.own, a], ['other', row.other, b], ...mixed];
      for (const [variant, cells, tenant] of variants) {
        expect(cells, `${key}: no ${variant} cells`).toBeDefined();
        if (!cells) continue;
        for (const role of roles) {
          let caller = role === 'anonymous' ? undefined : callers[role];
          if (row.freshCaller && role !== 'anonymous') {
            const enablerId = key === 'POST /dashboard/rebuild' ? (await givenEnabler()).id : a.enablerId;
            caller = await newCaller(role, enablerId);
          }
          const request = await row.request({ variant, role, caller, tenant, home: a });
          const answer = await api.call({
            method: request.method ?? route.method,
            path: request.path,
            body: request.body,
            token: request.token ?? caller?.token,
          });
          const actual = outcomeOf(answer);
          cases.push({ key, variant, role, expected: cells[role], actual });
          const where = `${key} as ${role} on ${variant === 'none' ? 'its' : variant} enabler's resource`;
          expect.soft(actual, `${where}: ${JSON.stringify(answer.body)?.slice(0, 300)}`).toBe(cells[role]);
          // "Change the view" names the enabler to change to (by its name of now: rows above rename
          // it); a refusal or a not found names none.
          if (answer.body?.code === 'ERR_FORBIDDEN_ADMIN')
            expect.soft(answer.body.details, `${where}: the enabler to change to`).toEqual({
              enablerId: tenant.enablerId,
              enablerName: (await getEnabler(tenant.enablerId))?.name,
            });
          else if (answer.status === 403 || answer.status === 404)
            expect.soft(answer.body?.details, `${where}: details of ${actual}`).toBeUndefined();
          if (answer.status < 300 && answer.body !== undefined) {
            const text = JSON.stringify(answer.body);
            const leaked = secretsOf(b).filter((secret) => text.includes(secret));
            expect.soft(leaked, `${where}: another enabler's data in the answer`).toEqual([]);
          }
        }
      }
      expect(api.failures, 'calls that failed inside the server').toEqual([]);
    });
  }
});

describe("the administrator's enabler switch", () => {
  it('moves the session to the other enabler: its members open, the first enabler’s are refused', async () => {
    const admin = await newCaller('ADMIN', a.enablerId);
    const switched = await api.call({
      path: `/auth/enablerProfile/${b.enablerId}`,
      method: 'GET',
      token: admin.token,
    });
    expect(switched.status).toBe(200);
    // The switch answers a refresh token of the moved session; its refresh gives an access token of B.
    const refreshed = await api.call({
      method: 'GET',
      path: '/auth/refresh',
      token: switched.body.refreshToken,
    });
    expect(refreshed.body.enabler).toBe(b.enablerId);
    const token = refreshed.body.accessToken as string;
    expect(outcomeOf(await api.call({ method: 'GET', path: `/members/${b.member.id}`, token }))).toBe('200');
    expect(outcomeOf(await api.call({ method: 'GET', path: `/members/${a.member.id}`, token }))).toBe(
      '403 ERR_FORBIDDEN_ADMIN',
    );
    expect(outcomeOf(await api.call({ method: 'GET', path: `/admin/payouts/${a.payoutId}`, token }))).toBe(
      '403 ERR_FORBIDDEN_ADMIN',
    );
    expect(outcomeOf(await api.call({ method: 'GET', path: `/admin/payouts/${b.payoutId}`, token }))).toBe(
      '200',
    );
    // The token of the first enabler died with the move.
    expect(outcomeOf(await api.call({ method: 'GET', path: '/me/enabler', token: admin.token }))).toBe(
      UNAUTHENTICATED,
    );
  });
});

describe('an id that exists in no enabler', () => {
  it('is not found, with nothing more: "change the view" is only for what exists', async () => {
    const nowhere = randomUUID();
    const start = { startCoverageDate: unixSecondsOfDay('2026-01-01') };
    const calls: Request[] = [
      { method: 'GET', path: `/members/${nowhere}` },
      { path: `/admin/members/${nowhere}`, body: newMemberBody() },
      { method: 'DELETE', path: `/admin/members/${nowhere}` },
      { path: '/admin/plots', body: { memberId: nowhere, ...plotBody, ...start } },
      { path: `/admin/plots/${nowhere}`, body: { ...plotBody, ...start } },
      { method: 'DELETE', path: `/admin/plots/${nowhere}` },
      { path: '/admin/contributions', body: contributionBody(nowhere) },
      { path: '/admin/payouts', body: { memberId: nowhere, ...payoutBody(nowhere) } },
      { path: '/admin/cashouts', body: { memberId: nowhere, amount: 1 } },
      { path: `/admin/users/${encodeURIComponent(uniqueEmail('nobody'))}`, body: { username: 'Nobody' } },
      ...(['contributions', 'payouts', 'cashouts'] as const).flatMap((kind): Request[] => [
        { method: 'GET', path: `/admin/${kind}/${nowhere}` },
        { method: 'DELETE', path: `/admin/${kind}/${nowhere}` },
      ]),
      { path: `/admin/contributions/${nowhere}`, body: contributionBody(a.member.plotId) },
      { path: `/admin/payouts/${nowhere}`, body: payoutBody(a.member.plotId) },
      {
        path: `/admin/cashouts/${nowhere}`,
        body: { amount: 1, cashoutDate: unixSecondsOfDay('2026-07-01') },
      },
    ];
    for (const call of calls) {
      const answer = await api.call({
        method: call.method ?? 'POST',
        path: call.path,
        body: call.body,
        token: a.admin.token,
      });
      expect.soft(outcomeOf(answer), `${call.method ?? 'POST'} ${call.path}`).toBe(NOT_FOUND);
      expect.soft(answer.body?.details, call.path).toBeUndefined();
    }
  });
});

describe('an administrator without an enabler (the first one, before any enabler exists)', () => {
  it('gets an answer of the catalogue, never a 5xx, from every route', async () => {
    const newAdmin = async () => {
      const user = await givenUser({ role: 'ADMIN', enablerId: '' });
      return api.signIn(user.email, user.password);
    };
    const shared = await newAdmin();
    for (const route of routes) {
      const key = routeKey(route);
      const row = matrix[key];
      if (!row) continue;
      const caller = row.freshCaller ? await newAdmin() : shared;
      const request = await row.request({ variant: 'own', role: 'ADMIN', caller, tenant: a, home: a });
      const answer = await api.call({
        method: request.method ?? route.method,
        path: request.path,
        body: request.body,
        token: request.token ?? caller.token,
      });
      const code = answer.body?.code as keyof typeof errorCatalogue | undefined;
      expect
        .soft(answer.status < 500, `${key}: ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 200)}`)
        .toBe(true);
      if (answer.status >= 400) expect.soft(code && errorCatalogue[code]?.status, key).toBe(answer.status);
    }
  });

  it('creates administrators only: an agent of no enabler would be bound to nothing', async () => {
    const user = await givenUser({ role: 'ADMIN', enablerId: '' });
    const { token } = await api.signIn(user.email, user.password);
    for (const role of ['USER', 'ANDROID_USER'] as const) {
      const email = uniqueEmail('orphan');
      const body = { email, username: 'Orphan', role };
      expect(outcomeOf(await api.call({ method: 'POST', path: '/admin/users', token, body }))).toBe(
        NOT_FOUND,
      );
      expect(
        outcomeOf(
          await api.call({ method: 'POST', path: '/auth/login', body: { username: email, password: 'x' } }),
        ),
      ).toBe('401 ERR_LOGIN_INVALID');
    }
    const body = { email: uniqueEmail('admin'), username: 'Second administrator', role: 'ADMIN' };
    expect(outcomeOf(await api.call({ method: 'POST', path: '/admin/users', token, body }))).toBe('201');
  });

  it('starts no job for no enabler: its export, onboarding and rebuild are not found', async () => {
    const user = await givenUser({ role: 'ADMIN', enablerId: '' });
    const { token } = await api.signIn(user.email, user.password);
    const calls = [
      { method: 'GET', path: '/exports/members' },
      { method: 'POST', path: '/imports/onboard', body: { file: [] } },
      { method: 'POST', path: '/dashboard/rebuild' },
    ] as const;
    for (const call of calls)
      expect(outcomeOf(await api.call({ ...call, token })), call.path).toBe(NOT_FOUND);
    // Every enabler's files do not need one.
    expect(outcomeOf(await api.call({ method: 'GET', path: '/exports/all', token }))).toBe('202');
  });
});
