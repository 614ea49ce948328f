import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { coverMaximum } from '@cpbo/schemas/benefit-rule.ts';
import type { ConfigTerms } from '@cpbo/schemas/enablers.ts';
import { fromCents, toCents } from '@cpbo/schemas/money.ts';
import type { Plot } from '../../../api/plots.ts';
import { formatAmount, formatNumber } from '../../../common/format/format.ts';
import { amountProblem, parseDecimal, problemMessage } from '../../../common/plots/plot-fields.ts';
import { PlotUpdateSection, type PlotUpdateOutcome } from './plot-update-section.tsx';
import { usePlotUpdate } from './use-plot-update.ts';

export interface ProtectionFormProps {
  plot: Plot;
  /** The terms of the plot's own config version (its currency and maximum compensation factor). */
  terms: ConfigTerms | null;
}

const NO_AMOUNT = '—';

/**
 * The plot's Maximum as the contribution is typed (spec section 5, schemas/benefit-rule.ts): the
 * contribution ÷ its config version's maxCompensationFactor, in the currency's unit; undefined
 * without a valid contribution or the version's terms.
 */
export function maximumOf(contribution: string, terms: ConfigTerms | null): number | undefined {
  const amount = amountProblem(contribution) ? undefined : parseDecimal(contribution);
  const cents = amount === undefined ? undefined : toCents(amount);
  if (cents === undefined || !terms) return undefined;
  return fromCents(coverMaximum({ droughtMonthlyContribCents: cents }, terms));
}

/** Changes the plot's drought monthly contribution; excess rain is shown, not offered. */
export function ProtectionForm({ plot, terms }: ProtectionFormProps) {
  const { t, i18n } = useTranslation();
  const [contribution, setContribution] = useState(() => String(plot.droughtMonthlyContrib));
  const [submitted, setSubmitted] = useState(false);
  const [saved, setSaved] = useState<PlotUpdateOutcome | null>(null);
  const update = usePlotUpdate(plot);
  const saving = update.isPending;

  const language = i18n.resolvedLanguage ?? 'en';
  const currency = terms?.currency;
  const problem = amountProblem(contribution);
  const errorText = submitted ? problemMessage(t, problem, language) : undefined;
  const maximum = maximumOf(contribution, terms);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const amount = parseDecimal(contribution);
    if (problem || amount === undefined || saving) return;
    setSaved(null);
    try {
      const result = await update.mutateAsync({ droughtMonthlyContrib: amount });
      if (result.status === 'sent') setContribution(String(result.answer.droughtMonthlyContrib));
      setSubmitted(false);
      setSaved(result.status);
    } catch {
      // The error dialog tells why; the value stays for another try.
    }
  };

  return (
    <PlotUpdateSection
      title={t('plots.protection.title')}
      description={t('plots.protection.description')}
      saveLabel={t('plots.protection.save')}
      saving={saving}
      onSubmit={submit}
      savedText={t('plots.protection.saved')}
      saved={saved}
      onDismissSaved={() => setSaved(null)}
    >
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
            terms
              ? t('plots.protection.maximumDescription', {
                  version: terms.version,
                  factor: formatNumber(terms.maxCompensationFactor, language),
                })
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
    </PlotUpdateSection>
  );
}
