import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import TextFilter from '@cloudscape-design/components/text-filter';
import {
  benefitsFilters,
  contributionsFilters,
  memberSearchMaxLength,
  plotsFilters,
  type BenefitsFilter,
  type ContributionsFilter,
  type PlotsFilter,
} from '../../../api/members.ts';
import './member-filters.css';

export interface MemberFilterValues {
  benefits: BenefitsFilter;
  contributions: ContributionsFilter;
  plots: PlotsFilter;
}

export interface MemberFiltersProps {
  searchText: string;
  onSearchTextChange: (text: string) => void;
  /** Shown beside the search while a search or filter is active. */
  countText?: string;
  filters: MemberFilterValues;
  onFiltersChange: (filters: MemberFilterValues) => void;
  /** Under the search and filters: where the results come from, when not from the server. */
  notice?: ReactNode;
}

interface FilterSelectProps<Value extends string> {
  /** The translation prefix of the filter: `members.filters.<name>`. */
  name: keyof MemberFilterValues;
  values: readonly Value[];
  value: Value;
  onChange: (value: Value) => void;
}

function FilterSelect<Value extends string>({ name, values, value, onChange }: FilterSelectProps<Value>) {
  const { t } = useTranslation();
  const options: SelectProps.Option[] = values.map((choice) => ({
    value: choice,
    label: t(`members.filters.${name}.${choice}`),
  }));
  return (
    <div className="member-filters__select">
      <Select
        inlineLabelText={t(`members.filters.${name}.label`)}
        options={options}
        selectedOption={options.find((option) => option.value === value) ?? null}
        onChange={({ detail }) => onChange(detail.selectedOption.value as Value)}
      />
    </div>
  );
}

/** The list's search (name, number or federation) and its three filters. */
export function MemberFilters({
  searchText,
  onSearchTextChange,
  countText,
  filters,
  onFiltersChange,
  notice,
}: MemberFiltersProps) {
  const { t } = useTranslation();
  return (
    <div className="member-filters">
      <div className="member-filters__search">
        <TextFilter
          filteringText={searchText}
          filteringPlaceholder={t('members.list.search.placeholder')}
          filteringAriaLabel={t('members.list.search.label')}
          filteringClearAriaLabel={t('members.list.search.clear')}
          countText={countText}
          onChange={({ detail }) => onSearchTextChange(detail.filteringText.slice(0, memberSearchMaxLength))}
        />
      </div>
      <FilterSelect
        name="benefits"
        values={benefitsFilters}
        value={filters.benefits}
        onChange={(benefits) => onFiltersChange({ ...filters, benefits })}
      />
      <FilterSelect
        name="contributions"
        values={contributionsFilters}
        value={filters.contributions}
        onChange={(contributions) => onFiltersChange({ ...filters, contributions })}
      />
      <FilterSelect
        name="plots"
        values={plotsFilters}
        value={filters.plots}
        onChange={(plots) => onFiltersChange({ ...filters, plots })}
      />
      {/* Polite: said when the results change source, without interrupting. */}
      <div className="member-filters__notice" aria-live="polite">
        {notice}
      </div>
    </div>
  );
}
