import { useTranslation } from 'react-i18next';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import type { Plot } from '../../../api/plots.ts';
import { formatIsoDate } from '../../../common/plots/plot-fields.ts';

/** Start, end of season and end of coverage, as the server computed them at the plot's creation. */
export function PlotCoverageDates({ plot }: { plot: Plot }) {
  const { t } = useTranslation();
  return (
    <Container header={<Header variant="h2">{t('plots.detail.coverage')}</Header>}>
      <KeyValuePairs
        columns={3}
        items={[
          { label: t('plots.fields.startCoverageDate'), value: formatIsoDate(plot.startCoverageDate) },
          { label: t('plots.fields.endOfSeasonDate'), value: formatIsoDate(plot.endOfSeasonDate) },
          { label: t('plots.fields.endCoverageDate'), value: formatIsoDate(plot.endCoverageDate) },
        ]}
      />
    </Container>
  );
}
