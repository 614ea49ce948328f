import { loadDashboardCatalogue } from '../../i18n/catalogue-loader.ts';
import { screenTitleKey } from '../../navigation/screens.ts';

/**
 * What the dashboard shows above its filters: its heading, its description naming the enabler, and an
 * administrator's "recompute" button beside them, drawn by the page and by the frame's outline while the
 * page's code loads (app/shell/outline.ts), so the two say the same. Its texts are the dashboard's own.
 */
export const dashboardOutline = {
  heading: screenTitleKey('dashboard'),
  description: 'dashboard.description',
  loading: 'app.loading',
  enabler: true,
  adminAction: 'dashboard.recompute.action',
  actionIcon: true,
  texts: loadDashboardCatalogue,
} as const;
