import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  adminContributionRequestSchema,
  adminMemberRequestSchema,
  adminNewCashoutRequestSchema,
  adminNewPayoutRequestSchema,
  adminNewPlotRequestSchema,
  type JSONSchema,
} from '@cpbo/schemas';
import { enablerConfigSchema, enablerRequestSchema, MAX_IMAGE_BYTES } from '@cpbo/schemas/enablers.ts';
import { getDataJob } from '#data/jobs/data-jobs.ts';
import { callApi } from '../../testing/call-api.ts';
import {
  exportFile,
  importDirectly,
  resetDataJobRuns,
  runQueued,
  useEmptyTable,
} from '../../testing/data-job-runs.ts';
import { givenAdministeredEnabler, givenSignedInUser } from '../../testing/signed-in-users.ts';
import { handler as cashouts } from '../admin-cashouts/handler.ts';
import { handler as contributions } from '../admin-contributions/handler.ts';
import { handler as enablers } from '../admin-enablers/handler.ts';
import { handler as members } from '../admin-members/handler.ts';
import { handler as payouts } from '../admin-payouts/handler.ts';
import { handler as plots } from '../admin-plots/handler.ts';

/*
 * Export → import → export gives the same bytes, for records written through the API at every
 * field's limits: the longest and shortest texts, accents (composed and not), spaces around, nulls,
 * the smallest and largest amounts, coordinates and dates, the largest image. The values come from the
 * API's own schemas, so a field whose API limit outgrows the import file's is found here.
 */

afterEach(resetDataJobRuns);

type Schema = Record<string, unknown>;
const propertiesOf = (schema: JSONSchema): Record<string, Schema> =>
  (schema as { properties: Record<string, Schema> }).properties;

/** Texts of the length bounds: plain, accented (é composed, and e with its accent apart), padded. */
const textsAtLimits = (schema: Schema): string[] => {
  const min = Math.max(Number(schema.minLength ?? 0), 1);
  const max = Number(schema.maxLength);
  return [
    'É'.repeat(min),
    'x'.repeat(max),
    'é'.repeat(max),
    `Ñ${'e\u0301'.repeat(Math.floor((max - 1) / 2))}`,
    ` ${'ü'.repeat(Math.max(max - 2, 1))} `.slice(0, max),
  ];
};

/** Numbers at their bounds (an exclusive minimum's nearest cent) and one with two decimals. */
const numbersAtLimits = (schema: Schema): number[] => {
  const low =
    schema.exclusiveMinimum === undefined ? Number(schema.minimum) : Number(schema.exclusiveMinimum) + 0.01;
  const high = Number(schema.maximum);
  return [low, high, Math.round(((low + high) / 3) * 100) / 100];
};

/** The values at the limits of any field of a body: texts, numbers, integers, booleans, enums, nulls. */
const valuesAtLimits = (schema: Schema): unknown[] => {
  const types = ([] as unknown[]).concat(schema.type);
  const nullable = types.includes('null') ? [null] : [];
  if (schema.enum) return schema.enum as unknown[];
  if (types.includes('string')) return [...textsAtLimits(schema), ...nullable];
  if (types.includes('integer')) return [Number(schema.minimum), Number(schema.maximum), ...nullable];
  if (types.includes('number')) return [...numbersAtLimits(schema), ...nullable];
  if (types.includes('boolean')) return [true, false, ...nullable];
  throw new Error(`No values at the limits for ${JSON.stringify(schema)}`);
};

/*
 * Each generator below takes a pin: without one, the property picks any of a field's values at its
 * limits; with pin k, every field takes its k-th value (modulo their count), records are all there and
 * lists have one item. The examples pinned from 0 to the largest count of values run first, so that
 * every value of every field is written, exported and imported at least once.
 */
type Pin = number | undefined;
let mostValues = 0;
const pick = <Value>(values: readonly Value[], pin: Pin): fc.Arbitrary<Value> => {
  mostValues = Math.max(mostValues, values.length);
  return pin === undefined ? fc.constantFrom(...values) : fc.constant(values[pin % values.length] as Value);
};
const listOf = <Value>(item: fc.Arbitrary<Value>, pin: Pin, minLength = 0) =>
  pin === undefined ? fc.array(item, { minLength, maxLength: 2 }) : item.map((value) => [value]);

