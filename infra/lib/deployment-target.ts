/**
 * The AWS account and region the app is synthesized for: those of the CLI's credentials
 * (CDK_DEFAULT_ACCOUNT and CDK_DEFAULT_REGION). `npm run synth` may go without them (a reviewer, CI,
 * cdk-nag on a machine without an AWS account): with the context key below it gets a placeholder
 * account and region that no AWS account has, and says so. `cdk deploy` never passes that key, so it
 * still refuses without real credentials.
 */

/** The `-c` key that lets a synth without credentials use the placeholder (package.json's synth script). */
export const PLACEHOLDER_CONTEXT_KEY = 'placeholderWithoutCredentials';

/** 000000000000 is no AWS account's id and xx-placeholder-1 no AWS region's name: neither passes for a real one. */
export const PLACEHOLDER_ENVIRONMENT = { account: '000000000000', region: 'xx-placeholder-1' } as const;

export type DeploymentTarget =
  | { account: string; region: string; placeholder: false }
  | { account: string; region: string; placeholder: true; notice: string }
  | { refusal: string };

export const deploymentTarget = (
  environment: Record<string, string | undefined>,
  placeholderAllowed: unknown,
): DeploymentTarget => {
  const account = environment.CDK_DEFAULT_ACCOUNT;
  const region = environment.CDK_DEFAULT_REGION;
  if (account && region) return { account, region, placeholder: false };
  // The CLI passes every -c value as a string.
  if (placeholderAllowed === true || placeholderAllowed === 'true') {
    const { account: fake, region: fakeRegion } = PLACEHOLDER_ENVIRONMENT;
    return {
      account: fake,
      region: fakeRegion,
      placeholder: true,
      notice:
        `No AWS account or region: synthesizing for the PLACEHOLDER account ${fake} in ${fakeRegion} ` +
        '(not a real environment: these templates cannot be deployed; set AWS credentials and AWS_REGION to synthesize for yours).',
    };
  }
  return {
    refusal:
      'No AWS account or region: set AWS credentials and AWS_REGION (or AWS_PROFILE) first. ' +
      '(`npm run synth` works without them, for a placeholder account.)',
  };
};
