import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { catalogueSectionsPlugin } from './build/catalogue-sections.ts';

export default defineConfig({
  plugins: [react(), catalogueSectionsPlugin()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test-setup.ts'],
    // Every answer a handler sends is checked against the route table (http/middleware/answer-check.ts).
    env: { CPBO_CHECK_ANSWERS: 'on' },
    // Cloudscape's ESM imports its own CSS files, which Node cannot load: let Vite transform it.
    server: { deps: { inline: [/@cloudscape-design\//] } },
  },
});
