import { defineConfig } from 'vitest/config';
import { ANSWERED_CODES_DIR_VARIABLE, newRunDirectory } from './functions/src/http/openapi/answered-codes.ts';

// The folder where this run's processes record the error codes each route answers (answered-codes.ts):
// set here, in the main process, so that every worker and the end-to-end runtime's child inherit it.
process.env[ANSWERED_CODES_DIR_VARIABLE] ??= newRunDirectory();
// The SDK's notice that its releases of 2027 need Node 22 (the functions run on nodejs22.x; Node 20 here
// is the machines'), printed once by every worker and child otherwise.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** One run for every suite: unit, integration (DynamoDB Local, s3rver), web components and end-to-end. */
export default defineConfig({
  test: {
    globalSetup: ['functions/src/http/openapi/answered-codes.global-setup.ts'],
    // A quiet run: what a test prints (its console, and the streams by functions/src/testing/quiet-output.ts)
    // is shown only if it fails; `--silent=false` shows it all.
    silent: 'passed-only',
    projects: [
      'schemas/vitest.config.ts',
      'functions/vitest.config.ts',
      'functions/vitest.integration.config.ts',
      'infra/vitest.config.ts',
      'infra/vitest.integration.config.ts',
      'web/vitest.config.ts',
      'e2e/vitest.config.ts',
      // After all the others: checks the error codes they answered against the contract.
      'functions/vitest.contract.config.ts',
      // After all the others too: checks the AWS calls they made against the functions' roles.
      'infra/vitest.permissions.config.ts',
    ],
  },
});
