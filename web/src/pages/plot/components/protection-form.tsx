import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { EnablerConfig } from '../../../api/enablers.ts';
import type { Plot } from '../../../api/plots.ts';
import { submitFieldWrite } from '../../../api/offline/field-writes.ts';
import { newLocalId } from '../../../api/offline/queued-writes.ts';
import { useActionKey } from '../../../api/use-action-key.ts';
import { OfflineText } from '../../../common/offline/offline-text.tsx';
import { queryKeys } from '../../../api/query-keys.ts';
import { formatAmount, formatNumber } from '../../../common/format/format.ts';
import { amountProblem, parseDecimal, problemMessage } from '../../../common/plots/plot-fields.ts';

export interface ProtectionFormProps {
  plot: Plot;
  /** The enabler's latest config: its currency and maximum compensation factor. */
  config: EnablerConfig | null;
}

const NO_AMOUNT = '—';

/**
 * The contribution divided by the enabler's maxCompensationFactor (spec section 5); undefined
 * without a valid contribution or a factor.
 */
export function maximumOf(
  contribution: string,
  maxCompensationFactor: number | undefined,
): number | undefined {
  const amount = amountProblem(contribution) ? undefined : parseDecimal(contribution);
  if (amount === undefined || !maxCompensationFactor) return undefined;
  return amount / maxCompensationFactor;
}

/** Changes the plot's drought monthly contribution; excess rain is shown, not offered. */
export function ProtectionForm({ plot, config }: ProtectionFormProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [contribution, setContribution] = useState(() => String(plot.droughtMonthlyContrib));
  const [submitted, setSubmitted] = useState(false);
  const [saved, setSaved] = useState<'sent' | 'queued' | null>(null);
  const actionKey = useActionKey();
  const update = useMutation({
    // The update rewrites every field of the plot: the others travel unchanged.
    mutationFn: (droughtMonthlyContrib: number) => {
      const body = {
        name: plot.name,
        latitude: plot.latitude,
        longitude: plot.longitude,
        cropDescription: plot.cropDescription,
        isIrrigated: plot.isIrrigated,
        excessRainMonthlyContrib: plot.excessRainMonthlyContrib,
        droughtMonthlyContrib,
      };
      return submitFieldWrite({
        kind: 'protection',
        id: newLocalId(),
        key: actionKey.keyFor({ plotId: plot.id, ...body }),
        memberId: plot.memberId,
        memberName: plot.memberName,
        plotId: plot.id,
        plotName: plot.name,
        body,
      });
    },
    // Kept on the device offline (api/offline/field-writes.ts): the library must not hold it back.
    networkMode: 'always',
    onSuccess: (result) => {
      actionKey.succeeded();
      if (result.status === 'queued') return;
      const savedPlot = result.answer;
      // The screen shows the plot as the server saved it; the member's page and list are read again.
      queryClient.setQueryData(queryKeys.members.plot(savedPlot.memberId, savedPlot.id), savedPlot);
      void queryClient.invalidateQueries({ queryKey: queryKeys.members.detail(savedPlot.memberId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.members.lists });
    },
  });
  const saving = update.isPending;

  const language = i18n.resolvedLanguage ?? 'en';
  const currency = config?.currency;
  const factor = config?.maxCompensationFactor;
  const problem = amountProblem(contribution);
  const errorText = submitted ? problemMessage(t, problem, language) : undefined;
  const maximum = maximumOf(contribution, factor);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const amount = parseDecimal(contribution);
    if (problem || amount === undefined || saving) return;
    setSaved(null);
    try {
      const result = await update.mutateAsync(amount);
      if (result.status === 'sent') setContribution(String(result.answer.droughtMonthlyContrib));
      setSubmitted(false);
      setSaved(result.status);
    } catch {
      // The error dialog tells why; the value stays for another try.
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={saving}>
            {t('plots.protection.save')}
          </Button>
        }
      >
        <Container
          header={
            <Header variant="h2" description={t('plots.protection.description')}>
              {t('plots.protection.title')}
            </Header>
          }
        >
          <SpaceBetween size="l">
            <ColumnLayout columns={3}>
              <FormField
                label={t('plots.fields.droughtMonthlyContrib')}
                constraintText={currency ? t('plots.hints.amountIn', { currency }) : undefined}
                errorText={errorText}
              >
                <Input
                  name="droughtMonthlyContrib"
                  inputMode="decimal"
                  value={contribution}
                  onChange={({ detail }) => {
                    setContribution(detail.value);
                    setSaved(null);
                  }}
                  invalid={errorText !== undefined}
                />
              </FormField>
              <FormField
                label={t('plots.protection.maximum')}
                description={
                  factor
                    ? t('plots.protection.maximumDescription', { factor: formatNumber(factor, language) })
                    : undefined
                }
              >
                <Box variant="p" fontWeight="bold">
                  <output name="maximum">
                    {maximum === undefined ? NO_AMOUNT : formatAmount(maximum, currency, language)}
                  </output>
                </Box>
              </FormField>
              <FormField
                label={t('plots.fields.excessRainMonthlyContrib')}
                constraintText={t('plots.hints.excessRainDisabled')}
              >
                <Input
                  name="excessRainMonthlyContrib"
                  value={String(plot.excessRainMonthlyContrib)}
                  readOnly
                  onChange={() => undefined}
                />
              </FormField>
            </ColumnLayout>
            {saved && (
              <Alert
                type={saved === 'sent' ? 'success' : 'info'}
                dismissible
                onDismiss={() => setSaved(null)}
              >
                {saved === 'sent' ? (
                  t('plots.protection.saved')
                ) : (
                  <OfflineText textKey="offline.queued.protection" />
                )}
              </Alert>
            )}
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}
