import { useTranslation } from 'react-i18next';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import { coverageDates, type CoverageRule, type IsoDate } from '@cpbo/schemas/coverage-dates.ts';
import { formatIsoDate } from './plot-fields.ts';

export interface CoverageEndDatesProps {
  /** Undefined while the start typed is not a date. */
  start: IsoDate | undefined;
  /** Undefined when the enabler has no config. */
  rule: CoverageRule | undefined;
}

const NO_DATE = '—';

/** End of season and end of coverage, computed as the server will (spec section 5). */
export function CoverageEndDates({ start, rule }: CoverageEndDatesProps) {
  const { t } = useTranslation();
  const dates = start && rule ? coverageDates(start, rule) : undefined;
  return (
    <KeyValuePairs
      columns={2}
      items={[
        {
          label: t('plots.fields.endOfSeasonDate'),
          value: dates ? formatIsoDate(dates.endOfSeasonDate) : NO_DATE,
        },
        {
          label: t('plots.fields.endCoverageDate'),
          value: dates ? formatIsoDate(dates.endCoverageDate) : NO_DATE,
        },
      ]}
    />
  );
}
