import { loadOfflineCatalogue } from '../../i18n/catalogue-loader.ts';
import { screenTitleKey } from '../../navigation/screens.ts';

/**
 * What the waiting list shows above its table: its heading, its "send now" button beside it, and its
 * description, drawn by the page and by the frame's outline while the page's code loads
 * (app/shell/outline.ts), so the two say the same. Its description is one of the offline field work's texts.
 */
export const waitingOutline = {
  heading: screenTitleKey('waiting'),
  description: 'offline.list.description',
  loading: 'app.loading',
  action: 'offline.list.sendNow',
  texts: loadOfflineCatalogue,
} as const;
