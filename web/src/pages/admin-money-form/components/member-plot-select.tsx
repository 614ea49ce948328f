import { useTranslation } from 'react-i18next';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import { useMember } from '../../../api/members-queries.ts';

export interface MemberPlotSelectProps {
  /** No member chosen yet: the select waits for one. */
  memberId: string | undefined;
  plotId: string;
  onChange: (plotId: string) => void;
  invalid?: boolean;
}

/** One plot of a chosen member (its plots come with the member's page data). */
export function MemberPlotSelect({ memberId, plotId, onChange, invalid }: MemberPlotSelectProps) {
  const { t } = useTranslation();
  const member = useMember(memberId);
  const plots = member.data?.plots ?? [];
  const options: SelectProps.Option[] = plots.map((plot) => ({ value: plot.id, label: plot.name }));
  const selected = options.find((option) => option.value === plotId) ?? null;
  return (
    <Select
      selectedOption={selected}
      options={options}
      disabled={memberId === undefined}
      invalid={invalid}
      placeholder={
        memberId === undefined ? t('adminForm.plot.chooseMember') : t('adminForm.plot.placeholder')
      }
      statusType={member.isError ? 'error' : member.isFetching ? 'loading' : 'finished'}
      loadingText={t('adminForm.plot.loading')}
      errorText={t('adminForm.plot.failed')}
      empty={t('adminForm.plot.none')}
      ariaLabel={t('adminForm.plot.label')}
      onChange={({ detail }) => onChange(detail.selectedOption.value ?? '')}
    />
  );
}
