import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import type { Plot } from '../../../api/plots.ts';
import { cropFields, type CropValues } from '../../../common/plots/crop-fields.tsx';
import {
  cropDescriptionOf,
  cropDescriptionProblem,
  irrigationOf,
  isIrrigatedOf,
  problemMessage,
} from '../../../common/plots/plot-fields.ts';
import { PlotUpdateSection } from './plot-update-section.tsx';
import { usePlotUpdate } from './use-plot-update.ts';

const valuesOf = (plot: Plot): CropValues => ({
  cropDescription: plot.cropDescription ?? '',
  isIrrigated: irrigationOf(plot.isIrrigated),
});

/** Changes what grows on the plot and whether it is irrigated (spec section 3, Plot). */
export function CropForm({ plot }: { plot: Plot }) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState(() => valuesOf(plot));
  const [saved, setSaved] = useState(false);
  const update = usePlotUpdate(plot);
  const problem = cropDescriptionProblem(values.cropDescription);
  const cropError = problemMessage(t, problem, i18n.resolvedLanguage ?? 'en');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem || update.isPending) return;
    setSaved(false);
    try {
      const savedPlot = await update.mutateAsync({
        cropDescription: cropDescriptionOf(values.cropDescription),
        isIrrigated: isIrrigatedOf(values.isIrrigated),
      });
      setValues(valuesOf(savedPlot));
      setSaved(true);
    } catch {
      // The error dialog tells why; the values stay for another try.
    }
  };

  return (
    <PlotUpdateSection
      title={t('plots.crop.title')}
      description={t('plots.crop.description')}
      saveLabel={t('plots.crop.save')}
      saving={update.isPending}
      onSubmit={submit}
      savedText={saved ? t('plots.crop.saved') : null}
      onDismissSaved={() => setSaved(false)}
    >
      <ColumnLayout columns={2}>
        {cropFields({
          t,
          values,
          onChange: (change) => {
            setValues((previous) => ({ ...previous, ...change }));
            setSaved(false);
          },
          cropError,
        })}
      </ColumnLayout>
    </PlotUpdateSection>
  );
}
