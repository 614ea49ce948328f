import { memo, useCallback, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Container from '@cloudscape-design/components/container';
import Flashbar from '@cloudscape-design/components/flashbar';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { sumOfAmounts } from '@cpbo/schemas/money.ts';
import { rebuildUnderWay, type RebuildJob } from '../../../api/dashboard.ts';
import { useSignedInSession } from '../../../session/session-context.ts';
import { formatCompactAmount, formatCompactNumber, formatNumber } from '../../../common/format/format.ts';
import { useMemberFormats } from '../../../common/format/use-member-formats.ts';
import { dashboardOutline } from '../heading.ts';
import type { DashboardReads } from '../dashboard-reads.ts';
import { DashboardFigures, type Figure } from './dashboard-figures.tsx';
import { DashboardFilters, type DashboardFilterValues } from './dashboard-filters.tsx';
import { PendingChart } from './pending-chart.tsx';
import { RecomputeAction } from './recompute-action.tsx';
import { TimeChart } from './time-chart.tsx';

// Cloudscape's categorical chart colours (visual refresh), one per chart.
const colors = { covers: '#688ae8', contributions: '#2ea597', benefits: '#8456ce', pending: '#e07941' };

export interface DashboardViewProps {
  /** The filters as chosen (the answers drawn may still be those of the previous choice). */
  filters: DashboardFilterValues;
  onFilters: Dispatch<SetStateAction<DashboardFilterValues>>;
  rebuild: RebuildJob | null;
  onRebuild: Dispatch<SetStateAction<RebuildJob | null>>;
  reads: DashboardReads;
}

/** The dashboard's filters, figures and charts, drawn from its reads' answers. */
export const DashboardView = memo(function DashboardView({
  filters,
  onFilters: setFilters,
  rebuild,
  onRebuild: setRebuild,
  reads: { readFor, federations, covers, contributions, benefits, pending, coveredPlots },
}: DashboardViewProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { user, enabler } = useSignedInSession();
  const formats = useMemberFormats();
  const currency = enabler?.config?.currency;
  // The figures and charts say what their answers were read for; the filters show the choice at once.
  const { timeScale, federation } = readFor;

  const count = useCallback((value: number) => formatNumber(value, language), [language]);
  const countTick = useCallback((value: number) => formatCompactNumber(value, language), [language]);
  const amount = formats.amount;
  const amountTick = useCallback(
    (value: number) => formatCompactAmount(value, currency, language),
    [currency, language],
  );
  const federationLabel = (name: string | null) => name ?? t('dashboard.noFederation');

  const periods = (units: number, scale = timeScale) => t(`dashboard.periods.${scale}`, { count: units });
  const pendingTotal =
    pending.data &&
    sumOfAmounts(
      pending.data
        .filter((entry) => federation === null || entry.federation === federation)
        .map((entry) => entry.amount),
    );
  const figures: Figure[] = [
    {
      id: 'activeCovers',
      label: t('dashboard.figures.activeCovers'),
      value: coveredPlots.data === undefined ? undefined : count(coveredPlots.data),
      scope: t('dashboard.figures.today'),
      failed: coveredPlots.isError,
      retry: () => void coveredPlots.refetch(),
    },
    {
      id: 'pendingBenefit',
      label: t('dashboard.figures.pendingBenefit'),
      value: pendingTotal === undefined ? undefined : amount(pendingTotal),
      scope: t('dashboard.figures.today'),
      failed: pending.isError,
      retry: () => void pending.refetch(),
    },
    {
      id: 'newCovers',
      label: t('dashboard.figures.newCovers'),
      value: covers.data && count(sumOfAmounts(covers.data.map((point) => point.amount))),
      scope: covers.data ? periods(covers.data.length) : '',
      failed: covers.isError,
      retry: () => void covers.refetch(),
    },
    {
      id: 'contributions',
      label: t('dashboard.figures.contributions'),
      value: contributions.data && amount(sumOfAmounts(contributions.data.map((point) => point.amount))),
      scope: contributions.data ? periods(contributions.data.length) : '',
      failed: contributions.isError,
      retry: () => void contributions.refetch(),
    },
    {
      id: 'benefitsComputed',
      label: t('dashboard.figures.benefitsComputed'),
      value: benefits.data && amount(sumOfAmounts(benefits.data.map((point) => point.amount))),
      scope: benefits.data ? periods(benefits.data.length, 'monthly') : '',
      failed: benefits.isError,
      retry: () => void benefits.refetch(),
    },
  ];

  return (
    <ContentLayout
      notifications={
        rebuild && (
          <Flashbar
            items={[
              {
                id: 'recompute',
                ...(rebuildUnderWay(rebuild)
                  ? {
                      type: 'info',
                      loading: true,
                      content:
                        rebuild.state === 'QUEUED'
                          ? t('dashboard.recompute.queued')
                          : t('dashboard.recompute.running', {
                              count: rebuild.records,
                              records: count(rebuild.records),
                            }),
                    }
                  : rebuild.state === 'DONE'
                    ? {
                        type: 'success',
                        content: t('dashboard.recompute.done', {
                          count: rebuild.records,
                          records: count(rebuild.records),
                        }),
                        dismissible: true,
                      }
                    : { type: 'error', content: t('dashboard.recompute.failed'), dismissible: true }),
                dismissLabel: t('dashboard.recompute.dismiss'),
                onDismiss: () => setRebuild(null),
              },
            ]}
          />
        )
      }
      header={
        <Header
          variant="h1"
          description={t(dashboardOutline.description, { enabler: enabler?.name ?? user.enablerName ?? '' })}
          actions={
            user.role === 'ADMIN' && <RecomputeAction enablerName={enabler?.name ?? ''} onJob={setRebuild} />
          }
        >
          {t(dashboardOutline.heading)}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container>
          <DashboardFilters filters={filters} onChange={setFilters} federations={federations} />
        </Container>
        <DashboardFigures title={t('dashboard.figures.title')} figures={figures} />
        <Grid gridDefinition={[0, 1, 2, 3].map(() => ({ colspan: { default: 12, s: 6 } }))}>
          <TimeChart
            chart="covers"
            timeScale={timeScale}
            read={covers}
            formatValue={count}
            formatTick={countTick}
            wholeNumbers
            color={colors.covers}
          />
          <TimeChart
            chart="contributions"
            timeScale={timeScale}
            read={contributions}
            formatValue={amount}
            formatTick={amountTick}
            color={colors.contributions}
          />
          <TimeChart
            chart="benefits"
            timeScale="monthly"
            read={benefits}
            formatValue={amount}
            formatTick={amountTick}
            color={colors.benefits}
          />
          <PendingChart
            read={pending}
            federationLabel={federationLabel}
            formatValue={amount}
            formatTick={amountTick}
            color={colors.pending}
          />
        </Grid>
      </SpaceBetween>
    </ContentLayout>
  );
});
