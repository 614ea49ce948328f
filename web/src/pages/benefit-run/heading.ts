/**
 * What a benefit run's page shows first, drawn by the page and by the frame's outline while the page's code
 * loads (app/shell/outline.ts), from the run's early read: its breadcrumbs' row and its heading, which names the
 * run's assessment and is the page's largest text.
 */
export const benefitRunOutline = {
  heading: 'benefitRuns.run.title',
  loading: 'app.loading',
  admin: true,
  breadcrumbs: true,
  run: true,
} as const;
