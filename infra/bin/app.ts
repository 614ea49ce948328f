import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { CropProtectionStack } from '../lib/crop-protection-stack.ts';
import { spaContentFrom } from '../lib/website.ts';

/**
 * One stack per environment: `cdk deploy -c env=<name>` (default demo). Optional context: mailFrom
 * (the SES sender), domainName with certificateArn (a us-east-1 ACM certificate) for a custom address.
 */
const app = new App();

const contextString = (key: string): string | undefined => {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '')
    throw new Error(`Context "${key}" must be a non-empty string`);
  return value;
};

const spaDirectory = fileURLToPath(new URL('../../web/dist/', import.meta.url));
if (!existsSync(join(spaDirectory, 'index.html'))) {
  console.error(`The web app is not built (${spaDirectory} has no index.html). Run \`npm run build\` first.`);
  process.exit(1);
}

const environmentName = contextString('env') ?? 'demo';
const domainName = contextString('domainName');
const certificateArn = contextString('certificateArn');
const logRetentionDays = contextString('logRetentionDays');
if (logRetentionDays !== undefined && !/^[1-9][0-9]{0,3}$/.test(logRetentionDays)) {
  throw new Error('Context "logRetentionDays" must be a whole number of days');
}
if (Boolean(domainName) !== Boolean(certificateArn)) {
  throw new Error('Context "domainName" and "certificateArn" go together');
}

new CropProtectionStack(app, `CropProtection-${environmentName}`, {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  description: `Crop protection back office (${environmentName})`,
  tags: { project: 'crop-protection-back-office', environment: environmentName },
  environmentName,
  mailFrom: contextString('mailFrom') ?? 'no-reply@example.org',
  spaContent: spaContentFrom(spaDirectory),
  customDomain: domainName && certificateArn ? { domainName, certificateArn } : undefined,
  logRetentionDays: logRetentionDays === undefined ? undefined : Number(logRetentionDays),
});
