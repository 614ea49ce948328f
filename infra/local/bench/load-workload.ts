import { randomUUID } from 'node:crypto';
import {
  benefitsFilters,
  contributionsFilters,
  encodeMemberListQuery,
  memberSortFields,
  plotsFilters,
  type MemberListRequest,
} from '@cpbo/schemas/member-list-query.ts';
import { dashboardCalls } from './dashboard-calls.ts';

/*
 * bench:load's mix of calls, as the back office's people make them: agents reading member lists (sorted,
 * filtered, searched), member and plot pages and the dashboard, and recording contributions and
 * cashouts; administrators reading their record tables. Each write has its own Idempotency-Key.
 */

export const readKinds = ['member list', 'member page', 'plot page', 'admin list', 'dashboard'] as const;
export const writeKinds = ['contribution', 'cashout'] as const;
/** A write sent again with its key: 5 % of the answered ones, and every one whose answer was lost. */
export const RETRIED = 'write retried';
export type LoadKind = (typeof readKinds)[number] | (typeof writeKinds)[number] | typeof RETRIED;
export const loadKinds: readonly LoadKind[] = [...readKinds, ...writeKinds, RETRIED];

/** Shares of the calls (the rest of a cashout's share goes to contributions once the benefits run out). */
const weights: Record<(typeof readKinds)[number] | (typeof writeKinds)[number], number> = {
  'member list': 25,
  'member page': 15,
  'plot page': 10,
  'admin list': 10,
  dashboard: 15,
  contribution: 15,
  cashout: 10,
};

/** A member of the demo as the bench uses it: its plots and the pending benefit it may still pay out. */
export interface LoadMember {
  id: string;
  name: string;
  plotIds: string[];
  pendingBenefitCents: number;
}

export interface LoadCall {
  kind: LoadKind;
  method: 'GET' | 'POST';
  /** Below /api, with its query string. */
  path: string;
  as: 'agent' | 'admin';
  body?: unknown;
  idempotencyKey?: string;
}

const pick = <Value>(values: readonly Value[], random: () => number): Value =>
  values[Math.floor(random() * values.length)] as Value;

const withQuery = (path: string, query: Record<string, string> = {}) => {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
};

const memberListQuery = (members: readonly LoadMember[], random: () => number): MemberListRequest => {
  const query: MemberListRequest = {
    page: 1 + Math.floor(random() * 3),
    pageSize: pick([10, 50], random),
    sort: { field: pick(memberSortFields, random), direction: pick(['asc', 'desc'] as const, random) },
  };
  const filter = random();
  if (filter < 0.25) return { ...query, page: 1, search: pick(members, random).name.split(' ')[0] };
  if (filter < 0.4) return { ...query, benefits: pick(benefitsFilters, random) };
  if (filter < 0.55) return { ...query, contributions: pick(contributionsFilters, random) };
  if (filter < 0.7) return { ...query, plots: pick(plotsFilters, random) };
  return query;
};

const adminLists = [
  { path: '/admin/contributions', sort: 'sort:contributionDate' },
  { path: '/admin/payouts', sort: 'sort:payoutDate' },
  { path: '/admin/cashouts', sort: 'sort:cashoutDate' },
  { path: '/admin/plots', sort: 'sort:startCoverageDate' },
];

/**
 * The calls of one run: `next()` draws the next one. Cashouts are drawn only while the member's pending
 * benefit covers them, so that none is refused for a benefit another connection has just paid out.
 */
export const loadWorkload = (members: readonly LoadMember[], random: () => number = Math.random) => {
  const budget = new Map(members.map((member) => [member.id, member.pendingBenefitCents]));
  const total = Object.values(weights).reduce((sum, weight) => sum + weight, 0);
  const drawKind = () => {
    let left = random() * total;
    for (const [kind, weight] of Object.entries(weights)) {
      left -= weight;
      if (left < 0) return kind as keyof typeof weights;
    }
    return 'member list';
  };
  const withPlot = members.filter((member) => member.plotIds.length > 0);

  const next = (): LoadCall => {
    const kind = drawKind();
    const member = pick(withPlot, random);
    switch (kind) {
      case 'member list':
        return {
          kind,
          method: 'GET',
          path: withQuery('/members', encodeMemberListQuery(memberListQuery(members, random))),
          as: 'agent',
        };
      case 'member page':
        return { kind, method: 'GET', path: `/members/${member.id}`, as: 'agent' };
      case 'plot page':
        return {
          kind,
          method: 'GET',
          path: `/members/${member.id}/plots/${pick(member.plotIds, random)}`,
          as: 'agent',
        };
      case 'admin list': {
        const list = pick(adminLists, random);
        const query = { pageSize: pick(['10', '25'], random), [list.sort]: pick(['asc', 'desc'], random) };
        return { kind, method: 'GET', path: withQuery(list.path, query), as: 'admin' };
      }
      case 'dashboard': {
        const call = pick(dashboardCalls, random);
        return { kind, method: 'GET', path: withQuery(`/dashboard/${call.path}`, call.query), as: 'agent' };
      }
      case 'cashout': {
        const payers = withPlot.filter((candidate) => (budget.get(candidate.id) ?? 0) >= 100);
        if (payers.length) {
          const payer = pick(payers, random);
          budget.set(payer.id, (budget.get(payer.id) ?? 0) - 100);
          return {
            kind,
            method: 'POST',
            path: `/members/${payer.id}/cashouts`,
            as: 'agent',
            body: { amount: 1 },
            idempotencyKey: randomUUID(),
          };
        }
        break;
      }
    }
    return {
      kind: 'contribution',
      method: 'POST',
      path: `/members/${member.id}/contribute`,
      as: 'agent',
      body: {
        amount: 1 + Math.floor(random() * 20),
        plotId: pick(member.plotIds, random),
        protectionType: pick(['DROUGHT', 'EXCESS_RAIN'], random),
      },
      idempotencyKey: randomUUID(),
    };
  };
  return { next };
};
