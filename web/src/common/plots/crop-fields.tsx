import type { ReactElement } from 'react';
import type { TFunction } from 'i18next';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import { irrigationKey, isIrrigatedOf, type Irrigation } from './irrigation.ts';

/** What grows on a plot and whether it is irrigated (spec section 3, Plot), as a form holds them. */
export interface CropValues {
  cropDescription: string;
  isIrrigated: Irrigation;
}

export interface CropFieldsProps {
  t: TFunction;
  values: CropValues;
  onChange: (change: Partial<CropValues>) => void;
  /** The crop description's problem, when the form shows it. */
  cropError?: string | undefined;
}

const irrigations: readonly Irrigation[] = ['unknown', 'yes', 'no'];

/**
 * The crop description (optional) and the irrigation (yes, no or not known) of the plot forms: new
 * plot, the plot page's crop form, the administrators' field form. A list, not a component, so that a
 * column layout gives each field its cell.
 */
export function cropFields({ t, values, onChange, cropError }: CropFieldsProps): ReactElement[] {
  const options = irrigations.map((value) => ({ value, label: t(irrigationKey(isIrrigatedOf(value))) }));
  return [
    <FormField
      key="cropDescription"
      label={t('plots.fields.crop')}
      constraintText={t('plots.hints.cropDescription')}
      errorText={cropError}
    >
      <Input
        name="cropDescription"
        value={values.cropDescription}
        invalid={cropError !== undefined}
        onChange={({ detail }) => onChange({ cropDescription: detail.value })}
      />
    </FormField>,
    <FormField key="isIrrigated" label={t('plots.fields.irrigated')}>
      <Select
        options={options}
        selectedOption={options.find((option) => option.value === values.isIrrigated) ?? null}
        onChange={({ detail }) => onChange({ isIrrigated: detail.selectedOption.value as Irrigation })}
      />
    </FormField>,
  ];
}
