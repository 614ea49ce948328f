import { dayTextOf, readDay } from '../../../common/admin-form/day-field.tsx';
import { kindDayField } from './kind-day-field.tsx';
import type { MoneyFieldSet } from './money-field-set.ts';

interface CashoutFields {
  /** Only on edit (spec section 5): a new cashout is dated today by the server. */
  cashoutDate: string;
}

/** Spec section 5: member and amount required; the date only on edit. */
export const cashoutFieldSet: MoneyFieldSet<'cashouts', CashoutFields> = {
  kind: 'cashouts',
  withPlot: false,
  empty: { cashoutDate: '' },
  fieldsOf: (cashout) => ({ cashoutDate: dayTextOf(cashout.cashoutDate) }),
  fields: (props) => (props.editing ? [kindDayField('cashoutDate', props)] : []),
  newBody: ({ member, amount }) => ({ memberId: member.id, amount }),
  updateBody: ({ amount }, { cashoutDate }) => {
    const date = readDay(cashoutDate);
    return 'seconds' in date ? { amount, cashoutDate: date.seconds } : undefined;
  },
};
