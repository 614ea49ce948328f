import { useTranslation } from 'react-i18next';
import FormField from '@cloudscape-design/components/form-field';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { timeScales, type TimeScale } from '../../../api/dashboard.ts';

export interface DashboardFilterValues {
  timeScale: TimeScale;
  /** null: every federation. */
  federation: string | null;
}

export interface DashboardFiltersProps {
  filters: DashboardFilterValues;
  onChange: (filters: DashboardFilterValues) => void;
  /** The enabler's federations; undefined while they load. */
  federations: readonly string[] | undefined;
}

const everyFederation = '';

/** The period of the time charts (daily, weekly, monthly) and the federation they count. */
export function DashboardFilters({ filters, onChange, federations }: DashboardFiltersProps) {
  const { t } = useTranslation();
  const federationOptions: SelectProps.Option[] = [
    { value: everyFederation, label: t('dashboard.filters.allFederations') },
    ...(federations ?? []).map((federation) => ({ value: federation, label: federation })),
  ];
  const selectedFederation = filters.federation ?? everyFederation;
  return (
    <SpaceBetween direction="horizontal" size="l">
      <FormField label={t('dashboard.filters.timeScale')}>
        <SegmentedControl
          label={t('dashboard.filters.timeScale')}
          selectedId={filters.timeScale}
          options={timeScales.map((timeScale) => ({
            id: timeScale,
            text: t(`dashboard.filters.timeScales.${timeScale}`),
          }))}
          onChange={({ detail }) => onChange({ ...filters, timeScale: detail.selectedId as TimeScale })}
        />
      </FormField>
      <FormField label={t('dashboard.filters.federation')}>
        <div className="dashboard-filters__federation">
          <Select
            ariaLabel={t('dashboard.filters.federation')}
            options={federationOptions}
            selectedOption={
              federationOptions.find((option) => option.value === selectedFederation) ??
              federationOptions[0] ??
              null
            }
            statusType={federations ? 'finished' : 'loading'}
            loadingText={t('dashboard.filters.federationsLoading')}
            onChange={({ detail }) =>
              onChange({ ...filters, federation: detail.selectedOption.value || null })
            }
          />
        </div>
      </FormField>
    </SpaceBetween>
  );
}
