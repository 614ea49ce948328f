import '@cloudscape-design/global-styles/index.css';
import './app/app.css';
import { loadAppShell, preloadScreenAt } from './app/screen-code.ts';
import { tokenKeeper } from './app/session/token-keeper.ts';
import { initialLanguage, loadCatalogue } from './i18n/catalogue-loader.ts';

// The page's first module is small and only starts what the first screen waits for, side by side: the app's
// code, the screen's, the signed-in frame's, the language's texts and the session's restore (the refresh
// call). Fetched from the app's code instead, each would wait until that large file had run.
const signedIn = tokenKeeper.hasRefreshToken();
if (signedIn) {
  // The session provider takes this answer (or failure) and handles it.
  tokenKeeper.restore().catch(() => undefined);
  loadAppShell().catch(() => undefined);
}
preloadScreenAt(window.location.pathname, signedIn);
loadCatalogue(initialLanguage()).catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
void import('./app/start.tsx').then(({ start }) => start(root));
