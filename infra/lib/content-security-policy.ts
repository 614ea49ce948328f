/** Hosts of the plot map's layers (web/src/common/plot-map/base-layers.ts): streets and ground imagery. */
const mapTileSources = ['https://tile.openstreetmap.org', 'https://server.arcgisonline.com'];

/**
 * The Content-Security-Policy CloudFront sends with the SPA and the API. Free of CDK imports so the
 * local server can send the same header, and end-to-end tests meet the policy of AWS.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  // Cloudscape's theming inserts <style> elements at run time.
  "style-src 'self' 'unsafe-inline'",
  // data: for enabler logos and banners, which are stored as data URLs.
  `img-src 'self' data: ${mapTileSources.join(' ')}`,
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
