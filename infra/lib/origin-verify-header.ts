/**
 * The header CloudFront adds to every request it sends to the API (a viewer's own is replaced), whose
 * value the API's authorizer compares with the secret (origin-verify.ts). Free of CDK imports for the
 * local runtime's API origin and the smoke test.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
