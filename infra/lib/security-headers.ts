import { contentSecurityPolicy } from './content-security-policy.ts';

/**
 * The security headers of every answer, the SPA's and the API's: CloudFront's response headers policy
 * (website.ts) is built from these values and the local server sends them as they are, so that the
 * end-to-end suite runs under the policy of AWS. Free of CDK imports for the local server.
 */
export const securityHeaderSettings = {
  /** One year, the subdomains included. */
  hstsMaxAgeSeconds: 365 * 24 * 60 * 60,
  hstsIncludeSubdomains: true,
  frameOption: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
  contentSecurityPolicy,
} as const;

/** The same settings as the header lines CloudFront writes (names in lower case). */
export const securityHeaders: Readonly<Record<string, string>> = {
  'strict-transport-security': `max-age=${securityHeaderSettings.hstsMaxAgeSeconds}${
    securityHeaderSettings.hstsIncludeSubdomains ? '; includeSubDomains' : ''
  }`,
  'x-content-type-options': 'nosniff',
  'x-frame-options': securityHeaderSettings.frameOption,
  'referrer-policy': securityHeaderSettings.referrerPolicy,
  'content-security-policy': securityHeaderSettings.contentSecurityPolicy,
};
