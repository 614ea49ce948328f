import { useTranslation } from 'react-i18next';
import Table from '@cloudscape-design/components/table';
import { useCampaigns } from '../../../api/enablers-queries.ts';
import type { AdminEnabler, Campaign } from '../../../api/enablers.ts';
import { formatMonth } from '../../../common/format/format.ts';
import { TableEmptyState } from '../../../common/ui/table-states.tsx';
import { InformationDialog } from '../../../common/ui/information-dialog.tsx';

export interface CampaignsDialogProps {
  /** The enabler whose campaigns to show; null keeps the dialog closed. */
  enabler: AdminEnabler | null;
  onClose: () => void;
}

/** Newest reporting date first, whatever order the answer came in. */
export const newestFirst = (campaigns: readonly Campaign[]): Campaign[] =>
  [...campaigns].sort((a, b) => b.reportingDate.localeCompare(a.reportingDate));

/**
 * MM/YYYY of a reporting date. A calendar date (YYYY-MM-DD) is read as a local date: read as UTC midnight,
 * the first of a month would show as the month before west of Greenwich.
 */
export const reportingMonth = (reportingDate: string): string => {
  const calendarDate = /^(\d{4})-(\d{2})-(\d{2})$/.exec(reportingDate);
  return formatMonth(
    calendarDate
      ? new Date(Number(calendarDate[1]), Number(calendarDate[2]) - 1, Number(calendarDate[3]))
      : reportingDate,
  );
};

/** An enabler's campaigns: name, reporting month (MM/YYYY) and id, or a no-data message. */
export function CampaignsDialog({ enabler, onClose }: CampaignsDialogProps) {
  const { t } = useTranslation();
  // A failure is shown by the error dialog: the table says there is nothing to show.
  const campaigns = useCampaigns(enabler?.id);

  return (
    <InformationDialog
      visible={enabler !== null}
      size="large"
      header={enabler ? t('enablers.campaigns.title', { name: enabler.name }) : ''}
      closeLabel={t('enablers.campaigns.close')}
      onClose={onClose}
    >
      {enabler && (
        <Table
          variant="embedded"
          trackBy="id"
          items={newestFirst(campaigns.data ?? [])}
          loading={campaigns.isPending && !campaigns.isError}
          loadingText={t('enablers.campaigns.loading')}
          ariaLabels={{ tableLabel: t('enablers.campaigns.title', { name: enabler.name }) }}
          empty={<TableEmptyState title={t('enablers.campaigns.empty')} />}
          columnDefinitions={[
            {
              id: 'name',
              header: t('enablers.campaigns.name'),
              cell: (campaign) => campaign.name,
              isRowHeader: true,
            },
            {
              id: 'reportingDate',
              header: t('enablers.campaigns.reportingDate'),
              cell: (campaign) => reportingMonth(campaign.reportingDate),
            },
            {
              id: 'id',
              header: t('enablers.campaigns.id'),
              cell: (campaign) => campaign.id,
            },
          ]}
        />
      )}
    </InformationDialog>
  );
}
