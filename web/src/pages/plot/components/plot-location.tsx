import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { Plot } from '../../../api/plots.ts';

// Leaflet is only needed here: it loads with the first plot opened, not with the app.
const PlotMap = lazy(() =>
  import('../../../common/plot-map/index.tsx').then(({ PlotMap }) => ({ default: PlotMap })),
);

export function PlotLocation({ plot }: { plot: Plot }) {
  const { t } = useTranslation();
  return (
    <Container header={<Header variant="h2">{t('plots.detail.map')}</Header>}>
      <Suspense fallback={<StatusIndicator type="loading">{t('plots.map.loading')}</StatusIndicator>}>
        <PlotMap latitude={plot.latitude} longitude={plot.longitude} name={plot.name} />
      </Suspense>
    </Container>
  );
}
