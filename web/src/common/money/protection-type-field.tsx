import { useTranslation } from 'react-i18next';
import FormField from '@cloudscape-design/components/form-field';
import RadioGroup from '@cloudscape-design/components/radio-group';
import { protectionTypes, type ProtectionType } from '../../api/members.ts';

// Spec section 4: excess-rain cover exists but is not offered in the interface yet.
const offeredProtectionTypes: readonly ProtectionType[] = ['DROUGHT'];

export interface ProtectionTypeFieldProps {
  label: string;
  value: ProtectionType;
  onChange: (value: ProtectionType) => void;
  /** Every choice off (nothing can be recorded yet). */
  disabled?: boolean;
}

/** The protection a contribution pays for, among the ones offered. */
export function ProtectionTypeField({ label, value, onChange, disabled = false }: ProtectionTypeFieldProps) {
  const { t } = useTranslation();
  return (
    <FormField label={label}>
      <RadioGroup
        value={value}
        onChange={({ detail }) => onChange(detail.value as ProtectionType)}
        items={protectionTypes.map((type) => ({
          value: type,
          label: t(`members.protectionTypes.${type}`),
          disabled: !offeredProtectionTypes.includes(type) || disabled,
        }))}
      />
    </FormField>
  );
}
