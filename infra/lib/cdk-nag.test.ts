import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { IConstruct } from 'constructs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { CropProtectionStack } from './crop-protection-stack.ts';
import { EdgeProtectionStack } from './edge-protection-stack.ts';
import { stackProps, synthFolder, templateApp } from './testing/stacks-under-test.ts';

const app = templateApp();
const env = { account: '111111111111', region: 'eu-west-1' };
const edge = new EdgeProtectionStack(app, 'CropProtection-prod-edge', {
  env: { ...env, region: 'us-east-1' },
  crossRegionReferences: true,
  environmentName: 'prod',
});
new CropProtectionStack(
  app,
  'CropProtection-prod',
  stackProps({
    env,
    crossRegionReferences: true,
    environmentName: 'prod',
    customDomain: {
      domainName: 'app.example.org',
      certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/x',
    },
    alarmEmail: 'ops@example.org',
    webAclArn: edge.webAcl.attrArn,
  }),
);
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));

/** Synthesizes with the rules; answers the violations the synthesis stopped on (none: it went through). */
const violationsOf = (target: App): string[] => {
  try {
    target.synth();
    return [];
  } catch (error) {
    const report = join(target.outdir, 'validation-report.json');
    if (!existsSync(report)) throw error;
    const { pluginReports } = JSON.parse(readFileSync(report, 'utf8')) as {
      pluginReports: {
        violations: {
          ruleName: string;
          severity: string;
          violatingConstructs: { constructPath: string }[];
        }[];
      }[];
    };
    return pluginReports.flatMap(({ violations }) =>
      violations.flatMap(({ ruleName, severity, violatingConstructs }) =>
        violatingConstructs.map(({ constructPath }) => `${severity} ${ruleName} at ${constructPath}`),
      ),
    );
  }
};

interface Acknowledged {
  path: string;
  id: string;
  reason: string;
}
const acknowledged = (scope: IConstruct): Acknowledged[] =>
  scope.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      // Each entry is { [qualified id]: reason }.
      .flatMap((entry) => Object.entries(entry.data as Record<string, string>))
      .map(([id, reason]) => ({ path: construct.node.path, id, reason })),
  );

describe('cdk-nag (AwsSolutions) on a production environment and its edge stack', () => {
  const violations = violationsOf(app);

  it('finds no error and no warning that is not acknowledged', () => {
    expect(violations).toEqual([]);
  });

  it('acknowledges each rule on the construct it concerns, with a reason, and wildcards finding by finding', () => {
    const all = acknowledged(app);
    expect(all.length).toBeGreaterThan(0);
    for (const { path, id, reason } of all) {
      expect(reason.length, `${id} at ${path}`).toBeGreaterThan(20);
      // Never a whole stack or the app: one resource (or its role) at a time.
      expect(path.split('/').length, `${id} at ${path}`).toBeGreaterThan(1);
      if (/AwsSolutions-IAM[45]/.test(id)) expect(id, path).toMatch(/\[(Resource|Action|Policy)::.+\]$/);
    }
  });

  it('does report what is not acknowledged (the rules do run)', () => {
    const control = new App({ outdir: synthFolder(), builtinCloudFormationValidation: false });
    new s3.Bucket(new Stack(control, 'Control'), 'Unlogged');
    Validations.of(control).addPlugins(new AwsSolutionsChecks(control));
    expect(violationsOf(control)).toContainEqual(
      expect.stringMatching(/AwsSolutions-S1 at Control\/Unlogged/),
    );
  });
});
