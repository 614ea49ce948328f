import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import type { Plot } from '../../../api/plots.ts';
import { cropFields, type CropValues } from '../../../common/plots/crop-fields.tsx';
import { irrigationOf, isIrrigatedOf } from '../../../common/plots/irrigation.ts';
import {
  cropDescriptionOf,
  cropDescriptionProblem,
  problemMessage,
} from '../../../common/plots/plot-fields.ts';
import { PlotUpdateSection, type PlotUpdateOutcome } from './plot-update-section.tsx';
import { usePlotUpdate } from './use-plot-update.ts';

const valuesOf = (plot: Plot): CropValues => ({
  cropDescription: plot.cropDescription ?? '',
  isIrrigated: irrigationOf(plot.isIrrigated),
});

/** Changes what grows on the plot and whether it is irrigated (spec section 3, Plot). */
export function CropForm({ plot }: { plot: Plot }) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState(() => valuesOf(plot));
  const [saved, setSaved] = useState<PlotUpdateOutcome | null>(null);
  const update = usePlotUpdate(plot);
  const problem = cropDescriptionProblem(values.cropDescription);
  const cropError = problemMessage(t, problem, i18n.resolvedLanguage ?? 'en');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem || update.isPending) return;
    setSaved(null);
    try {
      const result = await update.mutateAsync({
        cropDescription: cropDescriptionOf(values.cropDescription),
        isIrrigated: isIrrigatedOf(values.isIrrigated),
      });
      if (result.status === 'sent') setValues(valuesOf(result.answer));
      setSaved(result.status);
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
      savedText={t('plots.crop.saved')}
      saved={saved}
      onDismissSaved={() => setSaved(null)}
    >
      <ColumnLayout columns={2}>
        {cropFields({
          t,
          values,
          onChange: (change) => {
            setValues((previous) => ({ ...previous, ...change }));
            setSaved(null);
          },
          cropError,
        })}
      </ColumnLayout>
    </PlotUpdateSection>
  );
}
