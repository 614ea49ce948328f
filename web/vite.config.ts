import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { catalogueSectionsPlugin } from './build/catalogue-sections.ts';
import { cloudscapeIcons } from './build/cloudscape-icons.ts';
import { extractFonts } from './build/extract-fonts.ts';
import { precompress } from './build/precompress.ts';
import { closureChunk, screenChunks } from './build/screen-chunks.ts';
import { redocOffline } from './build/redoc-offline.ts';
import { serviceWorker } from './build/service-worker.ts';

// The local server (npm start) answers /api and /config.json on port 3000; the dev server forwards to it.
const localServer = 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    catalogueSectionsPlugin(),
    cloudscapeIcons({
      components: dirname(
        createRequire(import.meta.url).resolve('@cloudscape-design/components/package.json'),
      ),
      app: join(import.meta.dirname, 'src'),
    }),
    redocOffline(),
    extractFonts(),
    serviceWorker(),
    precompress(),
  ],
  resolve: {
    alias: [
      // Cloudscape's messages come compiled (all.<language>.js holds their syntax trees), so the browser never
      // parses an ICU message: formatjs's own parser-less entry leaves the parser (about 9 KB gzipped) out.
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/lib/no-parser.js',
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which files each module loads, read by npm run bench:web.
    manifest: true,
    // Every browser the back office supports knows modulepreload; the polyfill would weigh on every first screen.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The page's first module and what it imports statically: small, it starts the other fetches.
            { name: 'start', tags: ['$initial'], priority: 5 },
            // Rolldown's helpers (module namespaces, CommonJS interop) ride with it rather than in one more file.
            { name: 'start', test: /rolldown[/:]runtime/, priority: 5 },
            // React's runtime in a file of its own, which the first module imports ahead of the app's code: the
            // browser runs each when it arrives, two shorter tasks instead of one long one (mobile blocking time).
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 5 },
            // What draws a signed-in screen's outline, fetched by the first module for such a screen only: the
            // login page's code does not carry it.
            closureChunk({
              root: import.meta.dirname,
              name: 'outline',
              modules: ['src/app/shell/outline-draw.ts'],
              priority: 4,
            }),
            ...screenChunks({
              root: import.meta.dirname,
              app: ['src/app/start.tsx'],
              // The member list, the signed-in screen bench:web measures, with the frame around it.
              signedIn: ['src/app/shell/app-shell.tsx', 'src/pages/members/index.tsx'],
              signedOut: ['src/pages/login/index.tsx'],
              // The table cells' rules are 180 of the signed-in side's 431 KB of CSS: a stylesheet of their own is
              // parsed in a task of its own, two shorter tasks on a slow phone instead of one long one.
              signedInApart: [
                {
                  name: 'table-cells',
                  test: /@cloudscape-design[\\/]components[\\/]table[\\/]body-cell[\\/]/,
                },
              ],
              priority: 1,
            }),
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': localServer,
      '/config.json': localServer,
    },
  },
});
