import '@cloudscape-design/global-styles/index.css';
import './app/app.css';
import { loadAppShell, preloadScreenAt } from './app/screen-code.ts';
import { outlinedMember, outlinedPlot, outlinedRun, startFirstReads } from './app/screen-reads.ts';
import { tokenKeeper } from './app/session/token-keeper.ts';
import { catalogueTranslate, outlineAt, outlineFaces, outlineSession } from './app/shell/outline.ts';
import { loadOutlineDrawing } from './app/shell/outline-drawing.ts';
import {
  initialLanguage,
  loadAdminCatalogue,
  loadCatalogue,
  loadCloudscapeMessages,
  loadSignedInCatalogue,
} from './i18n/catalogue-loader.ts';
import { loadNumberData } from './i18n/number-data.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** Resolves once the browser has painted what is on the page (or soon, in a tab that paints nothing). */
const painted = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });

// The page's first module is small and only starts what the first screen waits for, side by side: the language's
// texts, the session's restore (the refresh call) then the screen's data, the app's code, the screen's and the
// signed-in frame's.
// Fetched from the app's code instead, each would wait until that large file had run.
const signedIn = tokenKeeper.hasSession();
// The session provider takes this answer (or failure) and handles it; with it, the screen's first reads begin.
if (signedIn)
  tokenKeeper
    .restore()
    .then(({ accessToken }) => startFirstReads(window.location.pathname, accessToken))
    .catch(() => undefined);
const language = initialLanguage();
const catalogue = loadCatalogue(language);
catalogue.catch(() => undefined);
// The signed-in frame's texts, and Cloudscape's (the login page needs none): they come with the language's.
if (signedIn) loadSignedInCatalogue.want();
const signedInTexts = signedIn ? loadSignedInCatalogue(language) : Promise.resolve({});
signedInTexts.catch(() => undefined);
if (signedIn) loadCloudscapeMessages(language).catch(() => undefined);

const startApp = () => {
  // Run on its own as soon as it arrives (vite.config.ts), not in the same task as the app's code.
  import('react-dom/client').catch(() => undefined);
  if (signedIn) loadAppShell().catch(() => undefined);
  preloadScreenAt(window.location.pathname, signedIn, language);
  void import('./app/start.tsx').then(({ start }) => start(root));
};

// A screen with an outline (shell/outline.ts) draws it as soon as its texts and fonts are here, and only then
// fetches the code: on a slow link the two would share the bandwidth anyway, and the outline shows about a
// second sooner. React then draws the same outline until the frame and the screen are ready.
const outline = signedIn ? outlineAt(window.location.pathname) : undefined;
// Its own texts (the offline field work's, the dashboard's) come with the first language's too, so that
// React's first draw is the same outline.
outline?.texts?.want();
if (outline) {
  Promise.all([
    catalogue,
    signedInTexts,
    outline.admin ? loadAdminCatalogue(language) : {},
    outline.texts ? outline.texts(language) : {},
    // The user's and the enabler's names, the enabler's banner and the role, when the outline shows them
    // (an administrator's without an enabler gets no outline).
    outline.enabler
      ? tokenKeeper
          .restore()
          .then((session) => (session.enablerName ? session : Promise.reject(new Error('No enabler'))))
      : // The enabler's currency, which the member's amounts are in; who the user is to a benefit run.
        outline.member || outline.run
        ? tokenKeeper.restore()
        : undefined,
    // The member the description names, from its early read (begun by the restore's answer above).
    outline.member ? tokenKeeper.restore().then(() => outlinedMember(window.location.pathname)) : undefined,
    // The plot the page is about (its name, its member's, its details), from its early read.
    outline.plot ? tokenKeeper.restore().then(() => outlinedPlot(window.location.pathname)) : undefined,
    // The benefit run the heading names, from its early read.
    outline.run ? tokenKeeper.restore().then(() => outlinedRun(window.location.pathname)) : undefined,
    // The code that draws it, off the login page's path.
    loadOutlineDrawing(),
    ...[...outlineFaces, ...(outline.faces ?? [])].map((face) => document.fonts.load(face)),
  ])
    .then(
      ([{ app }, signedInApp, admin, texts, session, member, plot, run, { buildOutline, outlineTexts }]) => {
        root.replaceChildren(
          buildOutline(
            outlineTexts(outline, catalogueTranslate({ ...app, ...signedInApp, ...admin, ...texts }), {
              session: outlineSession(session),
              member,
              plot,
              run,
              language,
            }),
          ),
        );
        return painted();
      },
    )
    // Without its texts or fonts the page waits for React, as other screens do.
    .catch(() => undefined)
    .finally(startApp);
} else {
  startApp();
}
// With every fetch started, the wait for them is the time to load what the signed-in frame's first draw would
// otherwise load (the login page formats no number).
if (signedIn) loadNumberData(language);
