import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { isoDateOf } from '@cpbo/schemas/coverage-dates.ts';
import { claimsOfAssessment } from '#data/money/benefit-claims.ts';
import { listCampaigns } from '#data/enablers/campaigns.ts';
import { createMoneyRecord } from '#data/money/money-create.ts';
import { recordIdHolders } from '#data/money/record-id-claims.ts';
import type { MoneyType } from '#domain/money-totals.ts';
import { AppError } from '#platform/app-error.ts';
import { callApi } from '../testing/call-api.ts';
import { givenMember } from '../testing/member-fixtures.ts';
import { expectTotalsMatchRecords } from '../testing/money-totals-check.ts';
import { givenAdministeredEnabler, givenSignedInUser } from '../testing/signed-in-users.ts';
import { unixSecondsOfDay } from '../testing/unix-seconds.ts';
import { handler as adminCashouts } from './admin-cashouts/handler.ts';
import { handler as adminContributions } from './admin-contributions/handler.ts';
import { handler as adminPayouts } from './admin-payouts/handler.ts';
import { handler as members } from './members/handler.ts';

/*
 * The one rule of money totals, under load: random interleavings of the agents' creates (the member
 * page), the benefit run's payouts (createMoneyRecord) and the administrators' creates, edits and
 * deletes of the three kinds, several sequences at once on the same members. Whatever was refused
 * (a cashout above the pending benefit, a change that would leave it negative, a record deleted
 * meanwhile), every member's and plot's totals, dates and counts, every campaign and every record
 * id claim must be what the records read back from the table add up to.
 */

const RUNS = 40;

const admin = { token: '' };
const agent = { token: '' };
let enablerId: string;

beforeAll(async () => {
  const given = await givenAdministeredEnabler();
  enablerId = given.enablerId;
  admin.token = given.admin.token;
  agent.token = (await givenSignedInUser('USER', enablerId)).token;
});

interface Operation {
  side: 'field' | 'admin';
  action: 'create' | 'edit' | 'delete';
  type: MoneyType;
  member: number;
  plot: number;
  /** Whole units, small enough that cashouts are refused now and then. */
  amount: number;
  /** Days from today: after today, a field-side create falls before the member's latest record. */
  days: number;
  /** Which of the member's known records of the type an edit or deletion takes. */
  pick: number;
  /** Which of the run's three assessments a payout belongs to. */
  assessment: number;
}

const operationArbitrary: fc.Arbitrary<Operation> = fc
  .record({
    side: fc.constantFrom('field' as const, 'admin' as const),
    // Twice as many creates as edits or deletions, so that these find records.
    action: fc.constantFrom('create' as const, 'create' as const, 'edit' as const, 'delete' as const),
    type: fc.constantFrom('CONTRIBUTION' as const, 'PAYOUT' as const, 'CASHOUT' as const),
    member: fc.nat(2),
    plot: fc.nat(2),
    amount: fc.integer({ min: 1, max: 90 }),
    days: fc.integer({ min: -60, max: 30 }),
    pick: fc.nat(),
    assessment: fc.nat(2),
  })
  // Agents only create.
  .map((operation) => (operation.side === 'field' ? { ...operation, action: 'create' as const } : operation));

const scenarioArbitrary = fc.record({
  plotsPerMember: fc.array(fc.integer({ min: 2, max: 3 }), { minLength: 2, maxLength: 3 }),
  sequences: fc.array(fc.array(operationArbitrary, { minLength: 4, maxLength: 8 }), {
    minLength: 3,
    maxLength: 4,
  }),
});

type Scenario = typeof scenarioArbitrary extends fc.Arbitrary<infer T> ? T : never;

const addDays = (isoDay: string, days: number) =>
  isoDateOf(new Date((unixSecondsOfDay(isoDay) + days * 86_400) * 1000));

/** An outcome of a call: written, or one of the refusals the rules allow. */
type Outcome =
  | 'written'
  | 'ERR_NOT_FOUND'
  | 'ERR_BALANCE_TOO_LOW'
  | 'ERR_PENDING_BENEFIT_NEGATIVE'
  | 'ERR_CONFLICT'
  | 'ERR_PLOT_PAID_FOR_ASSESSMENT';
