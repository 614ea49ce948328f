import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { readAmount } from '../../../common/money/amount-input.ts';
import { MemberPicker, memberLabel, type PickedMember } from '../../../common/members/member-picker.tsx';
import { MemberPlotSelect } from './member-plot-select.tsx';
import { useAdminSave } from '../../../common/admin-form/use-admin-save.ts';
import { useMemberFormats } from '../../../common/format/use-member-formats.ts';

/** What every administrator's money form (contribution, payout, cashout) types: a member and an amount. */
export interface MoneyRecordValues {
  member: PickedMember | null;
  amount: string;
}

/**
 * The state of an administrator's money form: its values, the problems shown after a first try, the
 * amount read in the enabler's decimals, and the save (one Idempotency-Key, then the record's table).
 */
export function useMoneyRecordForm<Values extends MoneyRecordValues, Body>(
  initial: Values,
  send: (body: Body, idempotencyKey: string) => Promise<unknown>,
  listHref: string,
) {
  const { t } = useTranslation();
  const formats = useMemberFormats();
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const { saving, save } = useAdminSave(send, listHref);
  const amount = readAmount(values.amount, formats.amountDecimals);
  const required = (label: string) => t('adminForm.required', { field: label });
  const amountProblem =
    'problem' in amount
      ? amount.problem === 'required'
        ? required(t('adminRecords.columns.amount'))
        : t(`members.member.amount.${amount.problem}`, { decimals: formats.amountDecimals })
      : undefined;
  return {
    values,
    set: (change: Partial<Values>) => setValues((current) => ({ ...current, ...change })),
    submitted,
    /** A field's problem, shown only after a first try to save. */
    show: (problem: string | undefined) => (submitted ? problem : undefined),
    required,
    amount,
    amountProblem,
    saving,
    /** Shows every problem; saves the body when the values gave one. */
    submit: (body: Body | undefined) => {
      setSubmitted(true);
      if (body !== undefined) void save(body);
    },
  };
}

export interface MemberFieldProps {
  member: PickedMember | null;
  /** On edit the record stays the member's: shown, not picked. */
  fixed: boolean;
  showProblem: boolean;
  onChange: (member: PickedMember | null) => void;
}

/** The record's member, required. */
export function MemberField({ member, fixed, showProblem, onChange }: MemberFieldProps) {
  const { t } = useTranslation();
  const label = t('adminRecords.columns.member');
  const missing = showProblem && !member;
  return (
    <FormField label={label} errorText={missing ? t('adminForm.required', { field: label }) : undefined}>
      {fixed && member ? (
        <Box>{memberLabel(t, member)}</Box>
      ) : (
        <MemberPicker value={member} invalid={missing} onChange={onChange} />
      )}
    </FormField>
  );
}

export interface MemberAndPlotFieldsProps {
  member: PickedMember | null;
  plotId: string;
  /** On edit the record stays the member's: shown, not picked. */
  memberFixed: boolean;
  showProblem: boolean;
  /** Another member empties the plot: it must be one of theirs. */
  onChange: (change: { member?: PickedMember | null; plotId: string }) => void;
}

/** The record's member and one of the member's plots, both required. */
export function MemberAndPlotFields({
  member,
  plotId,
  memberFixed,
  showProblem,
  onChange,
}: MemberAndPlotFieldsProps) {
  const { t } = useTranslation();
  const label = t('adminRecords.columns.plot');
  const missing = showProblem && !plotId;
  return (
    <>
      <MemberField
        member={member}
        fixed={memberFixed}
        showProblem={showProblem}
        onChange={(picked) => onChange({ member: picked, plotId: '' })}
      />
      <FormField label={label} errorText={missing ? t('adminForm.required', { field: label }) : undefined}>
        <MemberPlotSelect
          memberId={member?.id}
          plotId={plotId}
          invalid={missing}
          onChange={(picked) => onChange({ plotId: picked })}
        />
      </FormField>
    </>
  );
}

export interface AmountFieldProps {
  value: string;
  /** The amount's problem when it is shown (useMoneyRecordForm's `show(amountProblem)`). */
  problem: string | undefined;
  onChange: (value: string) => void;
}

/** The record's amount, typed in the enabler's currency. */
export function AmountField({ value, problem, onChange }: AmountFieldProps) {
  const { t } = useTranslation();
  return (
    <FormField label={t('adminRecords.columns.amount')} errorText={problem}>
      <Input
        name="amount"
        inputMode="decimal"
        value={value}
        invalid={problem !== undefined}
        onChange={({ detail }) => onChange(detail.value)}
      />
    </FormField>
  );
}
