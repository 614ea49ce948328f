import { useTranslation } from 'react-i18next';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { BenefitRun } from '../../../api/benefit-runs.ts';
import { formatDateTime } from '../../../common/format/format.ts';
import { TableEmptyState } from '../../../common/ui/table-states.tsx';
import { useRunFormats } from './run-formats.ts';
import { Section } from '../../../common/ui/section.tsx';

type Preview = NonNullable<BenefitRun['preview']>;
type FederationFigures = Preview['perFederation'][number];

/** What the preview found: plots, members and the total it pays, its refusals and duplicates, per federation. */
export function PreviewSummary({ run, preview }: { run: BenefitRun; preview: Preview }) {
  const { t } = useTranslation();
  const formats = useRunFormats(run);
  const federationName = (entry: FederationFigures) =>
    entry.federation ?? t('benefitRuns.summary.noFederation');
  const { items, collectionProps } = useCollection(preview.perFederation, {
    sorting: { defaultState: { sortingColumn: { sortingField: 'amount' }, isDescending: true } },
  });
  return (
    <Section
      title={t('benefitRuns.summary.title')}
      description={t('benefitRuns.summary.computedAt', { at: formatDateTime(preview.computedAt) })}
    >
      <SpaceBetween size="l">
        <KeyValuePairs
          columns={3}
          items={[
            { label: t('benefitRuns.summary.plots'), value: formats.count(preview.accepted.plots) },
            { label: t('benefitRuns.summary.members'), value: formats.count(preview.accepted.members) },
            {
              label: t('benefitRuns.summary.total'),
              value: (
                <Box fontSize="heading-l" fontWeight="bold">
                  {formats.amount(preview.accepted.amount)}
                </Box>
              ),
            },
            { label: t('benefitRuns.summary.rows'), value: formats.count(preview.rows) },
            { label: t('benefitRuns.summary.refused'), value: formats.count(preview.refused) },
            { label: t('benefitRuns.summary.duplicates'), value: formats.count(preview.duplicates) },
          ]}
        />
        <Table
          {...collectionProps}
          variant="embedded"
          trackBy={federationName}
          items={items}
          ariaLabels={{ tableLabel: t('benefitRuns.summary.perFederation') }}
          header={
            <Header variant="h3" counter={`(${preview.perFederation.length})`}>
              {t('benefitRuns.summary.perFederation')}
            </Header>
          }
          empty={<TableEmptyState title={t('benefitRuns.summary.nothingToPay')} />}
          columnDefinitions={[
            {
              id: 'federation',
              header: t('benefitRuns.rows.columns.federation'),
              isRowHeader: true,
              sortingComparator: (a, b) => federationName(a).localeCompare(federationName(b)),
              cell: federationName,
            },
            {
              id: 'plots',
              header: t('benefitRuns.summary.plots'),
              sortingField: 'plots',
              cell: (entry) => formats.count(entry.plots),
            },
            {
              id: 'members',
              header: t('benefitRuns.summary.members'),
              sortingField: 'members',
              cell: (entry) => formats.count(entry.members),
            },
            {
              id: 'amount',
              header: t('benefitRuns.summary.total'),
              sortingField: 'amount',
              cell: (entry) => formats.amount(entry.amount),
            },
          ]}
        />
      </SpaceBetween>
    </Section>
  );
}
