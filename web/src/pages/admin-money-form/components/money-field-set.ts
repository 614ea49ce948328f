import type { ReactElement } from 'react';
import type { TFunction } from 'i18next';
import type {
  AdminMoneyKind,
  AdminMoneyRow,
  AdminMoneyUpdateBody,
  NewAdminMoneyBody,
} from '../../../api/admin-records.ts';
import type { PickedMember } from '../../../common/members/member-picker.tsx';

/** What every money record has, read from the form once valid: the member, the plot (if any), the amount. */
export interface MoneyRecordBase {
  member: PickedMember;
  /** '' for a kind without a plot (cashouts). */
  plotId: string;
  amount: number;
}

export interface KindFieldsProps<Fields> {
  t: TFunction;
  values: Fields;
  onChange: (change: Partial<Fields>) => void;
  /** Show the fields' problems (after a first try to save). */
  showProblems: boolean;
  editing: boolean;
}

/** A money record kind's part of the administrator's money form: its fields after the amount, and its bodies. */
export interface MoneyFieldSet<Kind extends AdminMoneyKind, Fields> {
  kind: Kind;
  /** The record is for one of the member's plots (contributions and payouts). */
  withPlot: boolean;
  empty: Fields;
  /** The kind's fields of a record, as the form types them. */
  fieldsOf: (record: AdminMoneyRow<Kind>) => Fields;
  /** The kind's fields, each a cell of the form's two columns (so a fragment would not do). */
  fields: (props: KindFieldsProps<Fields>) => ReactElement[];
  /** The body of a new record, or undefined while one of the kind's fields has a problem. */
  newBody: (base: MoneyRecordBase, fields: Fields) => NewAdminMoneyBody<Kind> | undefined;
  /** The body of a change, or undefined while one of the kind's fields has a problem. */
  updateBody: (base: MoneyRecordBase, fields: Fields) => AdminMoneyUpdateBody<Kind> | undefined;
}
