import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import Table from '@cloudscape-design/components/table';
import { listCampaigns, type AdminEnabler, type Campaign } from '../../../api/enablers.ts';
import { formatMonth } from '../../../common/format.ts';

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
  const [campaigns, setCampaigns] = useState<{ enablerId: string; list: Campaign[] } | null>(null);
  const enablerId = enabler?.id;

  useEffect(() => {
    if (!enablerId) return;
    let current = true;
    listCampaigns(enablerId).then(
      (list) => current && setCampaigns({ enablerId, list: newestFirst(list) }),
      // Shown by the error dialog: the table says there is nothing to show.
      () => current && setCampaigns({ enablerId, list: [] }),
    );
    return () => {
      current = false;
    };
  }, [enablerId]);

  // The answer of a previously opened enabler never shows under another one's name.
  const loaded = campaigns !== null && campaigns.enablerId === enablerId;

  return (
    <Modal
      visible={enabler !== null}
      size="large"
      header={enabler ? t('enablers.campaigns.title', { name: enabler.name }) : ''}
      onDismiss={onClose}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onClose}>
            {t('enablers.campaigns.close')}
          </Button>
        </Box>
      }
    >
      {enabler && (
        <Table
          variant="embedded"
          trackBy="id"
          items={loaded ? campaigns.list : []}
          loading={!loaded}
          loadingText={t('enablers.campaigns.loading')}
          ariaLabels={{ tableLabel: t('enablers.campaigns.title', { name: enabler.name }) }}
          empty={
            <Box textAlign="center" color="inherit">
              {t('enablers.campaigns.empty')}
            </Box>
          }
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
    </Modal>
  );
}
