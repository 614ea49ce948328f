import { useTranslation } from 'react-i18next';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import { benefitPayFailures } from '@cpbo/schemas/benefit-runs.ts';
import type { BenefitRun } from '../../../api/benefit-runs.ts';
import { formatDateTime } from '../../../common/format/format.ts';
import { useRunFormats } from './run-formats.ts';
import { Section } from '../../../common/ui/section.tsx';

type Payment = NonNullable<BenefitRun['payment']>;

/** What the payment did: the payouts it wrote, and the accepted rows it could not pay, with why. */
export function PaymentReport({ run, payment }: { run: BenefitRun; payment: Payment }) {
  const { t } = useTranslation();
  const formats = useRunFormats(run);
  const notPaid = benefitPayFailures
    .filter((reason) => payment.notPaidByReason[reason] !== undefined)
    .map((reason) =>
      t('benefitRuns.payment.notPaidReason', {
        reason: t(`benefitRuns.payFailures.${reason}`),
        count: payment.notPaidByReason[reason],
      }),
    );
  return (
    <Section
      title={t('benefitRuns.payment.title')}
      description={t('benefitRuns.payment.paidAt', { at: formatDateTime(payment.paidAt) })}
    >
      <KeyValuePairs
        columns={4}
        items={[
          { label: t('benefitRuns.payment.plots'), value: formats.count(payment.paid.plots) },
          { label: t('benefitRuns.payment.members'), value: formats.count(payment.paid.members) },
          { label: t('benefitRuns.payment.amount'), value: formats.amount(payment.paid.amount) },
          {
            label: t('benefitRuns.payment.notPaid'),
            value: [formats.count(payment.notPaid), ...notPaid].join(' · '),
          },
        ]}
      />
    </Section>
  );
}
