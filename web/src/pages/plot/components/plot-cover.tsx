import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import { isoDateOf } from '@cpbo/schemas/coverage-dates.ts';
import { fromCents } from '@cpbo/schemas/money.ts';
import type { ConfigTerms } from '@cpbo/schemas/enablers.ts';
import type { Contribution } from '../../../api/members.ts';
import type { Plot } from '../../../api/plots.ts';
import { formatAmount, formatNumber } from '../../../common/format/format.ts';
import { plotCoverOf } from '../../../common/plots/plot-cover.ts';

export interface PlotCoverProps {
  plot: Plot;
  /** The terms of the plot's own config version; null while unknown. */
  terms: ConfigTerms | null;
  /** The member's contributions (those of the plot's season count). */
  contributions: readonly Contribution[];
}

/**
 * What the plot's cover promises today, by the benefit rule (schemas/benefit-rule.ts): its Maximum,
 * the month of cover and its factor, the contributions paid of those due, the paid share, and what an
 * assessment of total loss would pay today.
 */
export function PlotCover({ plot, terms, contributions }: PlotCoverProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const cover = plotCoverOf(plot, terms, contributions, isoDateOf(new Date()));
  const amount = (cents: number) => formatAmount(fromCents(cents), terms?.currency, language);
  const header = (
    <Header variant="h2" description={t('plots.cover.description')}>
      {t('plots.cover.title')}
    </Header>
  );
  if (!cover)
    return (
      <Container header={header}>
        <Box variant="p">{t('plots.cover.noTerms')}</Box>
      </Container>
    );
  const { today } = cover;
  return (
    <Container header={header}>
      <KeyValuePairs
        columns={4}
        items={[
          { label: t('plots.cover.maximum'), value: amount(today.maximumCents) },
          {
            label: t('plots.cover.month'),
            value: today.covered
              ? t('plots.cover.monthOf', {
                  month: formatNumber(today.month, language),
                  months: formatNumber(cover.months.length, language),
                  factor: today.factor === null ? '—' : formatNumber(today.factor, language),
                })
              : t('plots.cover.notCovered'),
          },
          {
            label: t('plots.cover.contributions'),
            value: t('plots.cover.paidOfDue', {
              paid: amount(today.seasonContributionsCents),
              due: amount(today.dueCents),
            }),
          },
          {
            label: t('plots.cover.paidShare'),
            value: formatNumber(Math.round(today.paidShare * 100), language) + ' %',
          },
          {
            label: t('plots.cover.totalLoss'),
            value: (
              <Box fontWeight="bold">
                <output name="totalLoss">{amount(today.totalLossCents)}</output>
              </Box>
            ),
          },
        ]}
      />
    </Container>
  );
}
