import type { ApiThrottle } from './http-api.ts';
import type { CustomDomain } from './website.ts';

/** The environments that serve real users: they need their own address and certificate (TLS 1.2). */
export const productionEnvironments: readonly string[] = ['prod'];

/** One environment's settings, from the CDK context (`-c key=value` or cdk.context.json). */
export interface EnvironmentSettings {
  readonly environmentName: string;
  readonly mailFrom: string;
  readonly customDomain?: CustomDomain;
  readonly logRetentionDays?: number;
  readonly alarmEmail?: string;
  readonly apiThrottle?: ApiThrottle;
  readonly signInRateLimit?: number;
}

const wholeNumber = (key: string, value: string | undefined, max: number, min = 1): number | undefined => {
  if (value === undefined) return undefined;
  if (!/^[1-9][0-9]*$/.test(value) || Number(value) > max || Number(value) < min)
    throw new Error(`Context "${key}" must be a whole number from ${min} to ${max}`);
  return Number(value);
};

/** Reads and checks the settings; throws with the setting's name when one is wrong or missing. */
export const environmentSettings = (tryGetContext: (key: string) => unknown): EnvironmentSettings => {
  const text = (key: string): string | undefined => {
    const value = tryGetContext(key);
    if (value === undefined) return undefined;
    // The CLI passes every -c value as a string; cdk.context.json may hold numbers.
    if (typeof value === 'number') return String(value);
    if (typeof value !== 'string' || value === '')
      throw new Error(`Context "${key}" must be a non-empty string`);
    return value;
  };
  const environmentName = text('env') ?? 'demo';
  const domainName = text('domainName');
  const certificateArn = text('certificateArn');
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new Error('Context "domainName" and "certificateArn" go together');
  }
  if (productionEnvironments.includes(environmentName) && !domainName) {
    // CloudFront's own *.cloudfront.net certificate accepts TLS 1.0: production needs its own.
    throw new Error(
      `Environment "${environmentName}" is a production environment: give it "domainName" and ` +
        '"certificateArn" (an ACM certificate in us-east-1) so that CloudFront requires TLS 1.2',
    );
  }
  const alarmEmail = text('alarmEmail');
  if (alarmEmail !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(alarmEmail)) {
    throw new Error('Context "alarmEmail" must be an e-mail address');
  }
  const rateLimit = wholeNumber('apiRateLimit', text('apiRateLimit'), 10_000);
  const burstLimit = wholeNumber('apiBurstLimit', text('apiBurstLimit'), 5_000);
  if (Boolean(rateLimit) !== Boolean(burstLimit)) {
    throw new Error('Context "apiRateLimit" and "apiBurstLimit" go together');
  }
  return {
    environmentName,
    mailFrom: text('mailFrom') ?? 'no-reply@example.org',
    customDomain: domainName && certificateArn ? { domainName, certificateArn } : undefined,
    logRetentionDays: wholeNumber('logRetentionDays', text('logRetentionDays'), 9999),
    alarmEmail,
    apiThrottle: rateLimit && burstLimit ? { rateLimit, burstLimit } : undefined,
    // WAF's rate-based rules count from 10 requests per window.
    signInRateLimit: wholeNumber('signInRateLimit', text('signInRateLimit'), 2_000_000_000, 10),
  };
};
