import { describe, expect, it } from 'vitest';
import {
  adminContributionRequestSchema,
  adminMemberRequestSchema,
  adminNewCashoutRequestSchema,
  adminNewPayoutRequestSchema,
  adminNewPlotRequestSchema,
  adminUpdatePlotRequestSchema,
} from './admin-records.ts';
import { exportedEnablerSchema, exportedMemberSchema, onboardingMemberSchema } from './data-files.ts';
import { enablerRequestSchema } from './enablers.ts';
import {
  cashoutRequestSchema,
  contributeRequestSchema,
  newMemberRequestSchema,
  newPlotRequestSchema,
  updatePlotRequestSchema,
} from './members.ts';

type Properties = Record<string, Record<string, unknown>>;
const propertiesOf = (schema: { properties: object }): Properties => schema.properties as Properties;

/** The keywords that bound a value. */
const limitKeywords = [
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'enum',
  'maxItems',
] as const;
const limitsOf = (property: Record<string, unknown>) =>
  Object.fromEntries(
    limitKeywords.flatMap((keyword) => (keyword in property ? [[keyword, property[keyword]]] : [])),
  );

const file = propertiesOf(exportedMemberSchema);
/** Each record of the import file beside the API bodies that write the same record. */
const records: [kind: string, file: Properties, api: Properties[]][] = [
  ['member', file, [newMemberRequestSchema, adminMemberRequestSchema].map(propertiesOf)],
  ['onboarded member', propertiesOf(onboardingMemberSchema), [propertiesOf(newMemberRequestSchema)]],
  [
    'plot',
    propertiesOf(exportedMemberSchema.properties.plots.items),
    [
      newPlotRequestSchema,
      updatePlotRequestSchema,
      adminNewPlotRequestSchema,
      adminUpdatePlotRequestSchema,
    ].map(propertiesOf),
  ],
  [
    'contribution',
    propertiesOf(exportedMemberSchema.properties.contributions.items),
    [adminContributionRequestSchema, contributeRequestSchema].map(propertiesOf),
  ],
  [
    'payout',
    propertiesOf(exportedMemberSchema.properties.payouts.items),
    [propertiesOf(adminNewPayoutRequestSchema)],
  ],
  [
    'cashout',
    propertiesOf(exportedMemberSchema.properties.cashouts.items),
    [adminNewCashoutRequestSchema, cashoutRequestSchema].map(propertiesOf),
  ],
  ['enabler', propertiesOf(exportedEnablerSchema), [propertiesOf(enablerRequestSchema)]],
];

describe('the limits of a field', () => {
  it.each(records)(
    'are one set for a %s, in the API’s bodies and the import file',
    (_kind, inFile, bodies) => {
      let compared = 0;
      for (const body of bodies) {
        for (const [name, property] of Object.entries(body)) {
          const filed = inFile[name];
          // A date travels as unix seconds in a body and as an ISO text in the file: not the same value.
          if (!filed || String(filed.type) !== String(property.type) || filed.format !== undefined) continue;
          expect(limitsOf(filed), name).toEqual(limitsOf(property));
          compared += 1;
        }
      }
      expect(compared).toBeGreaterThan(0);
    },
  );
});
