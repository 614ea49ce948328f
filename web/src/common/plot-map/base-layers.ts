import { CRS, latLng, Util } from 'leaflet';
import { tileUrlTemplates } from './tile-sources.ts';

export type BaseLayerId = 'street' | 'ground';

export interface BaseLayer {
  id: BaseLayerId;
  /** Leaflet URL template ({z}, {x}, {y}). */
  url: string;
  /** HTML, as the tile services ask to be credited. */
  attribution: string;
}

/** Spec section 9. */
export const DEFAULT_ZOOM = 8;
export const MAX_ZOOM = 15;

/** The two views of the plot screen (spec section 2), from public tile services (spec section 7). */
export const baseLayers: Record<BaseLayerId, BaseLayer> = {
  street: {
    id: 'street',
    url: tileUrlTemplates.street,
    attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  },
  ground: {
    id: 'ground',
    url: tileUrlTemplates.ground,
    attribution:
      'Tiles &copy; Esri &mdash; Source: Esri, i-cubed, USDA, USGS, AEX, GeoEye, Getmapping, Aerogrid, IGN, IGP, ' +
      'UPR-EGP, and the GIS User Community',
  },
};

export const baseLayerIds = Object.keys(baseLayers) as BaseLayerId[];

/** The address of the tile that holds a point at a zoom level. */
export function tileUrlAt(layer: BaseLayer, latitude: number, longitude: number, zoom: number): string {
  const tile = CRS.EPSG3857.latLngToPoint(latLng(latitude, longitude), zoom).divideBy(256).floor();
  return Util.template(layer.url, { x: tile.x, y: tile.y, z: zoom });
}
