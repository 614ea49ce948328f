import { useTranslation } from 'react-i18next';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import { SeasonMonths, type SeasonMonthsProps } from '../../../common/plots/season-months.tsx';

/** The plot page's months of the season: which are paid and which are due (issue 38). */
export function SeasonMonthsPanel(props: Omit<SeasonMonthsProps, 'label'> & { plotName: string }) {
  const { t } = useTranslation();
  return (
    <Container
      header={
        <Header variant="h2" description={t('plots.season.description')}>
          {t('plots.season.title')}
        </Header>
      }
    >
      <SeasonMonths label={t('plots.season.listLabel', { plot: props.plotName })} {...props} />
    </Container>
  );
}
