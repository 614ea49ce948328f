import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plot } from '../../../api/plots.ts';
import { coordinateProblem, parseDecimal, problemMessage } from '../../../common/plots/plot-fields.ts';
import { PlotPlacement, type PlacementValues } from '../../../common/plots/plot-placement.tsx';
import { PlotUpdateSection, type PlotUpdateOutcome } from './plot-update-section.tsx';
import { usePlotUpdate } from './use-plot-update.ts';

const valuesOf = (plot: Plot): PlacementValues => ({
  latitude: String(plot.latitude),
  longitude: String(plot.longitude),
});

/**
 * Where the plot is, on its map, and the way to move it (issue 38): the phone's position, a tap or a
 * drag on the map, or the coordinates typed; saved like the plot's other changes (offline too).
 */
export function LocationForm({ plot }: { plot: Plot }) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState(() => valuesOf(plot));
  const [saved, setSaved] = useState<PlotUpdateOutcome | null>(null);
  const update = usePlotUpdate(plot);
  const language = i18n.resolvedLanguage ?? 'en';
  const latitudeProblem = coordinateProblem(values.latitude, 'latitude');
  const longitudeProblem = coordinateProblem(values.longitude, 'longitude');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (latitudeProblem || longitudeProblem || update.isPending) return;
    setSaved(null);
    try {
      const result = await update.mutateAsync({
        latitude: parseDecimal(values.latitude) as number,
        longitude: parseDecimal(values.longitude) as number,
      });
      if (result.status === 'sent') setValues(valuesOf(result.answer));
      setSaved(result.status);
    } catch {
      // The error dialog tells why; the position stays for another try.
    }
  };

  return (
    <PlotUpdateSection
      title={t('plots.location.title')}
      description={t('plots.location.description')}
      saveLabel={t('plots.location.save')}
      saving={update.isPending}
      onSubmit={submit}
      savedText={t('plots.location.saved')}
      saved={saved}
      onDismissSaved={() => setSaved(null)}
    >
      <PlotPlacement
        values={values}
        name={plot.name}
        latitudeError={problemMessage(t, latitudeProblem, language)}
        longitudeError={problemMessage(t, longitudeProblem, language)}
        onChange={(position) => {
          setValues(position);
          setSaved(null);
        }}
      />
    </PlotUpdateSection>
  );
}
