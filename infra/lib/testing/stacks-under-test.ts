import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { CropProtectionStackProps } from '../crop-protection-stack.ts';

/** The feature flags of cdk.json, so that the tests see the template `cdk synth` produces. */
export const cdkContext = (
  JSON.parse(readFileSync(new URL('../../../cdk.json', import.meta.url), 'utf8')) as {
    context: Record<string, unknown>;
  }
).context;

const synthFolders: string[] = [];

/**
 * A folder for an app's synthesis, removed when the test file ends (removeSynthFolders, the infra
 * projects' set-up): an app given none writes one under the system's temporary folder and leaves it.
 */
export const synthFolder = (): string => {
  const folder = mkdtempSync(join(tmpdir(), 'cpbo-cdk-'));
  synthFolders.push(folder);
  return folder;
};

export const removeSynthFolders = (): void => {
  for (const folder of synthFolders.splice(0)) rmSync(folder, { recursive: true, force: true });
};

/**
 * An app whose templates the tests read: no bundling and no CloudFormation validation, since the
 * assertions are about the template, bundling costs seconds per function and loading the validation
 * rules ten seconds more (`cdk synth` does both).
 */
export const templateApp = (): App =>
  new App({
    outdir: synthFolder(),
    builtinCloudFormationValidation: false,
    context: { ...cdkContext, 'aws:cdk:bundling-stacks': [] },
  });

/** The stack's props as the tests give them: a sender address and a one-page SPA, and what is told. */
export const stackProps = (
  props: Partial<CropProtectionStackProps> & Pick<CropProtectionStackProps, 'environmentName'>,
): CropProtectionStackProps => ({
  mailFrom: 'no-reply@example.org',
  spaContent: Source.data('index.html', '<!doctype html><title>Back office</title>'),
  ...props,
});
