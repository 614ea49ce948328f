import { DayField } from '../../../common/admin-form/day-field.tsx';
import type { KindFieldsProps } from './money-field-set.ts';

/**
 * A date of a kind's record, typed dd/MM/yyyy: the input is named as the record's field and labelled as
 * the kind's table column.
 */
export function kindDayField<Name extends string, Fields extends Record<Name, string>>(
  name: Name,
  { t, values, onChange, showProblems }: KindFieldsProps<Fields>,
) {
  return (
    <DayField
      key={name}
      name={name}
      label={t(`adminRecords.columns.${name}`)}
      value={values[name]}
      showProblem={showProblems}
      // A change of this one field: its name is one of the fields'.
      onChange={(value) => onChange({ [name]: value } as Partial<Fields>)}
    />
  );
}
