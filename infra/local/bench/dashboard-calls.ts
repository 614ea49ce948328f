/** A dashboard GET: its path below /api/dashboard/ and its query string. */
export interface DashboardCall {
  path: string;
  query?: Record<string, string>;
}

/** The dashboard's calls, every scale with and without a federation (bench:dashboard, bench:load). */
export const dashboardCalls: readonly DashboardCall[] = [
  ...['daily', 'weekly', 'monthly'].flatMap(
    (timeScale): { path: string; query: Record<string, string> }[] => [
      { path: 'numberOfCoversStartedByDate', query: { timeScale } },
      { path: 'totalContributionsByDate', query: { timeScale } },
      { path: 'totalContributionsByDate', query: { timeScale, federation: 'Kaolack' } },
    ],
  ),
  { path: 'totalBenefitsComputedByDate', query: { timeScale: 'monthly' } },
  { path: 'totalPendingBenefitsByFederation' },
  { path: 'numberOfCoveredPlots' },
  { path: 'numberOfCoveredPlots', query: { federation: 'Fatick' } },
  { path: 'federations' },
  { path: 'numberOfUnitsToDisplay', query: { timeScale: 'weekly' } },
];
