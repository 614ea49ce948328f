import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import { cashout, type MemberDetail } from '../../../api/members.ts';
import { useMemberFormats } from '../../members/components/use-member-formats.ts';
import { centsOf, readAmount } from './amount-input.ts';
import { ConfirmDialog } from '../../../common/confirm-dialog.tsx';
import { useActionKey } from '../../../common/use-action-key.ts';

export interface CashoutFormProps {
  member: Pick<MemberDetail, 'id' | 'name' | 'cashoutBalance'>;
  /** After the payment was recorded, with the message to show. */
  onPaid: (message: string) => void;
}

/** Pays part or all of the pending benefit: above 0, never above the balance, after a confirmation. */
export function CashoutForm({ member, onPaid }: CashoutFormProps) {
  const { t } = useTranslation();
  const formats = useMemberFormats();
  const [text, setText] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [paying, setPaying] = useState(false);
  const actionKey = useActionKey();

  const balance = formats.amount(member.cashoutBalance);
  const reading = readAmount(text, formats.amountDecimals);
  let error: string | undefined;
  if ('problem' in reading) {
    // An empty field only disables the button: nothing is wrong yet.
    if (reading.problem !== 'required')
      error = t(`members.member.amount.${reading.problem}`, { decimals: formats.amountDecimals });
  } else if (reading.cents > centsOf(member.cashoutBalance)) {
    error = t('members.member.cashout.tooHigh', { balance });
  }
  const amount = 'amount' in reading && error === undefined ? reading.amount : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (amount !== undefined) setConfirming(true);
  };

  const pay = async () => {
    if (amount === undefined) return;
    setPaying(true);
    try {
      await cashout(member.id, amount, { idempotencyKey: actionKey.keyFor({ memberId: member.id, amount }) });
      actionKey.succeeded();
      setText('');
      onPaid(t('members.member.cashout.done', { amount: formats.amount(amount), member: member.name }));
    } catch {
      // The error dialog says why (ERR_BALANCE_TOO_LOW when the balance changed meanwhile).
    } finally {
      setPaying(false);
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
            <Header variant="h2" description={t('members.member.cashout.description')}>
              {t('members.member.cashout.title')}
            </Header>
          }
        >
          <Form
            actions={
              <Button variant="primary" formAction="submit" disabled={amount === undefined}>
                {t('members.member.cashout.submit')}
              </Button>
            }
          >
            <FormField
              label={t('members.member.cashout.amount')}
              constraintText={t('members.member.cashout.balance', { balance })}
              errorText={error}
            >
              <Input
                name="cashoutAmount"
                inputMode="decimal"
                value={text}
                onChange={({ detail }) => setText(detail.value)}
                invalid={error !== undefined}
              />
            </FormField>
          </Form>
        </Container>
      </form>
      <ConfirmDialog
        cancelLabel={t('members.member.confirm.cancel')}
        visible={confirming}
        header={t('members.member.cashout.confirmTitle')}
        confirmLabel={t('members.member.cashout.confirm')}
        busy={paying}
        onConfirm={() => void pay()}
        onCancel={() => setConfirming(false)}
      >
        <Box variant="p">
          {t('members.member.cashout.confirmMessage', {
            amount: amount === undefined ? '' : formats.amount(amount),
            member: member.name,
          })}
        </Box>
      </ConfirmDialog>
    </>
  );
}
