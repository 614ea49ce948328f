import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, TileLayer, useMapEvents, ZoomControl } from 'react-leaflet';
import type { LeafletMouseEvent, Marker as LeafletMarker } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import {
  baseLayerIds,
  baseLayers,
  DEFAULT_ZOOM,
  MAX_ZOOM,
  tileUrlAt,
  type BaseLayerId,
} from './base-layers.ts';
import { formatCoordinate } from './coordinates.ts';
import { plotMarkerIcon } from './marker-icon.ts';
import { loadTileImage, useTileAvailability, type TileProbe } from './tile-availability.ts';
import './plot-map.css';

export { DEFAULT_ZOOM, MAX_ZOOM } from './base-layers.ts';
export { formatCoordinate } from './coordinates.ts';
export type { TileProbe } from './tile-availability.ts';

/** A point on the map, in decimal degrees. */
export interface MapPosition {
  latitude: number;
  longitude: number;
}

export interface PlotMapProps {
  latitude: number;
  longitude: number;
  /** The plot's name, for the marker's label. */
  name: string;
  /** How to check that a tile service answers; tests pass their own (jsdom loads no images). */
  probeTile?: TileProbe;
  /**
   * A form's map: a tap on the map or a drag of the pin places the plot there (while the map images
   * show: a blank map is no place to point at). Without it the map only shows the plot.
   */
  onPlace?: (position: MapPosition) => void;
  /**
   * Changes when the position comes from elsewhere than the map (typed, the phone's): the map centres on
   * it again. A display map centres on every new position.
   */
  focusKey?: string | number;
  /** The zoom the map opens (or centres again) at; the spec's default otherwise. */
  zoom?: number;
}

/** Taps on the map place the plot. */
function PlaceOnTap({ onPlace }: { onPlace: (position: MapPosition) => void }) {
  useMapEvents({
    click: ({ latlng }: LeafletMouseEvent) => onPlace({ latitude: latlng.lat, longitude: latlng.lng }),
  });
  return null;
}

/**
 * The plot on a map, street or ground (satellite) view; on a form, where a tap or a drag of the pin places
 * it. The marker and the coordinates show whatever happens to the tiles: without a connection the map is
 * a plain background with a quiet note, and the plot is placed by its coordinates.
 */
export function PlotMap({
  latitude,
  longitude,
  name,
  probeTile = loadTileImage,
  onPlace,
  focusKey = `${latitude} ${longitude}`,
  zoom = DEFAULT_ZOOM,
}: PlotMapProps) {
  const { t, i18n } = useTranslation();
  const [layerId, setLayerId] = useState<BaseLayerId>('street');
  const layer = baseLayers[layerId];
  // Where the map was last centred: the tile probed is there (a pin dragged around probes nothing new).
  const [centre, setCentre] = useState({ focusKey, latitude, longitude });
  if (centre.focusKey !== focusKey) setCentre({ focusKey, latitude, longitude });
  const probeUrl = useMemo(
    () => tileUrlAt(layer, centre.latitude, centre.longitude, zoom),
    [layer, centre, zoom],
  );
  const { availability, markUnavailable, retry } = useTileAvailability(probeUrl, probeTile);
  // One failed tile among loaded ones is a hiccup; failures before any tile loaded mean no service.
  const tileLoaded = useRef(false);
  const placing = onPlace && availability === 'available' ? onPlace : undefined;

  const markerLabel = t('plots.map.marker', { name });
  const coordinates = t('plots.map.coordinates', {
    latitude: formatCoordinate(latitude, i18n.resolvedLanguage),
    longitude: formatCoordinate(longitude, i18n.resolvedLanguage),
  });

  return (
    <SpaceBetween size="s">
      <SegmentedControl
        label={t('plots.map.view')}
        selectedId={layerId}
        onChange={({ detail }) => setLayerId(detail.selectedId as BaseLayerId)}
        options={baseLayerIds.map((id) => ({ id, text: t(`plots.map.layers.${id}`) }))}
      />
      <div className="plot-map" role="region" aria-label={t('plots.map.label', { name })}>
        <MapContainer
          // The centre is read once by Leaflet: another focus makes another map.
          key={String(focusKey)}
          className="plot-map__canvas"
          center={[centre.latitude, centre.longitude]}
          zoom={zoom}
          maxZoom={MAX_ZOOM}
          scrollWheelZoom={false}
          zoomControl={false}
        >
          <ZoomControl
            // Leaflet reads the titles once.
            key={i18n.resolvedLanguage}
            zoomInTitle={t('plots.map.zoomIn')}
            zoomOutTitle={t('plots.map.zoomOut')}
          />
          {availability === 'available' && (
            <TileLayer
              key={probeUrl}
              url={layer.url}
              attribution={layer.attribution}
              maxZoom={MAX_ZOOM}
              eventHandlers={{
                add: () => {
                  tileLoaded.current = false;
                },
                tileload: () => {
                  tileLoaded.current = true;
                },
                tileerror: () => {
                  if (!tileLoaded.current) markUnavailable();
                },
              }}
            />
          )}
          {placing && <PlaceOnTap onPlace={placing} />}
          <Marker
            // Leaflet reads the label and whether it drags once.
            key={`${markerLabel} ${placing ? 'placing' : 'shown'}`}
            position={[latitude, longitude]}
            icon={plotMarkerIcon}
            title={markerLabel}
            alt={markerLabel}
            draggable={placing !== undefined}
            eventHandlers={
              placing && {
                dragend: ({ target }) => {
                  const { lat, lng } = (target as LeafletMarker).getLatLng();
                  placing({ latitude: lat, longitude: lng });
                },
              }
            }
          />
        </MapContainer>
      </div>
      <SpaceBetween direction="horizontal" size="xs" alignItems="center">
        {placing && <Box variant="small">{t('plots.placement.mapHint')}</Box>}
        <Box variant="small">{coordinates}</Box>
        {availability === 'unavailable' && (
          <StatusIndicator type="info">{t('plots.map.tilesUnavailable')}</StatusIndicator>
        )}
        {availability === 'unavailable' && (
          <Button variant="inline-link" onClick={retry}>
            {t('plots.map.retry')}
          </Button>
        )}
      </SpaceBetween>
    </SpaceBetween>
  );
}
