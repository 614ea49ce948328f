import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { DemoLogins } from '../seed/index.ts';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json), keyed by its source module. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/** The manifest key of the page shell: its chunk is what index.html loads. */
export const entryModule = 'index.html';

export interface FirstScreen {
  name: string;
  /** The address; `:memberId` and `:plotId` stand for a member of the demo with a plot (screenPath). */
  path: string;
  /** Who is signed in (the demo's agent or administrator), if anyone. */
  signedInAs?: 'agent' | 'admin';
  /** The modules the page loads lazily after the entry, as named in the build manifest. */
  lazyModules: string[];
  /** An API call only the page itself makes (same placeholders as the path): proof that the page showed. */
  ownCall?: string;
  /** Its Lighthouse bounds (mobile, medians): issue 38's for a field agent's screen, issue 42's for an administrator's. */
  targets?: ScreenTargets;
}

export interface ScreenTargets {
  performance: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
}

/** Issue 38: a field agent's screen on a cheap phone. */
export const agentScreenTargets: ScreenTargets = {
  performance: 95,
  totalBlockingTimeMs: 200,
  cumulativeLayoutShift: 0.1,
};
/** Issue 42: an administrator's screen on a modest laptop or tablet. */
export const adminScreenTargets: ScreenTargets = {
  performance: 95,
  totalBlockingTimeMs: 200,
  cumulativeLayoutShift: 0.05,
};

// English: the language of Lighthouse's and the end-to-end tests' browsers.
const englishCatalogue = 'src/i18n/catalogues/en.ts';
// A signed-in start refreshes its session through the tabs' shared refresh (app/session/tabs-refresh.ts); the
// frame brings the signed-in screens' texts and Cloudscape's own.
const signedInFrame = [
  englishCatalogue,
  'src/app/session/tabs-refresh.ts',
  'src/app/shell/app-shell.tsx',
  'src/i18n/catalogues/en-signed-in.ts',
  'src/i18n/catalogues/cloudscape-en.ts',
];

/**
 * An administrator's screen (issue 42): the signed-in frame, the administrators' texts and screen list,
 * and the screen's own chunk (src/pages/<folder>). A paged table's page-size preferences load once its
 * first page has come, off the first screen's path, but they are still fetched.
 */
const adminScreen = (
  name: string,
  path: string,
  folder: string,
  ownCall: string,
  { paged = false }: { paged?: boolean } = {},
): FirstScreen => ({
  name,
  path,
  signedInAs: 'admin',
  lazyModules: [
    ...signedInFrame,
    'src/app/admin-pages.ts',
    'src/i18n/catalogues/en-admin.ts',
    `src/pages/${folder}/index.tsx`,
    ...(paged ? ['src/common/admin-table/page-size-preferences.tsx'] : []),
  ],
  ownCall,
  targets: adminScreenTargets,
});

