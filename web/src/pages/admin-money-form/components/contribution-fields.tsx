import type { ProtectionType } from '../../../api/members.ts';
import { dayTextOf, readDay } from '../../../common/admin-form/day-field.tsx';
import { ProtectionTypeField } from '../../../common/money/protection-type-field.tsx';
import { kindDayField } from './kind-day-field.tsx';
import type { MoneyFieldSet, MoneyRecordBase } from './money-field-set.ts';

interface ContributionFields {
  contributionDate: string;
  protectionType: ProtectionType;
}

const contributionBody = (
  { plotId, amount }: MoneyRecordBase,
  { contributionDate, protectionType }: ContributionFields,
) => {
  const date = readDay(contributionDate);
  return 'seconds' in date ? { plotId, amount, protectionType, contributionDate: date.seconds } : undefined;
};

/** Spec section 5: member, plot, amount and date required; drought protection. */
export const contributionFieldSet: MoneyFieldSet<'contributions', ContributionFields> = {
  kind: 'contributions',
  withPlot: true,
  empty: { contributionDate: '', protectionType: 'DROUGHT' },
  fieldsOf: (contribution) => ({
    contributionDate: dayTextOf(contribution.contributionDate),
    protectionType: contribution.protectionType,
  }),
  fields: (props) => [
    kindDayField('contributionDate', props),
    <ProtectionTypeField
      key="protectionType"
      label={props.t('adminRecords.columns.protectionType')}
      value={props.values.protectionType}
      onChange={(protectionType) => props.onChange({ protectionType })}
    />,
  ],
  newBody: contributionBody,
  updateBody: contributionBody,
};
