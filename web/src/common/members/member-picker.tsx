import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import { useMemberSearch } from '../../api/members-queries.ts';
import { memberSearchMaxLength, type MemberRow } from '../../api/members.ts';
import { useDebounced } from '../ui/use-debounced.ts';

/** The member a picker shows as chosen: enough to name it without reading it again. */
export interface PickedMember {
  id: string;
  name: string;
  number: string;
}

/** A member as the tables name it: name and number. */
export const memberLabel = (t: TFunction, member: PickedMember) =>
  t('adminRecords.memberValue', { name: member.name, number: member.number });

export interface MemberPickerProps {
  value: PickedMember | null;
  onChange: (member: PickedMember | null) => void;
  /** A choice to clear the member (filters); forms have none. */
  clearable?: boolean;
  invalid?: boolean;
  disabled?: boolean;
  ariaLabel?: string;
  placeholder?: string;
}

/** A member chosen among the enabler's members, searched as the user types (name, number or federation). */
export function MemberPicker({
  value,
  onChange,
  clearable = false,
  invalid,
  disabled,
  ariaLabel,
  placeholder,
}: MemberPickerProps) {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const [open, setOpen] = useState(false);
  const search = useDebounced(searchText.trim());
  // Asked only once the list is open: a form showing a picker costs no call until it is used.
  const answer = useMemberSearch(search, open);
  const members: MemberRow[] = answer.data?.members ?? [];
  const waiting = searchText.trim() !== search || answer.isFetching;

  const optionOf = (member: PickedMember): SelectProps.Option => ({
    value: member.id,
    label: member.name,
    description: t('memberPicker.number', { number: member.number }),
  });
  const options: SelectProps.Option[] = [
    ...(clearable && value ? [{ value: '', label: t('memberPicker.any') }] : []),
    ...members.map(optionOf),
  ];

  return (
    <Select
      selectedOption={value ? { ...optionOf(value), label: memberLabel(t, value) } : null}
      options={options}
      filteringType="manual"
      filteringPlaceholder={t('memberPicker.search')}
      filteringAriaLabel={t('memberPicker.search')}
      filteringClearAriaLabel={t('memberPicker.clear')}
      placeholder={placeholder ?? t('memberPicker.placeholder')}
      ariaLabel={ariaLabel ?? t('memberPicker.label')}
      invalid={invalid}
      disabled={disabled}
      statusType={answer.isError ? 'error' : waiting ? 'loading' : 'finished'}
      loadingText={t('memberPicker.loading')}
      errorText={t('memberPicker.failed')}
      empty={t('memberPicker.empty')}
      onLoadItems={({ detail }) => {
        setOpen(true);
        setSearchText(detail.filteringText.slice(0, memberSearchMaxLength));
      }}
      onFocus={() => setOpen(true)}
      onChange={({ detail }) => {
        const id = detail.selectedOption.value;
        const member = members.find((candidate) => candidate.id === id);
        onChange(member ? { id: member.id, name: member.name, number: member.number } : null);
      }}
    />
  );
}
