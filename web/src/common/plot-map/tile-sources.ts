/**
 * The public tile services of the plot map's two views (spec sections 2 and 7). Free of Leaflet, so the
 * CDK stack's Content-Security-Policy reads the same addresses.
 */
export const tileUrlTemplates = {
  street: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  ground: 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
} as const;

/** The origins the browser fetches tiles from. */
export const tileOrigins = (): string[] =>
  Object.values(tileUrlTemplates).map((template) => new URL(template.replace(/\{[a-z]\}/g, '0')).origin);
