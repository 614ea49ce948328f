import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { contribute, protectionTypes, type MemberDetail, type ProtectionType } from '../../../api/members.ts';
import { useMemberFormats } from '../../members/components/use-member-formats.ts';
import { readAmount } from './amount-input.ts';
import { ConfirmDialog } from '../../../common/confirm-dialog.tsx';
import { useActionKey } from '../../../common/use-action-key.ts';

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
  const formats = useMemberFormats();
  const [text, setText] = useState('');
  const [protectionType, setProtectionType] = useState<ProtectionType>('DROUGHT');
  const [confirming, setConfirming] = useState(false);
  const [collecting, setCollecting] = useState(false);
  const actionKey = useActionKey();

  const [plot] = member.plots;
  const reading = readAmount(text, formats.amountDecimals);
  const error =
    'problem' in reading && reading.problem !== 'required'
      ? t(`members.member.amount.${reading.problem}`, { decimals: formats.amountDecimals })
      : undefined;
  const amount = plot && 'amount' in reading ? reading.amount : undefined;
  const details = {
    amount: amount === undefined ? '' : formats.amount(amount),
    member: member.name,
    protection: t(`members.protectionTypes.${protectionType}`),
    plot: plot?.name ?? '',
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (amount !== undefined) setConfirming(true);
  };

  const collect = async () => {
    if (amount === undefined) return;
    setCollecting(true);
    try {
      const contribution = { amount, protectionType };
      await contribute(member.id, contribution, {
        idempotencyKey: actionKey.keyFor({ memberId: member.id, ...contribution }),
      });
      actionKey.succeeded();
      setText('');
      onCollected(t('members.member.contribution.done', details));
    } catch {
      // The error dialog says why (ERR_NO_PLOTS if the plots changed meanwhile).
    } finally {
      setCollecting(false);
      setConfirming(false);
    }
  };

  return (
    <>
      {/* Full height, so that the two forms side by side line up. */}
      <form onSubmit={submit} noValidate style={{ height: '100%' }}>
        <Container
          fitHeight
          header={
            <Header variant="h2" description={t('members.member.contribution.description')}>
              {t('members.member.contribution.title')}
            </Header>
          }
        >
          <Form
            actions={
              <Button variant="primary" formAction="submit" disabled={amount === undefined}>
                {t('members.member.contribution.submit')}
              </Button>
            }
          >
            <SpaceBetween size="l">
              {!plot && <Alert type="info">{t('members.member.add.contributions.message')}</Alert>}
              <FormField
                label={t('members.member.contribution.amount')}
                constraintText={
                  plot ? t('members.member.contribution.forPlot', { plot: plot.name }) : undefined
                }
                errorText={error}
              >
                <Input
                  name="contributionAmount"
                  inputMode="decimal"
                  value={text}
                  onChange={({ detail }) => setText(detail.value)}
                  invalid={error !== undefined}
                  disabled={!plot}
                />
              </FormField>
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
            </SpaceBetween>
          </Form>
        </Container>
      </form>
      <ConfirmDialog
        cancelLabel={t('members.member.confirm.cancel')}
        visible={confirming}
        header={t('members.member.contribution.confirmTitle')}
        confirmLabel={t('members.member.contribution.confirm')}
        busy={collecting}
        onConfirm={() => void collect()}
        onCancel={() => setConfirming(false)}
      >
        <Box variant="p">{t('members.member.contribution.confirmMessage', details)}</Box>
      </ConfirmDialog>
    </>
  );
}
