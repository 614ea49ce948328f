import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultTimeScale, type RebuildJob } from '../../api/dashboard.ts';
import { useSignedInSession } from '../../session/session-context.ts';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { useScreenCatalogue } from '../../i18n/screen-catalogue.ts';
import type { DashboardFilterValues } from './components/dashboard-filters.tsx';
import { DashboardView } from './components/dashboard-view.tsx';
import {
  useCoveredPlots,
  useFederations,
  usePendingBenefits,
  useSeries,
} from '../../api/dashboard-queries.ts';
import { useAnswerOf } from './dashboard-reads.ts';
import { dashboardCatalogue } from './texts.ts';
import './dashboard.css';

/**
 * The enabler's figures and charts (spec section 2): covers, contributions and benefits over time, for
 * a scale and a federation, and the benefits pending in each federation today.
 */
export function DashboardPage() {
  useScreenCatalogue(dashboardCatalogue);
  const { t } = useTranslation();
  const { user } = useSignedInSession();
  useDocumentTitle(t('screens.dashboard'));

  // The user's default federation is where the dashboard starts (spec section 3, User).
  const [filters, setFilters] = useState<DashboardFilterValues>({
    timeScale: defaultTimeScale,
    federation: user.defaultFederation,
  });
  const [rebuild, setRebuild] = useState<RebuildJob | null>(null);
  const { federation } = filters;

  const federations = useFederations().data;
  const covers = useAnswerOf(useSeries('numberOfCoversStartedByDate', filters));
  const contributions = useAnswerOf(useSeries('totalContributionsByDate', filters));
  // Spec section 9: the benefit chart is monthly only, whatever the scale chosen.
  const benefits = useAnswerOf(
    useSeries('totalBenefitsComputedByDate', { timeScale: 'monthly', federation }),
  );
  const pending = useAnswerOf(usePendingBenefits());
  const coveredPlots = useAnswerOf(useCoveredPlots(federation));
  // An answer is drawn in a render React may interrupt: the query library tells its answers in a render
  // React cannot, which then only finds the view unchanged (the five reads' answers often come together).
  const reads = useDeferredValue(
    useMemo(
      () => ({ readFor: filters, federations, covers, contributions, benefits, pending, coveredPlots }),
      [filters, federations, covers, contributions, benefits, pending, coveredPlots],
    ),
  );
  return (
    <DashboardView
      filters={filters}
      onFilters={setFilters}
      rebuild={rebuild}
      onRebuild={setRebuild}
      reads={reads}
    />
  );
}
