import { describe, expect, it } from 'vitest';
import { latencies } from './load-run.ts';
import { loadWorkload, readKinds, writeKinds, type LoadMember } from './load-workload.ts';

const members: LoadMember[] = [
  { id: 'm1', name: 'Awa Diop', plotIds: ['p1', 'p2'], pendingBenefitCents: 250 },
  { id: 'm2', name: 'Moussa Sarr', plotIds: ['p3'], pendingBenefitCents: 0 },
  { id: 'm3', name: 'Fatou Fall', plotIds: [], pendingBenefitCents: 10_000 },
];

describe('loadWorkload', () => {
  const calls = Array.from({ length: 2000 }, loadWorkload(members).next);

  it('should draw every kind of call, writes with keys of their own', () => {
    expect(new Set(calls.map((call) => call.kind))).toEqual(new Set([...readKinds, ...writeKinds]));
    const keys = calls.flatMap((call) => (call.idempotencyKey ? [call.idempotencyKey] : []));
    expect(keys.length).toBe(calls.filter((call) => call.method === 'POST').length);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('should never pay out more than a member’s pending benefit, nor call a member without plots', () => {
    const cashouts = calls.filter((call) => call.kind === 'cashout');
    expect(cashouts.map((call) => call.path)).toEqual(['/members/m1/cashouts', '/members/m1/cashouts']);
    expect(calls.some((call) => call.path.includes('/m3'))).toBe(false);
  });

  it('should contribute to one of the member’s own plots', () => {
    for (const call of calls.filter((each) => each.kind === 'contribution')) {
      const member = members.find((each) => call.path === `/members/${each.id}/contribute`);
      expect(member?.plotIds).toContain((call.body as { plotId: string }).plotId);
    }
  });
});

describe('latencies', () => {
  it('should answer the count, the rate and the 50th and 99th percentiles', () => {
    const milliseconds = Array.from({ length: 100 }, (_, index) => 100 - index);
    expect(latencies(milliseconds, 4)).toEqual({ count: 100, perSecond: 25, p50: 51, p99: 100 });
  });
});
