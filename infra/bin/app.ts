import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { CropProtectionStack } from '../lib/crop-protection-stack.ts';
import { EdgeProtectionStack } from '../lib/edge-protection-stack.ts';
import { deploymentTarget, PLACEHOLDER_CONTEXT_KEY } from '../lib/deployment-target.ts';
import { environmentSettings } from '../lib/environment-settings.ts';
import { spaContentFrom } from '../lib/website.ts';

/**
 * One environment: `cdk deploy --all -c env=<name>` (default demo) deploys its WAF web ACL in us-east-1
 * (CropProtection-<env>-edge) and its stack (CropProtection-<env>). The settings (-c) are read and
 * checked by environment-settings.ts; docs/operations.md lists them.
 */
const app = new App();
const settings = environmentSettings((key) => app.node.tryGetContext(key));

const spaDirectory = fileURLToPath(new URL('../../web/dist/', import.meta.url));
if (!existsSync(join(spaDirectory, 'index.html'))) {
  console.error(`The web app is not built (${spaDirectory} has no index.html). Run \`npm run build\` first.`);
  process.exit(1);
}

// A CLOUDFRONT web ACL lives in us-east-1: its ARN crosses regions, which needs both stacks' account and region.
const target = deploymentTarget(process.env, app.node.tryGetContext(PLACEHOLDER_CONTEXT_KEY));
if ('refusal' in target) {
  console.error(target.refusal);
  process.exit(1);
}
if (target.placeholder) console.warn(target.notice);
const { account, region } = target;
const { environmentName } = settings;
const tags = { project: 'crop-protection-back-office', environment: environmentName };

const edge = new EdgeProtectionStack(app, `CropProtection-${environmentName}-edge`, {
  env: { account, region: 'us-east-1' },
  crossRegionReferences: true,
  description: `Crop protection back office (${environmentName}): the WAF web ACL of CloudFront`,
  tags,
  environmentName,
  signInRateLimit: settings.signInRateLimit,
});

// The cross-region reference makes it depend on the edge stack, which is deployed first.
new CropProtectionStack(app, `CropProtection-${environmentName}`, {
  env: { account, region },
  crossRegionReferences: true,
  description: `Crop protection back office (${environmentName})`,
  tags,
  environmentName,
  mailFrom: settings.mailFrom,
  spaContent: spaContentFrom(spaDirectory),
  customDomain: settings.customDomain,
  logRetentionDays: settings.logRetentionDays,
  alarmEmail: settings.alarmEmail,
  apiThrottle: settings.apiThrottle,
  webAclArn: edge.webAcl.attrArn,
});