const refusals = new Set<string>([
  'ERR_NOT_FOUND',
  'ERR_BALANCE_TOO_LOW',
  'ERR_PENDING_BENEFIT_NEGATIVE',
  'ERR_CONFLICT',
  // A second payout of one assessment and plot, by any path.
  'ERR_PLOT_PAID_FOR_ASSESSMENT',
]);

const outcomeOf = (
  answer: { status: number; body: { code?: string } | undefined },
  what: string,
): Outcome => {
  if (answer.status === 201 || answer.status === 204) return 'written';
  const code = answer.body?.code ?? '';
  if (!refusals.has(code)) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return code as Outcome;
};

const adminHandlers = {
  CONTRIBUTION: { handler: adminContributions, path: '/admin/contributions' },
  PAYOUT: { handler: adminPayouts, path: '/admin/payouts' },
  CASHOUT: { handler: adminCashouts, path: '/admin/cashouts' },
};

/** Runs one scenario: its members, its sequences all at once, then the checks. */
const runScenario = async (
  { plotsPerMember, sequences }: Scenario,
  run: number,
  outcomes: Map<string, number>,
) => {
  const today = isoDateOf(new Date());
  const people = await Promise.all(plotsPerMember.map((plots) => givenMember(enablerId, plots)));
  // Each assessment of the run has its own date: a campaign's reporting date must be its payouts'.
  const assessments = [0, 1, 2].map((index) => ({
    id: `A-${run}-${index}-${Date.now()}`,
    date: addDays(today, -30 * index),
  }));
  const known = people.map(() => ({
    CONTRIBUTION: [] as string[],
    PAYOUT: [] as string[],
    CASHOUT: [] as string[],
  }));

  const perform = async (operation: Operation): Promise<Outcome> => {
    const index = operation.member % people.length;
    const person = people[index] as (typeof people)[number];
    const plotId = person.plotIds[operation.plot % person.plotIds.length] as string;
    const day = addDays(today, operation.days);
    const assessment = assessments[operation.assessment] as (typeof assessments)[number];
    const records = known[index]?.[operation.type] as string[];
    const payoutValues = {
      amountCents: operation.amount * 100,
      assessmentId: assessment.id,
      assessmentDate: assessment.date,
      payoutDate: day,
    };
    if (operation.side === 'field') {
      if (operation.type === 'PAYOUT') {
        // The benefit run's path: a payout of any date, with no read before the write.
        try {
          const payout = await createMoneyRecord({
            type: 'PAYOUT',
            member: person.member,
            plot: { id: plotId, name: 'Field' },
            values: payoutValues,
            by: 'benefit-run',
          });
          records.push(payout.id);
          return 'written';
        } catch (error) {
          if (error instanceof AppError && refusals.has(error.code)) return error.code as Outcome;
          throw error;
        }
      }
      const answer =
        operation.type === 'CONTRIBUTION'
          ? await callApi(members, 'POST', `/members/${person.memberId}/contribute`, {
              token: agent.token,
              body: { amount: operation.amount, plotId, protectionType: 'DROUGHT' },
            })
          : await callApi(members, 'POST', `/members/${person.memberId}/cashouts`, {
              token: agent.token,
              body: { amount: operation.amount },
            });
      const outcome = outcomeOf(answer, `field ${operation.type}`);
      if (outcome === 'written') records.push(answer.body.id as string);
      return outcome;
    }
    const { handler, path } = adminHandlers[operation.type];
    const bodies = {
      CONTRIBUTION: {
        plotId,
        amount: operation.amount,
        protectionType: 'EXCESS_RAIN',
        contributionDate: unixSecondsOfDay(day) + 3600,
      },
      PAYOUT: {
        plotId,
        amount: operation.amount,
        assessmentId: assessment.id,
        assessmentDate: unixSecondsOfDay(assessment.date),
        payoutDate: unixSecondsOfDay(day),
      },
      CASHOUT: { amount: operation.amount, cashoutDate: unixSecondsOfDay(day) + 7200 },
    };
    const body = bodies[operation.type];
    if (operation.action === 'create') {
      const answer = await callApi(handler, 'POST', path, {
        token: admin.token,
        body: operation.type === 'CONTRIBUTION' ? body : { memberId: person.memberId, ...body },
      });
      const outcome = outcomeOf(answer, `admin create ${operation.type}`);
      if (outcome === 'written') records.push(answer.body.id as string);
      return outcome;
    }
    const recordId = records[operation.pick % Math.max(records.length, 1)];
    if (recordId === undefined) return 'ERR_NOT_FOUND';
    const answer =
      operation.action === 'edit'
        ? await callApi(handler, 'POST', `${path}/${recordId}`, { token: admin.token, body })
        : await callApi(handler, 'DELETE', `${path}/${recordId}`, { token: admin.token });
    return outcomeOf(answer, `admin ${operation.action} ${operation.type}`);
  };

  await Promise.all(
    sequences.map(async (sequence) => {
      for (const operation of sequence) {
        const outcome = await perform(operation);
        const key = `${operation.side} ${operation.action} ${operation.type}: ${outcome}`;
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      }
    }),
  );

  // Every member's and plot's figures, recomputed from its records as read back.
  const states = await Promise.all(people.map(({ memberId }) => expectTotalsMatchRecords(memberId)));
  const items = states.flatMap((state) => state.items);
  const moneyItems = items.filter((item) =>
    ['CONTRIBUTION', 'PAYOUT', 'CASHOUT'].includes(item.entityType as string),
  );
  // Every record's id claimed for its own member.
  const holders = await recordIdHolders(
    items.filter((item) => typeof item.gsi3pk === 'string').map((item) => item.id as string),
  );
  for (const item of items.filter((candidate) => typeof candidate.gsi3pk === 'string'))
    expect(holders.get(item.id as string), `claim of ${String(item.id)}`).toBe(item.memberId);
  // One payout per assessment and plot, each holding its assessment's claim, and no claim left over.
  const payouts = moneyItems.filter((item) => item.entityType === 'PAYOUT');
  const claims = (
    await Promise.all(assessments.map((assessment) => claimsOfAssessment(enablerId, assessment.id)))
  )
    .flat()
    .filter((claim) => people.some((person) => person.memberId === claim.memberId));
  expect(claims.map((claim) => [claim.payoutId, claim.amountCents]).sort(), 'claims of the payouts').toEqual(
    payouts.map((payout) => [payout.id, payout.amountCents]).sort(),
  );
  // Every payout's campaign, on its assessment's date, named after it.
  const campaigns = new Map((await listCampaigns(enablerId)).map((campaign) => [campaign.id, campaign]));
  for (const payout of moneyItems.filter((item) => item.entityType === 'PAYOUT'))
    expect(campaigns.get(payout.assessmentId as string)).toEqual({
      id: payout.assessmentId,
      name: payout.assessmentId,
      reportingDate: payout.assessmentDate,
    });
};

describe('money totals under concurrent writes of every writer', () => {
  it('equal what the records read back add up to, after any interleaving of creates, edits and deletes', async () => {
    const outcomes = new Map<string, number>();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, async (scenario) => {
        run += 1;
        await runScenario(scenario, run, outcomes);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    // The interleavings wrote every kind from both sides, and met refusals too.
    for (const side of ['field', 'admin'])
      for (const type of ['CONTRIBUTION', 'PAYOUT', 'CASHOUT'])
        expect(outcomes.get(`${side} create ${type}: written`), `${side} ${type}`).toBeGreaterThan(0);
    expect([...outcomes.keys()].some((key) => key.endsWith('ERR_BALANCE_TOO_LOW'))).toBe(true);
    expect([...outcomes.keys()].some((key) => key.endsWith('ERR_PLOT_PAID_FOR_ASSESSMENT'))).toBe(true);
  }, 120_000);
});
