import { useState } from 'react';
import './admin-filters.css';
import { useTranslation } from 'react-i18next';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import type { AdminListFilterValues } from '../../api/admin-records.ts';
import { protectionTypes, type ProtectionType } from '../../api/members.ts';
import { MemberPicker, type PickedMember } from '../members/member-picker.tsx';
import { parseDayMonthYear } from '../plots/plot-fields.ts';

export interface AdminFilterState {
  member: PickedMember | null;
  /** As typed, dd/MM/yyyy. */
  from: string;
  to: string;
  protectionType: ProtectionType | '';
}

const noFilters: AdminFilterState = { member: null, from: '', to: '', protectionType: '' };

/** A typed day: undefined when empty, null when it is not a day. */
const dayOf = (text: string) => (text.trim() ? (parseDayMonthYear(text) ?? null) : undefined);

/**
 * The filters of an administrator's record table (spec section 2): a member searched by name, number
 * or federation, a date range, and the protection type where it applies. A day typed wrong filters
 * nothing until it is a day.
 */
export function useAdminFilters({ protection = false }: { protection?: boolean } = {}) {
  const { t } = useTranslation();
  const [state, setState] = useState<AdminFilterState>(noFilters);
  const from = dayOf(state.from);
  const to = dayOf(state.to);
  const values: AdminListFilterValues = {
    memberId: state.member?.id,
    from: from ?? undefined,
    to: to ?? undefined,
    protectionType: protection && state.protectionType ? state.protectionType : undefined,
  };
  const filtered = Object.values(values).some((value) => value !== undefined);
  const set = (change: Partial<AdminFilterState>) => setState((current) => ({ ...current, ...change }));

  const protectionOptions = [
    { value: '', label: t('adminTable.filters.anyProtection') },
    ...protectionTypes.map((type) => ({ value: type, label: t(`members.protectionTypes.${type}`) })),
  ];

  const element = (
    <div className="admin-filters">
      <FormField label={t('adminTable.filters.member')}>
        <MemberPicker
          value={state.member}
          onChange={(member) => set({ member })}
          clearable
          placeholder={t('adminTable.filters.anyMember')}
        />
      </FormField>
      <FormField
        label={t('adminTable.filters.from')}
        errorText={from === null ? t('adminTable.filters.dayInvalid') : undefined}
      >
        <Input
          value={state.from}
          placeholder={t('plots.hints.datePlaceholder')}
          ariaLabel={t('adminTable.filters.from')}
          invalid={from === null}
          onChange={({ detail }) => set({ from: detail.value })}
        />
      </FormField>
      <FormField
        label={t('adminTable.filters.to')}
        errorText={to === null ? t('adminTable.filters.dayInvalid') : undefined}
      >
        <Input
          value={state.to}
          placeholder={t('plots.hints.datePlaceholder')}
          ariaLabel={t('adminTable.filters.to')}
          invalid={to === null}
          onChange={({ detail }) => set({ to: detail.value })}
        />
      </FormField>
      {protection && (
        <FormField label={t('adminTable.filters.protectionType')}>
          <Select
            options={protectionOptions}
            selectedOption={protectionOptions.find((option) => option.value === state.protectionType) ?? null}
            onChange={({ detail }) =>
              set({ protectionType: (detail.selectedOption.value ?? '') as ProtectionType | '' })
            }
          />
        </FormField>
      )}
    </div>
  );

  return { values, filtered, clear: () => setState(noFilters), element };
}
