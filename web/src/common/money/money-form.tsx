import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { queryKeys } from '../../api/query-keys.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { RecordedNotice, type RecordedNoticeValue } from '../ui/recorded-notice.tsx';
import { useActionKey } from '../../api/use-action-key.ts';
import { useMemberFormats } from '../format/use-member-formats.ts';
import { loadOfflineTexts } from '../offline/offline-texts.ts';
import { readAmount } from './amount-input.ts';
import { readAgain } from '../../api/read-again.ts';

export interface MoneyFormProps<Body extends { amount: number }> {
  /** The form's texts: members.member.<kind>.{title, description, amount, submit, confirmTitle, confirm, confirmMessage, done}. */
  kind: 'cashout' | 'contribution';
  memberId: string;
  /** The amount field's name. */
  inputName: string;
  /**
   * What the amount starts at (and comes back to after a record), while the agent has not typed another:
   * a contribution's plot's monthly contribution. None (or 0) leaves the field empty.
   */
  defaultAmount?: number;
  /** Nothing can be recorded (e.g. a member without plots): the field is off. */
  disabled?: boolean;
  /** Shown above the field (why the form is off…). */
  notice?: ReactNode;
  constraintText?: string;
  /** The form's own rule on a valid amount (not above the balance…): its message, or undefined. */
  ruleError?: (cents: number) => string | undefined;
  /** Fields after the amount. */
  children?: ReactNode;
  /** The values of the confirmation and success messages, besides the formatted amount. */
  messageValues: Record<string, string>;
  /** The body of the record, which also identifies one action for its Idempotency-Key. */
  bodyOf: (amount: number) => Body;
  /**
   * Sends the record with the action's Idempotency-Key (api/offline/field-writes.ts): recorded, or kept on
   * the device to be sent when the network is back.
   */
  send: (body: Body, idempotencyKey: string) => Promise<{ status: 'sent' | 'queued' }>;
}

/** An amount as the agent would type it in their language (150,5 in French). */
const typedAmount = (amount: number | undefined, language: string | undefined): string =>
  amount && amount > 0 ? String(amount).replace('.', language === 'fr' ? ',' : '.') : '';

/**
 * A form that moves money for a member: an amount (with the currency's decimals), a confirmation,
 * then one write whose retries share one Idempotency-Key; the member is read again after it. What the
 * write became shows under the form's button, where the agent looks (issue 38).
 */
export function MoneyForm<Body extends { amount: number }>(props: MoneyFormProps<Body>) {
  const { kind, memberId, inputName, disabled = false, notice, constraintText, ruleError, children } = props;
  const { t, i18n } = useTranslation();
  const formats = useMemberFormats();
  const queryClient = useQueryClient();
  // null: the agent has not typed, the default amount shows.
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? typedAmount(props.defaultAmount, i18n.resolvedLanguage);
  const [confirming, setConfirming] = useState(false);
  const [recorded, setRecorded] = useState<RecordedNoticeValue | null>(null);
  const actionKey = useActionKey();
  const record = useMutation({
    mutationFn: (body: Body) => props.send(body, actionKey.keyFor({ memberId, ...body })),
    // Kept on the device offline (api/offline/field-writes.ts): the library must not hold it back.
    networkMode: 'always',
    onSuccess: () => {
      actionKey.succeeded();
      // The member's totals and the member list's columns changed.
      return readAgain(queryClient, [queryKeys.members.all]);
    },
  });

  const reading = readAmount(text, formats.amountDecimals);
  let error: string | undefined;
  if ('problem' in reading) {
    // An empty field only disables the button: nothing is wrong yet.
    if (reading.problem !== 'required')
      error = t(`members.member.amount.${reading.problem}`, { decimals: formats.amountDecimals });
  } else {
    error = ruleError?.(reading.cents);
  }
  const amount = !disabled && 'amount' in reading && error === undefined ? reading.amount : undefined;
  const values = { ...props.messageValues, amount: amount === undefined ? '' : formats.amount(amount) };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (amount !== undefined) {
      setRecorded(null);
      setConfirming(true);
    }
  };

  const confirm = async () => {
    if (amount === undefined) return;
    try {
      const { status } = await record.mutateAsync(props.bodyOf(amount));
      setTyped(null);
      // Its message's texts come from the precache offline; the message shows even if they do not.
      if (status === 'queued') await loadOfflineTexts().catch(() => undefined);
      setRecorded({
        content: t(status === 'queued' ? `offline.queued.${kind}` : `members.member.${kind}.done`, values),
        outcome: status,
      });
    } catch {
      // The error dialog says why (the balance or the plots changed meanwhile…).
    } finally {
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
            <Header variant="h2" description={t(`members.member.${kind}.description`)}>
              {t(`members.member.${kind}.title`)}
            </Header>
          }
        >
          <Form
            actions={
              <Button variant="primary" formAction="submit" disabled={amount === undefined}>
                {t(`members.member.${kind}.submit`)}
              </Button>
            }
          >
            <SpaceBetween size="l">
              {notice}
              <FormField
                label={t(`members.member.${kind}.amount`)}
                constraintText={constraintText}
                errorText={error}
              >
                <Input
                  name={inputName}
                  inputMode="decimal"
                  value={text}
                  onChange={({ detail }) => setTyped(detail.value)}
                  invalid={error !== undefined}
                  disabled={disabled}
                />
              </FormField>
              {children}
            </SpaceBetween>
          </Form>
          <RecordedNotice notice={recorded} onDismiss={() => setRecorded(null)} />
        </Container>
      </form>
      <ConfirmDialog
        cancelLabel={t('members.member.confirm.cancel')}
        visible={confirming}
        header={t(`members.member.${kind}.confirmTitle`)}
        confirmLabel={t(`members.member.${kind}.confirm`)}
        busy={record.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      >
        <Box variant="p">{t(`members.member.${kind}.confirmMessage`, values)}</Box>
      </ConfirmDialog>
    </>
  );
}
