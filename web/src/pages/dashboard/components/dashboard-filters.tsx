import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
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

/**
 * The period of the time charts (daily, weekly, monthly) and the federation they count. Labelled
 * without FormField, which the login page shares with the Form it uses: a screen that imported it
 * alone would split their shared chunk and add to the login page's weight.
 */
export function DashboardFilters({ filters, onChange, federations }: DashboardFiltersProps) {
  const { t } = useTranslation();
  const scaleLabelId = useId();
  // The federation chosen shows while the list loads, and before it has members (a user's default may not).
  const known = federations ?? [];
  const listed =
    filters.federation === null || known.includes(filters.federation)
      ? known
      : [...known, filters.federation];
  const federationOptions: SelectProps.Option[] = [
    { value: everyFederation, label: t('dashboard.filters.allFederations') },
    ...listed.map((federation) => ({ value: federation, label: federation })),
  ];
  const selectedFederation = filters.federation ?? everyFederation;
  return (
    <div className="dashboard-filters">
      <div className="dashboard-filters__scale">
        <span id={scaleLabelId} className="dashboard-filters__label">
          {t('dashboard.filters.timeScale')}
        </span>
        <SegmentedControl
          ariaLabelledby={scaleLabelId}
          selectedId={filters.timeScale}
          options={timeScales.map((timeScale) => ({
            id: timeScale,
            text: t(`dashboard.filters.timeScales.${timeScale}`),
          }))}
          onChange={({ detail }) => onChange({ ...filters, timeScale: detail.selectedId as TimeScale })}
        />
      </div>
      <div className="dashboard-filters__federation">
        <Select
          inlineLabelText={t('dashboard.filters.federation')}
          options={federationOptions}
          selectedOption={
            federationOptions.find((option) => option.value === selectedFederation) ??
            federationOptions[0] ??
            null
          }
          statusType={federations ? 'finished' : 'loading'}
          loadingText={t('dashboard.filters.federationsLoading')}
          onChange={({ detail }) => onChange({ ...filters, federation: detail.selectedOption.value || null })}
        />
      </div>
    </div>
  );
}
