/**
 * What the plot's page shows first, drawn by the page and by the frame's outline while the page's code loads
 * (app/shell/outline.ts), from the plot's early read: its breadcrumbs' row, the plot's name as its heading, its
 * member's under it, its details, and the location's section, whose description is the page's largest text on
 * a phone.
 */
export const plotOutline = {
  heading: 'screens.plot',
  description: 'plots.detail.description',
  loading: 'plots.detail.loading',
  plot: true,
  breadcrumbs: true,
  details: 'plots.detail.details',
  section: { heading: 'plots.location.title', description: 'plots.location.description' },
} as const;
