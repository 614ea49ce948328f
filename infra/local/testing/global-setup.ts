import type { TestProject } from 'vitest/node';
import { environmentVariables } from '@cpbo/functions/platform/environment.ts';
import { startAwsSubstitutes } from '../aws-substitutes.ts';
import { newJwtSecret } from '../jwt-secret.ts';
import './provided-context.ts';

/**
 * Starts DynamoDB Local (in memory) and s3rver on free ports with the table and the files bucket,
 * once for the whole integration run; the test files get the environment through inject().
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const startedAt = Date.now();
  const substitutes = await startAwsSubstitutes({ inMemory: true });
  project.provide('integrationEnvironment', {
    ...substitutes.environment,
    [environmentVariables.jwtSecret]: newJwtSecret(),
    [environmentVariables.appUrl]: 'http://localhost:5173',
    [environmentVariables.mailFrom]: 'no-reply@demo.local',
    [environmentVariables.environmentName]: 'test',
  });
  console.log(`[integration] DynamoDB Local and s3rver ready in ${Date.now() - startedAt} ms`);
  return () => substitutes.stop();
}
