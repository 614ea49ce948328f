import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { formatNumber } from '../format/format.ts';
import { devicePosition, PositionError, roundDegrees, type PositionProblem } from './device-position.ts';
import { parseDecimal } from './plot-fields.ts';

// Leaflet only loads with a form that places a plot (and the plot's page), not with the app.
const PlotMap = lazy(() => import('../plot-map/index.tsx').then(({ PlotMap }) => ({ default: PlotMap })));

/** A plot's coordinates as typed (decimal degrees, a comma accepted). */
export interface PlacementValues {
  latitude: string;
  longitude: string;
}

/** How a position came: typed, the phone's, or placed on the map. */
export type PlacementSource = 'typed' | 'device' | 'map';

export interface PlotPlacementProps {
  values: PlacementValues;
  onChange: (values: PlacementValues, source: PlacementSource) => void;
  /** The plot's name, for the map's labels. */
  name: string;
  latitudeError?: string | undefined;
  longitudeError?: string | undefined;
  /** A typed field was left (its message may show from then on). */
  onBlur?: (field: keyof PlacementValues) => void;
}

type Locating =
  | { state: 'idle' }
  | { state: 'locating' }
  | { state: 'located'; accuracy: number }
  | { state: 'failed'; problem: PositionProblem };

// Closer than the spec's default zoom: the phone's reading is within metres, the agent checks the field.
const LOCATED_ZOOM = 15;

/** A number the way the form shows it to be typed (a comma in French). */
const typed = (value: number, language: string) => {
  const text = String(roundDegrees(value));
  return language === 'fr' ? text.replace('.', ',') : text;
};

/**
 * Where a plot is (issue 38): the phone's position (with its accuracy), a tap or a drag on the map, or the
 * coordinates typed. The map needs the map service: without it the form says so and the other two work.
 */
export function PlotPlacement({
  values,
  onChange,
  name,
  latitudeError,
  longitudeError,
  onBlur,
}: PlotPlacementProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const [locating, setLocating] = useState<Locating>({ state: 'idle' });
  // The map centres again when the position comes from elsewhere than the map.
  const [focus, setFocus] = useState({ key: 0, zoom: undefined as number | undefined });
  const refocus = (zoom?: number) => setFocus(({ key }) => ({ key: key + 1, zoom }));
  const latitude = parseDecimal(values.latitude);
  const longitude = parseDecimal(values.longitude);
  const placeable = latitude !== undefined && longitude !== undefined && !latitudeError && !longitudeError;

  const locate = async () => {
    setLocating({ state: 'locating' });
    try {
      const position = await devicePosition();
      onChange(
        { latitude: typed(position.latitude, language), longitude: typed(position.longitude, language) },
        'device',
      );
      refocus(LOCATED_ZOOM);
      setLocating({ state: 'located', accuracy: position.accuracy });
    } catch (error) {
      setLocating({
        state: 'failed',
        problem: error instanceof PositionError ? error.problem : 'unavailable',
      });
    }
  };

  const field = (axis: keyof PlacementValues, error: string | undefined) => (
    <FormField
      label={t(`plots.fields.${axis}`)}
      constraintText={t('plots.hints.decimalDegrees')}
      errorText={error}
    >
      <Input
        name={axis}
        value={values[axis]}
        inputMode="decimal"
        invalid={error !== undefined}
        onChange={({ detail }) => onChange({ ...values, [axis]: detail.value }, 'typed')}
        onBlur={() => {
          onBlur?.(axis);
          refocus();
        }}
      />
    </FormField>
  );

  return (
    <SpaceBetween size="m">
      <SpaceBetween size="xs">
        <Button
          formAction="none"
          iconName="location-pin"
          onClick={() => void locate()}
          loading={locating.state === 'locating'}
          disabled={typeof navigator !== 'undefined' && !navigator.geolocation}
        >
          {t('plots.placement.useDevice')}
        </Button>
        {/* Polite: the position's arrival (or why it did not come) is said without interrupting. */}
        <div aria-live="polite">
          {locating.state === 'locating' && (
            <StatusIndicator type="loading">{t('plots.placement.locating')}</StatusIndicator>
          )}
          {locating.state === 'located' && (
            <StatusIndicator type="success">
              {t('plots.placement.located', { accuracy: formatNumber(locating.accuracy, language) })}
            </StatusIndicator>
          )}
          {locating.state === 'failed' && (
            <StatusIndicator type="warning">
              {t(`plots.placement.problems.${locating.problem}`)}
            </StatusIndicator>
          )}
        </div>
      </SpaceBetween>
      <ColumnLayout columns={2}>
        {field('latitude', latitudeError)}
        {field('longitude', longitudeError)}
      </ColumnLayout>
      {placeable && (
        <Suspense fallback={<StatusIndicator type="loading">{t('plots.map.loading')}</StatusIndicator>}>
          <PlotMap
            latitude={latitude}
            longitude={longitude}
            name={name || t('plots.placement.unnamed')}
            focusKey={focus.key}
            zoom={focus.zoom}
            onPlace={(position) =>
              onChange(
                {
                  latitude: typed(position.latitude, language),
                  longitude: typed(position.longitude, language),
                },
                'map',
              )
            }
          />
        </Suspense>
      )}
    </SpaceBetween>
  );
}
