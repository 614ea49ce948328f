import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

// The local server (npm start) answers /api and /config.json on port 3000; the dev server forwards to it.
const localServer = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which files each module loads, read by npm run bench:web.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': localServer,
      '/config.json': localServer,
    },
  },
});
