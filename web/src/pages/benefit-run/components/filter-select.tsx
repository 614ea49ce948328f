import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';

export interface FilterOption {
  /** '' for "any". */
  value: string;
  label: string;
}

/** One of a preview table's filters: a choice among options, the first of which filters nothing. */
export function FilterSelect({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: FilterOption[];
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <FormField label={label}>
      <Select
        selectedOption={options.find((option) => option.value === (value ?? '')) ?? options[0] ?? null}
        options={options}
        onChange={({ detail }) => onChange(detail.selectedOption.value || undefined)}
      />
    </FormField>
  );
}
