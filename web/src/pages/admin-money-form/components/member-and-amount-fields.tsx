import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { MemberPicker, memberLabel, type PickedMember } from '../../../common/members/member-picker.tsx';
import { MemberPlotSelect } from './member-plot-select.tsx';

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
  /** The amount's problem, once shown. */
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