/** A body of the schema with the named fields, each at its limits (or left out, when it may be). */
const bodyAtLimits = (schema: JSONSchema, fields: readonly string[], pin: Pin) => {
  const properties = propertiesOf(schema);
  const required = new Set((schema as { required?: string[] }).required ?? []);
  return fc.record(
    Object.fromEntries(
      fields.map((field) => [field, pick(valuesAtLimits(properties[field] as Schema), pin)]),
    ),
    { requiredKeys: pin === undefined ? fields.filter((field) => required.has(field)) : [...fields] },
  );
};

/** A data URL of a PNG or JPEG of `bytes` bytes (its signature, then filler). */
const imageOf = (bytes: number, type: 'png' | 'jpeg') => {
  const start =
    type === 'png' ? [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0] : [0xff, 0xd8, 0xff, 0xe0];
  const content = Buffer.alloc(bytes, 7);
  Buffer.from(start).copy(content);
  return `data:image/${type};base64,${content.toString('base64')}`;
};

const unixSeconds = propertiesOf(adminMemberRequestSchema).onboardingDate as Schema;
const dayLimits = [Number(unixSeconds.minimum), 1_767_225_600, Number(unixSeconds.maximum)];
const sortedDays = (pin: Pin) =>
  fc
    .tuple(pick(dayLimits, pin), pick(dayLimits, pin), pick(dayLimits, pin))
    .map((days) => [...days].sort((a, b) => a - b));

const moneyFields = (schema: JSONSchema) =>
  Object.keys(propertiesOf(schema)).filter((field) => !['memberId', 'plotId'].includes(field));

const plotFields = Object.keys(propertiesOf(adminNewPlotRequestSchema)).filter(
  (field) => !['memberId', 'startCoverageDate', 'endOfSeasonDate', 'endCoverageDate'].includes(field),
);

const memberAtLimits = (pin: Pin) => {
  const cashout = bodyAtLimits(adminNewCashoutRequestSchema, moneyFields(adminNewCashoutRequestSchema), pin);
  return fc.record({
    member: bodyAtLimits(adminMemberRequestSchema, Object.keys(propertiesOf(adminMemberRequestSchema)), pin),
    plots: listOf(
      fc.tuple(bodyAtLimits(adminNewPlotRequestSchema, plotFields, pin), sortedDays(pin)),
      pin,
      1,
    ),
    contributions: listOf(
      bodyAtLimits(adminContributionRequestSchema, moneyFields(adminContributionRequestSchema), pin),
      pin,
    ),
    payouts: listOf(
      bodyAtLimits(adminNewPayoutRequestSchema, moneyFields(adminNewPayoutRequestSchema), pin),
      pin,
    ),
    cashout: pin === undefined ? fc.option(cashout) : cashout,
  });
};

const enablerAtLimits = (pin: Pin) =>
  fc.record({
    name: pick(textsAtLimits(enablerRequestSchema.properties.name), pin),
    logo: pick([imageOf(12, 'png'), imageOf(MAX_IMAGE_BYTES, 'jpeg')], pin),
    banner: pick([imageOf(MAX_IMAGE_BYTES, 'png'), imageOf(4, 'jpeg')], pin),
  });

const factors = enablerConfigSchema.properties.benefitFactorsByMonth;
const configAtLimits = (pin: Pin) => {
  const { properties } = enablerConfigSchema;
  return fc.record(
    {
      currency: pick(['XOF', 'INR'], pin),
      maxCompensationFactor: pick(numbersAtLimits(properties.maxCompensationFactor), pin),
      lengthOfSeasonInMonth: pick(valuesAtLimits(properties.lengthOfSeasonInMonth), pin),
      lengthOfCoverageInMonth: pick(valuesAtLimits(properties.lengthOfCoverageInMonth), pin),
      damageThreshold: pick([null, 0, 1], pin),
      benefitFactorsByMonth: pick(
        [[], Array.from({ length: factors.maxItems }, (_, month) => (month % 2 ? factors.items.maximum : 0))],
        pin,
      ),
    },
    {
      requiredKeys: [
        'currency',
        'maxCompensationFactor',
        'lengthOfSeasonInMonth',
        'lengthOfCoverageInMonth',
        'benefitFactorsByMonth',
      ],
    },
  );
};

