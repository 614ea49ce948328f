import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';

/** One figure: a value once read, or its read's state. */
export interface Figure {
  id: string;
  label: string;
  /** The formatted value; undefined while it is read or when it could not be. */
  value: string | undefined;
  /** What the figure counts over: today, the last 12 months… */
  scope: string;
  failed: boolean;
  retry: () => void;
}

function FigureValue({ figure }: { figure: Figure }) {
  const { t } = useTranslation();
  if (figure.value !== undefined) return <>{figure.value}</>;
  if (figure.failed) {
    return (
      <Button variant="inline-link" onClick={figure.retry}>
        {t('dashboard.retry')}
      </Button>
    );
  }
  return <StatusIndicator type="loading">{t('dashboard.loading')}</StatusIndicator>;
}

/** A titled group of the spec's figures, side by side. */
export function DashboardFigures({ title, figures }: { title: string; figures: readonly Figure[] }) {
  return (
    <Container fitHeight header={<Header variant="h2">{title}</Header>}>
      <ColumnLayout columns={figures.length} variant="text-grid" minColumnWidth={190}>
        {figures.map((figure) => (
          <div key={figure.id} data-figure={figure.id} className="dashboard-figure">
            <div className="dashboard-figure__label">
              <Box variant="awsui-key-label">{figure.label}</Box>
            </div>
            {/* Smaller than Cloudscape's large value, so that five amounts in a currency fit side by side. */}
            <Box variant="p" fontSize="heading-xl" fontWeight="bold" padding={{ vertical: 'xxs' }}>
              <span className="dashboard-figure__value">
                <FigureValue figure={figure} />
              </span>
            </Box>
            <Box variant="small" color="text-body-secondary">
              {figure.scope}
            </Box>
          </div>
        ))}
      </ColumnLayout>
    </Container>
  );
}
