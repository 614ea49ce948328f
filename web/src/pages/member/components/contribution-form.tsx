import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import FormField from '@cloudscape-design/components/form-field';
import RadioGroup from '@cloudscape-design/components/radio-group';
import { contribute, protectionTypes, type MemberDetail, type ProtectionType } from '../../../api/members.ts';
import { MoneyForm } from './money-form.tsx';

// Spec section 4: excess-rain cover exists but is not offered in the interface yet.
const offeredProtectionTypes: readonly ProtectionType[] = ['DROUGHT'];

export interface ContributionFormProps {
  member: Pick<MemberDetail, 'id' | 'name' | 'plots'>;
  /** After the contribution was recorded, with the message to show. */
  onCollected: (message: string) => void;
}

/** Collects a monthly contribution (for the member's first plot), after a confirmation. */
export function ContributionForm({ member, onCollected }: ContributionFormProps) {
  const { t } = useTranslation();
  const [protectionType, setProtectionType] = useState<ProtectionType>('DROUGHT');
  const [plot] = member.plots;
  return (
    <MoneyForm
      kind="contribution"
      memberId={member.id}
      inputName="contributionAmount"
      disabled={!plot}
      notice={!plot && <Alert type="info">{t('members.member.add.contributions.message')}</Alert>}
      constraintText={plot ? t('members.member.contribution.forPlot', { plot: plot.name }) : undefined}
      messageValues={{
        member: member.name,
        protection: t(`members.protectionTypes.${protectionType}`),
        plot: plot?.name ?? '',
      }}
      bodyOf={(amount) => ({ amount, protectionType })}
      // ERR_NO_PLOTS if the plots changed meanwhile.
      send={(body, idempotencyKey) => contribute(member.id, body, { idempotencyKey })}
      onRecorded={onCollected}
    >
      <FormField label={t('members.member.contribution.protectionType')}>
        <RadioGroup
          value={protectionType}
          onChange={({ detail }) => setProtectionType(detail.value as ProtectionType)}
          items={protectionTypes.map((type) => ({
            value: type,
            label: t(`members.protectionTypes.${type}`),
            disabled: !offeredProtectionTypes.includes(type) || !plot,
          }))}
        />
      </FormField>
    </MoneyForm>
  );
}
