import { tileOrigins } from '../../web/src/common/plot-map/tile-sources.ts';

/**
 * The Content-Security-Policy CloudFront sends with the SPA and the API. Free of CDK imports so the
 * local server can send the same header, and end-to-end tests meet the policy of AWS. `filesOrigin` is
 * the files bucket's (s3rver's on a laptop): the SPA PUTs uploads to its presigned URLs (large imports,
 * benefit assessments), and nothing else outside the app.
 */
export const contentSecurityPolicy = (filesOrigin: string): string =>
  [
    "default-src 'self'",
    "script-src 'self'",
    // The API reference (Redoc, through styled-components) inserts <style> elements at run time; the
    // other screens need no inline style (the end-to-end suite fails on any refusal of this policy).
    "style-src 'self' 'unsafe-inline'",
    // data: for enabler logos and banners, which are stored as data URLs.
    `img-src 'self' data: ${tileOrigins().join(' ')}`,
    "font-src 'self'",
    `connect-src 'self' ${filesOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
