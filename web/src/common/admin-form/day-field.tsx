import { useTranslation } from 'react-i18next';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { parseDayMonthYear, unixSecondsOf } from '../plots/plot-fields.ts';

/** A day typed dd/MM/yyyy: its unix seconds (00:00 UTC, the server reads the date in UTC), or the problem. */
export function readDay(text: string): { seconds: number } | { problem: 'required' | 'invalid' } {
  if (!text.trim()) return { problem: 'required' };
  const day = parseDayMonthYear(text);
  return day ? { seconds: unixSecondsOf(day) } : { problem: 'invalid' };
}

export interface DayFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Show the field's problem (after a first try to save). */
  showProblem: boolean;
  name?: string;
}

/** A date typed dd/MM/yyyy (spec section 9). */
export function DayField({ label, value, onChange, showProblem, name }: DayFieldProps) {
  const { t } = useTranslation();
  const reading = readDay(value);
  const problem = showProblem && 'problem' in reading ? reading.problem : undefined;
  return (
    <FormField
      label={label}
      constraintText={t('plots.hints.dateFormat')}
      errorText={problem ? t(`adminForm.day.${problem}`, { field: label }) : undefined}
    >
      <Input
        name={name}
        value={value}
        placeholder={t('plots.hints.datePlaceholder')}
        invalid={problem !== undefined}
        onChange={({ detail }) => onChange(detail.value)}
      />
    </FormField>
  );
}

/** A record's date ('YYYY-MM-DD' or an ISO instant in UTC) as the form types it, dd/MM/yyyy. */
export function dayTextOf(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}
