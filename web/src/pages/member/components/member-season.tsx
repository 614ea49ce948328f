import { useTranslation } from 'react-i18next';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useConfigTerms } from '../../../api/enablers-queries.ts';
import type { MemberDetail } from '../../../api/members.ts';
import { SeasonMonths } from '../../../common/plots/season-months.tsx';
import { Section } from '../../../common/ui/section.tsx';

type MemberPlot = MemberDetail['plots'][number];

/** One plot's months, under the terms of its own config version. */
function PlotSeason({
  plot,
  contributions,
}: {
  plot: MemberPlot;
  contributions: MemberDetail['contributions'];
}) {
  const { t } = useTranslation();
  const terms = useConfigTerms(plot.enablerConfig?.version);
  return (
    <SpaceBetween size="xs">
      <Header variant="h3">{plot.name}</Header>
      <SeasonMonths
        label={t('plots.season.listLabel', { plot: plot.name })}
        plot={plot}
        terms={terms}
        contributions={contributions}
      />
    </SpaceBetween>
  );
}

/**
 * The member's plots, each with the months of its season paid and due (issue 38): what the agent
 * collects next, and the paid share a benefit depends on. Nothing for a member without plots.
 */
export function MemberSeason({ member }: { member: Pick<MemberDetail, 'plots' | 'contributions'> }) {
  const { t } = useTranslation();
  if (!member.plots.length) return null;
  return (
    <Section title={t('plots.season.title')} description={t('plots.season.description')}>
      <SpaceBetween size="l">
        {member.plots.map((plot) => (
          <PlotSeason key={plot.id} plot={plot} contributions={member.contributions} />
        ))}
      </SpaceBetween>
    </Section>
  );
}
