import { useTranslation } from 'react-i18next';
import Select from '@cloudscape-design/components/select';
import type { PageSizeChoice } from './page-size-preferences.tsx';

export interface PageSizeSelectProps {
  /** The sizes offered by number; "All" follows them when `withAll`. */
  offered: readonly number[];
  choice: PageSizeChoice;
  sizeLabel: (size: number) => string;
  onChange: (choice: PageSizeChoice) => void;
  withAll?: boolean;
  ariaLabel?: string;
}

/** A table's page size, chosen in two clicks beside its pager (the preferences hold it too). */
export function PageSizeSelect({
  offered,
  choice,
  sizeLabel,
  onChange,
  withAll = true,
  ariaLabel,
}: PageSizeSelectProps) {
  const { t } = useTranslation();
  const options = [
    ...offered.map((size) => ({ value: String(size), label: sizeLabel(size) })),
    ...(withAll ? [{ value: 'all', label: t('adminTable.preferences.all') }] : []),
  ];
  return (
    <Select
      selectedOption={options.find((option) => option.value === String(choice)) ?? null}
      options={options}
      onChange={({ detail }) =>
        onChange(detail.selectedOption.value === 'all' ? 'all' : Number(detail.selectedOption.value))
      }
      ariaLabel={ariaLabel ?? t('adminTable.preferences.pageSize')}
      expandToViewport
    />
  );
}
