import { contentSecurityPolicy } from './content-security-policy.ts';

/**
 * The security headers of every answer, the SPA's and the API's: CloudFront's response headers policy
 * (website.ts) is built from these values and the local server sends them as they are, so that the
 * end-to-end suite runs under the policy of AWS. Free of CDK imports for the local server. The policy
 * names the files bucket's origin (content-security-policy.ts), which differs between environments.
 */
export const securityHeaderSettings = (filesOrigin: string) =>
  ({
    /** One year, the subdomains included. */
    hstsMaxAgeSeconds: 365 * 24 * 60 * 60,
    hstsIncludeSubdomains: true,
    frameOption: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    contentSecurityPolicy: contentSecurityPolicy(filesOrigin),
  }) as const;

/** The same settings as the header lines CloudFront writes (names in lower case). */
export const securityHeaders = (filesOrigin: string): Readonly<Record<string, string>> => {
  const settings = securityHeaderSettings(filesOrigin);
  return {
    'strict-transport-security': `max-age=${settings.hstsMaxAgeSeconds}${
      settings.hstsIncludeSubdomains ? '; includeSubDomains' : ''
    }`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': settings.frameOption,
    'referrer-policy': settings.referrerPolicy,
    'content-security-policy': settings.contentSecurityPolicy,
  };
};
