import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@cloudscape-design/global-styles/index.css';
import './i18n/index.ts';
import './app/app.css';
import { App, loadAppShell } from './app/app.tsx';
import { preloadScreenAt } from './app/routes.tsx';
import { tokenKeeper } from './app/session/token-keeper.ts';

// The screen's code, the signed-in frame and the language's texts are fetched side by side, while the
// session is restored, rather than one after the other as each is first rendered.
const signedIn = tokenKeeper.hasRefreshToken();
preloadScreenAt(window.location.pathname, signedIn);
if (signedIn) loadAppShell().catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