/** The screens npm run bench:web weighs and measures; an end-to-end test checks the lists against a browser. */
export const firstScreens: FirstScreen[] = [
  {
    name: 'login page',
    path: '/',
    lazyModules: [englishCatalogue, 'src/pages/login/index.tsx'],
  },
  {
    name: 'home',
    path: '/',
    signedInAs: 'agent',
    lazyModules: [...signedInFrame, 'src/pages/home/index.tsx'],
    targets: agentScreenTargets,
  },
  {
    name: 'member list',
    path: '/Members',
    signedInAs: 'agent',
    // The table's preferences load once the list shows, off the first screen's path, but they are still fetched.
    lazyModules: [
      ...signedInFrame,
      'src/pages/members/index.tsx',
      'src/pages/members/components/member-preferences.tsx',
    ],
    ownCall: '/api/members',
    targets: agentScreenTargets,
  },
  {
    name: 'member page',
    path: '/Member/:memberId',
    signedInAs: 'agent',
    lazyModules: [...signedInFrame, 'src/pages/member/index.tsx'],
    ownCall: '/api/members/:memberId',
    targets: agentScreenTargets,
  },
  {
    name: 'plot page',
    path: '/Member/:memberId/Field/:plotId',
    signedInAs: 'agent',
    // The map (Leaflet) comes once the plot is there.
    lazyModules: [...signedInFrame, 'src/pages/plot/index.tsx', 'src/common/plot-map/index.tsx'],
    ownCall: '/api/members/:memberId/plots/:plotId',
    targets: agentScreenTargets,
  },
  {
    name: 'new member',
    path: '/Onboarding',
    signedInAs: 'agent',
    lazyModules: [...signedInFrame, 'src/pages/onboarding/index.tsx'],
    targets: agentScreenTargets,
  },
  {
    name: 'new plot',
    path: '/Member/:memberId/Field',
    signedInAs: 'agent',
    lazyModules: [...signedInFrame, 'src/pages/new-plot/index.tsx', 'src/common/plot-map/index.tsx'],
    targets: agentScreenTargets,
  },
  {
    name: 'waiting list',
    path: '/Waiting',
    signedInAs: 'agent',
    // The waiting list's texts come with it (i18n/screens/offline).
    lazyModules: [...signedInFrame, 'src/pages/waiting/index.tsx', 'src/i18n/screens/offline/en.json'],
    targets: agentScreenTargets,
  },
  {
    name: 'dashboard',
    path: '/Dashboard',
    signedInAs: 'admin',
    // The dashboard is every signed-in person's screen: not one of the administrator's chunks.
    lazyModules: [...signedInFrame, 'src/pages/dashboard/index.tsx', 'src/i18n/screens/dashboard/en.json'],
    ownCall: '/api/dashboard/numberOfCoveredPlots',
    targets: adminScreenTargets,
  },
  adminScreen('admin members', '/AdminMembers', 'admin-members', '/api/members', { paged: true }),
  adminScreen(
    'admin contributions',
    '/AdminContributions',
    'admin-contributions',
    '/api/admin/contributions',
    {
      paged: true,
    },
  ),
  adminScreen('admin payouts', '/AdminPayouts', 'admin-payouts', '/api/admin/payouts', { paged: true }),
  adminScreen('admin cashouts', '/AdminCashouts', 'admin-cashouts', '/api/admin/cashouts', { paged: true }),
  adminScreen('admin plots', '/AdminFields', 'admin-plots', '/api/admin/plots', { paged: true }),
  adminScreen('benefit runs', '/AdminBenefitRuns', 'admin-benefit-runs', '/api/admin/benefit-runs'),
  adminScreen('a benefit run', '/BenefitRun/:runId', 'benefit-run', '/api/admin/benefit-runs/:runId/rows', {
    paged: true,
  }),
  adminScreen('new benefit run', '/NewBenefitRun', 'new-benefit-run', '/api/dashboard/federations'),
  adminScreen('users', '/AdminUsers', 'admin-users', '/api/admin/users'),
  adminScreen('logs', '/AdminLogs', 'admin-logs', '/api/admin/activity'),
  adminScreen('reports', '/AdminReports', 'admin-reports', '/api/admin/reports', { paged: true }),
  adminScreen('data', '/AdminDatas', 'admin-data', '/api/admin/mirror'),
];

/** A member of the demo with a plot, and a benefit run: what the member, plot and run screens open. */
export interface ScreenSample {
  memberId: string;
  plotId: string;
  benefitRunId: string;
}

/** An address (or API call) of a screen with the sample's ids in place of `:memberId`, `:plotId` and `:runId`. */
export const withSample = (path: string, sample: ScreenSample): string =>
  path
    .replace(':memberId', encodeURIComponent(sample.memberId))
    .replace(':plotId', encodeURIComponent(sample.plotId))
    .replace(':runId', encodeURIComponent(sample.benefitRunId));

/** The demo's logins of who a screen is for. */
export const screenLogins = (
  signedInAs: NonNullable<FirstScreen['signedInAs']>,
  logins: DemoLogins,
): { email: string; password: string } =>
  signedInAs === 'admin'
    ? { email: logins.adminEmail, password: logins.adminPassword }
    : { email: logins.userEmail, password: logins.userPassword };

/** Issue 38's budget for the login page: what it loads, gzipped. */
export const loginPageScriptBudget = 170 * 1024;

export interface PageFiles {
  scripts: string[];
  stylesheets: string[];
  /** Lazily loaded modules that have no chunk of their own: bundled into a chunk already counted. */
  bundled: string[];
}

/**
 * The JS and CSS files a page loads, read from the build manifest: the entry's chunk and each lazily
 * loaded module's, with everything they import statically and their CSS (Vite preloads both).
 */
export const pageFiles = (manifest: ViteManifest, lazyModules: readonly string[]): PageFiles => {
  const scripts = new Set<string>();
  const stylesheets = new Set<string>();
  const bundled: string[] = [];
  const visited = new Set<string>();
  const visit = (key: string): void => {
    if (visited.has(key)) return;
    visited.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no chunk ${key}`);
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) stylesheets.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryModule);
  for (const module of lazyModules) {
    if (manifest[module]) visit(module);
    else bundled.push(module);
  }
  return { scripts: [...scripts], stylesheets: [...stylesheets], bundled };
};

export interface FileSizes {
  raw: number;
  gzip: number;
  brotli: number;
}

/** A built file's size as stored and as sent compressed (gzip level 9, brotli quality 11, as built). */
export const fileSizes = (dist: string, file: string): FileSizes => {
  const content = readFileSync(join(dist, file));
  return {
    raw: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
    brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
};

export const totalSizes = (sizes: readonly FileSizes[]): FileSizes =>
  sizes.reduce(
    (sum, size) => ({
      raw: sum.raw + size.raw,
      gzip: sum.gzip + size.gzip,
      brotli: sum.brotli + size.brotli,
    }),
    { raw: 0, gzip: 0, brotli: 0 },
  );
