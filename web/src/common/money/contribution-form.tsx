import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import type { ProtectionType } from '../../api/members.ts';
import { submitFieldWrite } from '../../api/offline/field-writes.ts';
import { newLocalId } from '../../api/offline/local-ids.ts';
import { MoneyForm } from './money-form.tsx';
import { ProtectionTypeField } from './protection-type-field.tsx';

export interface ContributionFormProps {
  member: { id: string; name: string };
  /** The plots it may be for: the member's (oldest first, the first chosen) or the one plot of its page. */
  plots: readonly ContributionPlot[];
}

/** A plot a contribution may be for, with the monthly contributions its protections ask. */
export interface ContributionPlot {
  id: string;
  name: string;
  droughtMonthlyContrib: number;
  excessRainMonthlyContrib: number;
}

/**
 * Collects a monthly contribution for a plot the agent chooses, after a confirmation; the amount starts
 * at what the plot's protection asks a month.
 */
export function ContributionForm({ member, plots }: ContributionFormProps) {
  const { t } = useTranslation();
  const [protectionType, setProtectionType] = useState<ProtectionType>('DROUGHT');
  const [chosenId, setChosenId] = useState<string | undefined>(undefined);
  // The first plot until the agent chooses another (and again if the chosen one is gone).
  const plot = plots.find((candidate) => candidate.id === chosenId) ?? plots[0];
  const options = plots.map(({ id, name }) => ({ value: id, label: name }));
  return (
    <MoneyForm
      kind="contribution"
      memberId={member.id}
      inputName="contributionAmount"
      disabled={!plot}
      defaultAmount={
        protectionType === 'DROUGHT' ? plot?.droughtMonthlyContrib : plot?.excessRainMonthlyContrib
      }
      notice={!plot && <Alert type="info">{t('members.member.add.contributions.message')}</Alert>}
      constraintText={
        plot && plots.length === 1 ? t('members.member.contribution.forPlot', { plot: plot.name }) : undefined
      }
      messageValues={{
        member: member.name,
        protection: t(`members.protectionTypes.${protectionType}`),
        plot: plot?.name ?? '',
      }}
      bodyOf={(amount) => ({ amount, protectionType, plotId: plot?.id })}
      // ERR_NO_PLOTS or ERR_NOT_FOUND if the plots changed meanwhile.
      send={(body, key) =>
        submitFieldWrite({
          kind: 'contribution',
          id: newLocalId(),
          key,
          memberId: member.id,
          memberName: member.name,
          plotName: plot?.name ?? '',
          body,
        })
      }
    >
      {plots.length > 1 && plot && (
        <FormField label={t('members.member.contribution.plot')}>
          <Select
            selectedOption={options.find((option) => option.value === plot.id) ?? null}
            options={options}
            onChange={({ detail }) => setChosenId(detail.selectedOption.value)}
          />
        </FormField>
      )}
      <ProtectionTypeField
        label={t('members.member.contribution.protectionType')}
        value={protectionType}
        onChange={setProtectionType}
        disabled={!plot}
      />
    </MoneyForm>
  );
}
