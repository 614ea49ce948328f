import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import { isoDateOf } from '@cpbo/schemas/coverage-dates.ts';
import type { SeasonMonthState } from '@cpbo/schemas/benefit-rule.ts';
import type { ConfigTerms } from '@cpbo/schemas/enablers.ts';
import type { Contribution } from '../../api/members.ts';
import type { Plot } from '../../api/plots.ts';
import { formatNumber } from '../format/format.ts';
import { formatIsoDate } from './plot-fields.ts';
import { plotCoverOf } from './plot-cover.ts';
import './season-months.css';

const stateIndicator: Record<SeasonMonthState, StatusIndicatorProps.Type> = {
  PAID: 'success',
  DUE: 'warning',
  UPCOMING: 'pending',
};

export interface SeasonMonthsProps {
  /** What the list is named for screen readers (the plot's months). */
  label: string;
  plot: Pick<Plot, 'id' | 'startCoverageDate' | 'endCoverageDate' | 'droughtMonthlyContrib'>;
  /** The terms of the plot's own config version; null while unknown. */
  terms: ConfigTerms | null;
  /** The member's contributions (those of the plot's season count). */
  contributions: readonly Contribution[];
}

/**
 * The months of a plot's cover today, numbered from 1 as the config screens number their factors: each
 * paid (the season's contributions reach it), due (begun without them) or upcoming, by the benefit rule
 * (schemas/benefit-rule.ts): the paid share a benefit depends on, month by month (issue 38).
 */
export function SeasonMonths({ label, plot, terms, contributions }: SeasonMonthsProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const cover = plotCoverOf(plot, terms, contributions, isoDateOf(new Date()));
  if (!cover) return <Box variant="p">{t('plots.season.noTerms')}</Box>;
  const count = (state: SeasonMonthState) => cover.months.filter((month) => month.state === state).length;
  return (
    <SpaceBetween size="s">
      <Box variant="p">
        {t('plots.season.summary', {
          paid: formatNumber(count('PAID'), language),
          months: formatNumber(cover.months.length, language),
          due: formatNumber(count('DUE'), language),
        })}
      </Box>
      <ol className="season-months" aria-label={label}>
        {cover.months.map(({ month, from, to, state }) => (
          <li key={month} className="season-months__month">
            <Box fontWeight="bold">{t('plots.season.month', { month: formatNumber(month, language) })}</Box>
            <StatusIndicator type={stateIndicator[state]}>
              {t(`plots.season.states.${state}`)}
            </StatusIndicator>
            <Box variant="small" display="block">
              {t('plots.season.range', { from: formatIsoDate(from), to: formatIsoDate(to) })}
            </Box>
          </li>
        ))}
      </ol>
    </SpaceBetween>
  );
}
