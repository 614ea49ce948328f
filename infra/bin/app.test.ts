import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  PLACEHOLDER_CONTEXT_KEY,
  PLACEHOLDER_ENVIRONMENT,
  deploymentTarget,
} from '../lib/deployment-target.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const outdirs: string[] = [];
afterAll(() => outdirs.forEach((outdir) => rmSync(outdir, { recursive: true, force: true })));

/**
 * Runs the CDK app as the CLI does (CDK_OUTDIR, CDK_CONTEXT_JSON), on a machine without AWS
 * credentials: no CDK_DEFAULT_* variable, no AWS variable, a home without ~/.aws. Bundling is left
 * out (the templates are the question, and `npm run synth` bundles).
 */
const runApp = (context: Record<string, unknown>) => {
  const outdir = mkdtempSync(join(tmpdir(), 'cdk-app-'));
  outdirs.push(outdir);
  const environment = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(AWS_|CDK_)/u.test(name)),
  );
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'infra/bin/app.ts'], {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...environment,
      HOME: outdir,
      CDK_OUTDIR: outdir,
      CDK_CONTEXT_JSON: JSON.stringify({ 'aws:cdk:bundling-stacks': [], ...context }),
    },
    timeout: 110_000,
  });
  return { ...run, outdir };
};

describe('the CDK app without AWS credentials', () => {
  it('synthesizes for a placeholder account and region, and says so', () => {
    const run = runApp({ [PLACEHOLDER_CONTEXT_KEY]: 'true' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain(`PLACEHOLDER account ${PLACEHOLDER_ENVIRONMENT.account}`);
    const manifest = JSON.parse(readFileSync(join(run.outdir, 'manifest.json'), 'utf8')) as {
      artifacts: Record<string, { type: string; environment?: string }>;
    };
    const stacks = Object.entries(manifest.artifacts).filter(
      ([, artifact]) => artifact.type === 'aws:cloudformation:stack',
    );
    expect(Object.fromEntries(stacks.map(([name, artifact]) => [name, artifact.environment]))).toEqual({
      'CropProtection-demo-edge': `aws://${PLACEHOLDER_ENVIRONMENT.account}/us-east-1`,
      'CropProtection-demo': `aws://${PLACEHOLDER_ENVIRONMENT.account}/${PLACEHOLDER_ENVIRONMENT.region}`,
    });
    expect(existsSync(join(run.outdir, 'CropProtection-demo.template.json'))).toBe(true);
  }, 120_000);

  it('refuses without the placeholder key, as `cdk deploy` runs it', () => {
    const run = runApp({});
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('No AWS account or region: set AWS credentials');
    expect(existsSync(join(run.outdir, 'manifest.json'))).toBe(false);
  }, 120_000);

  it('is given the placeholder key by `npm run synth` only, never by `npm run deploy`', () => {
    const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.synth).toContain(`-c ${PLACEHOLDER_CONTEXT_KEY}=true`);
    expect(scripts.deploy).not.toContain(PLACEHOLDER_CONTEXT_KEY);
  });
});

describe('deploymentTarget', () => {
  it('takes the credentials’ account and region, placeholder key or not', () => {
    const real = { CDK_DEFAULT_ACCOUNT: '123456789012', CDK_DEFAULT_REGION: 'eu-west-1' };
    expect(deploymentTarget(real, undefined)).toEqual({
      account: '123456789012',
      region: 'eu-west-1',
      placeholder: false,
    });
    expect(deploymentTarget(real, 'true')).toMatchObject({ account: '123456789012', placeholder: false });
  });

  it('refuses an account without a region, and a placeholder not asked for', () => {
    expect(deploymentTarget({ CDK_DEFAULT_ACCOUNT: '123456789012' }, undefined)).toHaveProperty('refusal');
    expect(deploymentTarget({}, 'false')).toHaveProperty('refusal');
    expect(deploymentTarget({}, true)).toMatchObject({ ...PLACEHOLDER_ENVIRONMENT, placeholder: true });
  });
});
