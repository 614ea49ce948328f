import type { Plot } from '../../api/plots.ts';
import { formatCoordinate } from '../../common/plot-map/coordinates.ts';
import { irrigationKey } from '../../common/plots/irrigation.ts';
import { isLocalId } from '../../api/offline/local-ids.ts';

const NOT_SET = '—';

/** A plot's detail the page shows: its name, id, member, crop, irrigation, coordinates and config version. */
export type PlotDetailKey = 'name' | 'id' | 'member' | 'crop' | 'irrigated' | 'coordinates' | 'configVersion';

/**
 * The plot's details as labels and texts: the plot's page draws them (the id with its copy button, the member
 * as a link), and the outline before its code has come (app/shell/outline.ts), from the plot's early read.
 */
export function plotDetails(
  plot: Plot,
  t: (key: string, values?: Record<string, string>) => string,
  language: string | undefined,
): { key: PlotDetailKey; label: string; value: string; copied?: true }[] {
  const coordinate = (value: number) => formatCoordinate(value, language);
  const values: Record<PlotDetailKey, string> = {
    name: plot.name,
    // A plot kept on the device has no id of the server's yet.
    id: isLocalId(plot.id) ? NOT_SET : plot.id,
    member: t('plots.values.member', { name: plot.memberName, number: plot.memberNumber }),
    crop: plot.cropDescription || NOT_SET,
    irrigated: t(irrigationKey(plot.isIrrigated)),
    coordinates: t('plots.values.coordinates', {
      latitude: coordinate(plot.latitude),
      longitude: coordinate(plot.longitude),
    }),
    configVersion: plot.enablerConfig
      ? t('plots.values.configVersion', { version: String(plot.enablerConfig.version) })
      : NOT_SET,
  };
  return (Object.keys(values) as PlotDetailKey[]).map((key) => ({
    key,
    label: t(`plots.fields.${key}`),
    value: values[key],
    // The id, on one line after the button that copies it whole (a plot kept on the device has none yet).
    ...(key === 'id' && !isLocalId(plot.id) ? { copied: true as const } : {}),
  }));
}
