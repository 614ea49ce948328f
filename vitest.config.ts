import { defineConfig } from 'vitest/config';

/** One run for every suite: unit, integration (DynamoDB Local, s3rver), web components and end-to-end. */
export default defineConfig({
  test: {
    projects: [
      'schemas/vitest.config.ts',
      'functions/vitest.config.ts',
      'functions/vitest.integration.config.ts',
      'infra/vitest.config.ts',
      'web/vitest.config.ts',
      'e2e/vitest.config.ts',
    ],
  },
});
