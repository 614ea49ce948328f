import { useTranslation } from 'react-i18next';
import { SeasonMonths, type SeasonMonthsProps } from '../../../common/plots/season-months.tsx';
import { Section } from '../../../common/ui/section.tsx';

/** The plot page's months of the season: which are paid and which are due (issue 38). */
export function SeasonMonthsPanel(props: Omit<SeasonMonthsProps, 'label'> & { plotName: string }) {
  const { t } = useTranslation();
  return (
    <Section title={t('plots.season.title')} description={t('plots.season.description')}>
      <SeasonMonths label={t('plots.season.listLabel', { plot: props.plotName })} {...props} />
    </Section>
  );
}