/** An enabler, its config and its people at their limits. */
const atLimits = (pin: Pin) =>
  fc.tuple(
    enablerAtLimits(pin),
    configAtLimits(pin),
    pin === undefined
      ? // Two members of an enabler differ by number, and by name or village (ERR_DUPLICATE_MEMBER).
        fc.uniqueArray(memberAtLimits(pin), {
          minLength: 1,
          maxLength: 2,
          comparator: ({ member: a }, { member: b }) =>
            a.number === b.number || (a.name === b.name && a.village === b.village),
        })
      : memberAtLimits(pin).map((person) => [person]),
  );

type Generated<Of> = Of extends (pin: Pin) => fc.Arbitrary<infer Value> ? Value : never;

/** Writes what was generated through the administrators' API, each call answered as a success. */
const writeThroughTheApi = async (
  token: string,
  enablerId: string,
  enabler: Generated<typeof enablerAtLimits>,
  config: unknown,
  people: Generated<typeof memberAtLimits>[],
) => {
  const call = async (handler: typeof members, path: string, body: unknown) => {
    const answer = await callApi(handler, 'POST', path, { token, body });
    expect(answer.status, `POST ${path} ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body as { id?: string };
  };
  await call(enablers, `/admin/enablers/${enablerId}`, enabler);
  await call(enablers, `/admin/enablers/${enablerId}/configs`, config);
  for (const person of people) {
    const { id: memberId } = await call(members, '/admin/members', person.member);
    const plotIds: string[] = [];
    for (const [plot, [start, endOfSeason, end]] of person.plots) {
      const body = {
        ...plot,
        memberId,
        startCoverageDate: start,
        endOfSeasonDate: endOfSeason,
        endCoverageDate: end,
      };
      plotIds.push((await call(plots, '/admin/plots', body)).id as string);
    }
    const plotId = plotIds[plotIds.length - 1];
    for (const contribution of person.contributions) {
      await call(contributions, '/admin/contributions', { ...contribution, plotId });
    }
    let paid = 0;
    for (const payout of person.payouts) {
      await call(payouts, '/admin/payouts', { ...payout, memberId, plotId });
      paid += Math.round(Number(payout.amount) * 100);
    }
    // A cashout pays at most the pending benefit.
    if (person.cashout && paid > 0) {
      const amount = Math.min(Math.round(Number(person.cashout.amount) * 100), paid) / 100;
      await call(cashouts, '/admin/cashouts', { ...person.cashout, memberId, amount });
    }
  }
};

describe('an export imported into an empty environment', () => {
  it('exports again byte for byte, for records at every field’s limits', async () => {
    const anyAtLimits = atLimits(undefined);
    // Every value of every field, once each at least (mostValues is known once the generators exist).
    const pinned = Array.from({ length: mostValues }, (_, pin) => [
      fc.sample(atLimits(pin), { numRuns: 1, seed: pin })[0] as Generated<typeof atLimits>,
    ]);
    await fc.assert(
      fc.asyncProperty(anyAtLimits, async ([enabler, config, people]) => {
        // The records are written in a table of their own too: the shared one keeps its size for the
        // tests that read it whole (the mirror's).
        resetDataJobRuns();
        await useEmptyTable();
        const { enablerId, admin } = await givenAdministeredEnabler();
        await writeThroughTheApi(admin.token, enablerId, enabler, config, people);
        const exported = (await exportFile(admin.token, 'members')).text;

        await useEmptyTable();
        const jobId = await importDirectly(exported, enablerId);
        expect(await runQueued()).toEqual([]);
        expect(await getDataJob(jobId)).toMatchObject({ state: 'DONE', errorCount: 0, errors: [] });
        const importer = await givenSignedInUser('ADMIN', enablerId);
        expect((await exportFile(importer.token, 'members')).text).toBe(exported);
      }),
      { numRuns: 12, seed: 26, endOnFailure: true, examples: pinned },
    );
  }, 600_000);
});
