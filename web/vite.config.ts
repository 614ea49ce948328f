import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { extractFonts } from './build/extract-fonts.ts';
import { precompress } from './build/precompress.ts';
import { screenChunks } from './build/screen-chunks.ts';
import { redocOffline } from './build/redoc-offline.ts';

// The local server (npm start) answers /api and /config.json on port 3000; the dev server forwards to it.
const localServer = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), redocOffline(), extractFonts(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which files each module loads, read by npm run bench:web.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'], priority: 3 },
            ...screenChunks({
              root: import.meta.dirname,
              // The member list, the signed-in screen bench:web measures, with the frame around it.
              signedIn: ['src/app/shell/app-shell.tsx', 'src/pages/members/index.tsx'],
              signedOut: ['src/pages/login/index.tsx'],
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
