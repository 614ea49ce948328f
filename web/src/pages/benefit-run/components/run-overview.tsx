import { useTranslation } from 'react-i18next';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { BenefitRun } from '../../../api/benefit-runs.ts';
import { RunState } from '../../../common/benefit-runs/run-state.tsx';
import { formatDate, formatDateTime } from '../../../common/format/format.ts';
import { useRunFormats } from './run-formats.ts';

interface Step {
  id: string;
  label: string;
  by: string | null;
  at: string;
  comment: string | null;
}

/** Each step the run went through, who took it and when, oldest first. */
export const runSteps = (run: BenefitRun, label: (step: string) => string): Step[] => [
  { id: 'uploaded', label: label('uploaded'), by: run.createdBy, at: run.createdAt, comment: null },
  ...(run.preview
    ? [{ id: 'previewed', label: label('previewed'), by: null, at: run.preview.computedAt, comment: null }]
    : []),
  ...(run.review
    ? [
        {
          id: 'reviewed',
          label: label(run.review.decision === 'APPROVED' ? 'approved' : 'rejected'),
          ...run.review,
        },
      ]
    : []),
  ...(run.cancellation ? [{ id: 'cancelled', label: label('cancelled'), ...run.cancellation }] : []),
  // The payouts are recorded in the name of the administrator who approved the run.
  ...(run.payment
    ? [
        {
          id: 'paid',
          label: label('paid'),
          by: run.review?.by ?? null,
          at: run.payment.paidAt,
          comment: null,
        },
      ]
    : []),
  ...(run.failure
    ? [
        {
          id: 'failed',
          label: label(run.failure.in === 'PREVIEW' ? 'previewFailed' : 'paymentFailed'),
          by: null,
          at: run.failure.at,
          comment: null,
        },
      ]
    : []),
];

/** The run's assessment and file, and who did what when. */
export function RunOverview({ run }: { run: BenefitRun }) {
  const { t } = useTranslation();
  const formats = useRunFormats(run);
  const steps = runSteps(run, (step) => t(`benefitRuns.history.steps.${step}`));
  return (
    <Container header={<Header variant="h2">{t('benefitRuns.overview.title')}</Header>}>
      <SpaceBetween size="l">
        <KeyValuePairs
          columns={3}
          items={[
            { label: t('benefitRuns.fields.state'), value: <RunState state={run.state} /> },
            { label: t('benefitRuns.fields.kind'), value: t(`benefitRuns.kinds.${run.kind}`) },
            { label: t('benefitRuns.fields.assessmentId'), value: run.assessmentId },
            { label: t('benefitRuns.fields.assessmentDate'), value: formatDate(run.assessmentDate) },
            { label: t('benefitRuns.fields.fileName'), value: run.fileName ?? '-' },
            {
              label: t('benefitRuns.fields.fileRows'),
              value:
                run.unassessedRows > 0
                  ? t('benefitRuns.fields.fileRowsUnassessed', {
                      rows: formats.count(run.fileRows),
                      unassessed: formats.count(run.unassessedRows),
                    })
                  : formats.count(run.fileRows),
            },
            { label: t('benefitRuns.fields.currency'), value: run.currency ?? '-' },
          ]}
        />
        <Table
          variant="embedded"
          trackBy="id"
          items={steps}
          wrapLines
          ariaLabels={{ tableLabel: t('benefitRuns.history.title') }}
          header={
            <Header variant="h3" counter={`(${steps.length})`}>
              {t('benefitRuns.history.title')}
            </Header>
          }
          columnDefinitions={[
            {
              id: 'step',
              header: t('benefitRuns.history.step'),
              isRowHeader: true,
              cell: (step) => step.label,
            },
            {
              id: 'by',
              header: t('benefitRuns.history.by'),
              cell: (step) => step.by ?? t('benefitRuns.history.job'),
            },
            { id: 'at', header: t('benefitRuns.history.at'), cell: (step) => formatDateTime(step.at) },
            { id: 'comment', header: t('benefitRuns.history.comment'), cell: (step) => step.comment ?? '-' },
          ]}
        />
      </SpaceBetween>
    </Container>
  );
}
