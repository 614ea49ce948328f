/**
 * The cache keys of the SPA's reads, one builder per resource. A key starts with its resource, so
 * that a write invalidates every read of that resource at once (e.g. `queryKeys.members.all` after a
 * contribution refreshes the member and the member list).
 */
export const queryKeys = {
  /** The API's OpenAPI document (the API reference page). */
  openApi: ['openapi'] as const,
  myEnabler: ['my-enabler'] as const,
  members: {
    all: ['members'] as const,
    lists: ['members', 'list'] as const,
    list: (query: unknown) => ['members', 'list', query] as const,
    detail: (memberId: string) => ['members', 'detail', memberId] as const,
    plotOwner: (memberId: string) => ['members', 'plot-owner', memberId] as const,
    plot: (memberId: string, plotId: string) => ['members', 'plot', memberId, plotId] as const,
  },
  users: {
    all: ['users'] as const,
  },
  /** The administrator's tables and records (plots, contributions, payouts, cashouts). */
  admin: {
    all: ['admin'] as const,
    list: (kind: string, query: unknown) => ['admin', kind, 'list', query] as const,
    record: (kind: string, id: string) => ['admin', kind, 'record', id] as const,
    memberDeletion: (jobId: string) => ['admin', 'members', 'deletion', jobId] as const,
  },
  /** The member pickers' searches. */
  memberSearch: (search: string) => ['members', 'search', search] as const,
  logs: {
    all: ['logs'] as const,
    page: (query: unknown) => ['logs', 'page', query] as const,
  },
  reports: {
    all: ['reports'] as const,
    page: (query: unknown) => ['reports', 'page', query] as const,
  },
  mirror: ['mirror'] as const,
  /** The signed-in user's table preferences (kept on the server, GET /me/preferences). */
  preferences: (email: string) => ['preferences', email] as const,
  /** The audit trail: the Logs screen's activity, a member's history. */
  activity: {
    all: ['activity'] as const,
    page: (query: unknown) => ['activity', 'page', query] as const,
    member: (memberId: string, query: unknown) => ['activity', 'member', memberId, query] as const,
  },
  /** Benefit runs; a preview's pages are keyed by when it was computed (a resumed preview computes anew). */
  benefitRuns: {
    all: ['benefit-runs'] as const,
    list: ['benefit-runs', 'list'] as const,
    run: (runId: string) => ['benefit-runs', 'run', runId] as const,
    rows: (runId: string, computedAt: string, query: unknown) =>
      ['benefit-runs', 'rows', runId, computedAt, query] as const,
    duplicates: (runId: string, computedAt: string, query: unknown) =>
      ['benefit-runs', 'duplicates', runId, computedAt, query] as const,
  },
  enablers: {
    all: ['enablers'] as const,
    list: ['enablers', 'list'] as const,
    configs: (enablerId: string) => ['enablers', 'configs', enablerId] as const,
    campaigns: (enablerId: string) => ['enablers', 'campaigns', enablerId] as const,
  },
  dashboard: {
    all: ['dashboard'] as const,
    series: (series: string, query: unknown) => ['dashboard', 'series', series, query] as const,
    pendingBenefits: ['dashboard', 'pending-benefits'] as const,
    coveredPlots: (federation: string | null) => ['dashboard', 'covered-plots', federation] as const,
    federations: ['dashboard', 'federations'] as const,
    // Outside 'dashboard': refreshing the figures does not read a finished job again.
    rebuild: (jobId: string) => ['dashboard-rebuild', jobId] as const,
  },
};
