import { screenTitleKey } from '../../navigation/screens.ts';

/**
 * What the new plot's form shows first: its breadcrumbs' row, its heading and the description naming the
 * member, drawn by the page and by the frame's outline while the page's code loads (app/shell/outline.ts),
 * from the member's early read. The description is the page's largest text on a phone.
 */
export const newPlotOutline = {
  heading: screenTitleKey('newPlot'),
  description: 'plots.new.description',
  loading: 'app.loading',
  member: true,
  breadcrumbs: true,
} as const;
