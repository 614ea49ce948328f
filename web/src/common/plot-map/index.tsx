import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, TileLayer, ZoomControl } from 'react-leaflet';
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

export interface PlotMapProps {
  latitude: number;
  longitude: number;
  /** The plot's name, for the marker's label. */
  name: string;
  /** How to check that a tile service answers; tests pass their own (jsdom loads no images). */
  probeTile?: TileProbe;
}

/**
 * The plot on a map, street or ground (satellite) view. The marker and the coordinates show whatever
 * happens to the tiles: without a connection the map is a plain background with a quiet note.
 */
export function PlotMap({ latitude, longitude, name, probeTile = loadTileImage }: PlotMapProps) {
  const { t, i18n } = useTranslation();
  const [layerId, setLayerId] = useState<BaseLayerId>('street');
  const layer = baseLayers[layerId];
  const probeUrl = useMemo(
    () => tileUrlAt(layer, latitude, longitude, DEFAULT_ZOOM),
    [layer, latitude, longitude],
  );
  const { availability, markUnavailable, retry } = useTileAvailability(probeUrl, probeTile);
  // One failed tile among loaded ones is a hiccup; failures before any tile loaded mean no service.
  const tileLoaded = useRef(false);

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
          // The centre is read once by Leaflet: other coordinates make another map.
          key={`${latitude} ${longitude}`}
          className="plot-map__canvas"
          center={[latitude, longitude]}
          zoom={DEFAULT_ZOOM}
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
          <Marker
            // Leaflet reads the label once.
            key={markerLabel}
            position={[latitude, longitude]}
            icon={plotMarkerIcon}
            title={markerLabel}
            alt={markerLabel}
          />
        </MapContainer>
      </div>
      <SpaceBetween direction="horizontal" size="xs" alignItems="center">
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
